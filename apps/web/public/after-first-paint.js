/* global window, document */
// Starts the app's scripts only once a prerendered page (/login, /search, /profile/salary:
// apps/web/scripts/prerender.mjs) is on screen: on a slow connection the stylesheets then have the line
// to themselves and the page paints a good second earlier; the scripts (named by this tag's data
// attributes) follow at once.
// Served as a file because the CSP forbids inline scripts.
(function () {
  var tag = document.currentScript;
  var entry = tag && tag.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;

  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }

  // The task after the next frame comes after its paint; a tab in the background has no frames.
  window.requestAnimationFrame(function () {
    window.setTimeout(start, 0);
  });
  window.setTimeout(start, 200);
})();
