/* global window, document */
// Runs in the head, before the first paint; a file because the CSP forbids inline scripts.
// - Applies the colour scheme remembered by Mantine's localStorage manager, so dark-mode users see no
//   light flash.
// - A page prerendered in German (/login, /search, /profile/salary, a vehicle: apps/web/scripts/prerender.mjs) is
//   hidden for a browser that chose English, until the app renders it in that language (global.css). A
//   signed-in page's is hidden without a stored session too, as the app sends that visitor to /login,
//   and with a query in the address (a filtered search), which the snapshot does not show.
// - A page that names its texts (data-translations, the signed-in first views of
//   apps/web/scripts/prerender.mjs) gets them started now, in the chosen language and the German
//   fallback, instead of once the scripts have run; i18next's requests then find them under way.
// - A page that names its first requests (data-first-requests) gets them sent now with the stored session.
// - A prerendered form is not sent by the browser itself (a sign-in would put the password into the
//   address): the submission is held and marked, and the app sends it once it has taken over
//   (src/lib/prerendered.ts).
(function () {
  var root = document.documentElement;
  var scheme = 'light';
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    if (stored === 'light' || stored === 'dark') scheme = stored;
    else if (stored === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    // Storage can be blocked (privacy mode); the light default is fine then.
  }
  root.setAttribute('data-mantine-color-scheme', scheme);
  var language = 'de';
  var signedIn = false;
  var accessToken = null;
  try {
    language = window.localStorage.getItem('language') === 'en' ? 'en' : 'de';
    var authData = window.localStorage.getItem('authData');
    signedIn = authData !== null;
    accessToken = signedIn ? JSON.parse(authData).accessToken : null;
  } catch {
    // Without storage the language is German, as prerendered, and there is no session.
  }
  if (language !== 'de' || ((!signedIn || window.location.search) && root.hasAttribute('data-signed-in-only'))) {
    root.setAttribute('data-hide-prerendered', '');
  }
  var translations = (root.getAttribute('data-translations') || '').split(' ').filter(Boolean);
  (language === 'de' ? ['de'] : [language, 'de']).forEach(function (lng) {
    translations.forEach(function (ns) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
      link.href = '/locales/' + lng + '/' + ns + '.json';
      document.head.appendChild(link);
    });
  });
  // The page's first data (data-first-requests, `{n}` standing for the address's n-th segment) is asked
  // for now, with the stored session, instead of once the scripts have run; the app's API client takes
  // each answer over once (src/lib/first-requests.ts). A filtered address asks for other data: none then.
  var requests = (root.getAttribute('data-first-requests') || '').split(' ').filter(Boolean);
  if (typeof accessToken === 'string' && !window.location.search && window.fetch) {
    var segments = window.location.pathname.split('/');
    var started = {};
    requests.forEach(function (template) {
      var complete = true;
      var url = template.replace(/\{(\d+)\}/g, function (_match, index) {
        var segment = segments[Number(index)];
        if (!segment || !/^[\w-]+$/.test(segment)) complete = false;
        return segment || '';
      });
      if (!complete) return;
      var response = window.fetch(url, {
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + accessToken },
        credentials: 'same-origin',
      });
      // An answer nobody takes over (the app asked with a renewed token) may fail unread: not an error.
      response.catch(function () {});
      started[url] = { token: accessToken, response: response };
    });
    window.leasingFirstRequests = started;
  }
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (!form || !form.closest || !form.closest('[data-prerendered]')) return;
      event.preventDefault();
      form.setAttribute('data-submit-pending', '');
    },
    true,
  );
})();
