/* global window, document */
// Applies the colour scheme remembered by Mantine's localStorage manager before React starts,
// so dark-mode users see no light flash. Served as a file because the CSP forbids inline scripts.
(function () {
  var scheme = 'light';
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    if (stored === 'light' || stored === 'dark') scheme = stored;
    else if (stored === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    // Storage can be blocked (privacy mode); the light default is fine then.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
