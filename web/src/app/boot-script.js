/* global location, document, window, __ROUTES__, __CALLS__ */
/**
 * The first script of index.html (a small classic script, written inline into the built index.html by
 * vite.config.ts's `bootScript`, which replaces the two placeholders). Before the app's code has arrived it
 *   - asks for the start page's chunks and CSS (`<link rel="modulepreload">`), so they download beside the
 *     entry instead of after it,
 *   - and, with a stored session, starts the page's first API calls, which `lib/boot-fetch.ts` hands to the
 *     API client when it makes the same call (once, within 30 s).
 */
(function (routes, calls) {
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var token = localStorage.getItem('login_token');
  // An expired session (or one without `exp`) is no session: the app signs it out, so nothing is sent with it.
  if (token && !unexpired(token)) token = null;
  var inApp =
    /^\/(dashboard|restock|expenses|requisitions|b2b-movement|vendor-registration|vendor-product-upload)(\/|$)/.test(
      path,
    );
  var files = routes[path] || (inApp ? routes['*app'] : null) || [];
  // Without a session the app goes to the login page: only the shell is worth fetching.
  if (inApp && !token) files = routes['*app'] || [];
  for (var i = 0; i < files.length; i++) {
    var link = document.createElement('link');
    var css = /\.css$/.test(files[i]);
    link.rel = css ? 'stylesheet' : 'modulepreload';
    if (!css) link.crossOrigin = '';
    link.href = files[i];
    document.head.appendChild(link);
  }
  if (!token || !inApp || !window.fetch) return;
  var urls = (calls['*app'] || []).concat(calls[path] || []);
  // '<path> <key>': a call only a holder of the key may make (the MD holds every key; 'md': the MD's only), so
  // no refused call is started for an employee without it.
  var isMd = (localStorage.getItem('role') || '').toLowerCase() === 'md';
  var granted = readList(localStorage.getItem('permissions'));
  for (var key in calls) {
    var needs = key.slice(path.length + 1);
    if (key.indexOf(path + ' ') !== 0 || needs.indexOf(' ') >= 0) continue;
    if (
      isMd ||
      (needs !== 'md' && (granted.indexOf(needs) >= 0 || granted.indexOf('admin.full_access') >= 0))
    )
      urls = urls.concat(calls[key]);
  }
  var started = { token: token, at: Date.now(), responses: {} };
  for (var j = 0; j < urls.length; j++) {
    started.responses[urls[j]] = fetch(urls[j], {
      headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
    }).catch(function () {
      return null;
    });
  }
  window.__bootFetches = started;

  function readList(text) {
    try {
      var list = JSON.parse(text || '[]');
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  }

  function unexpired(jwt) {
    try {
      var claims = JSON.parse(atob(jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      return typeof claims.exp === 'number' && claims.exp * 1000 > Date.now();
    } catch {
      return false;
    }
  }
})(__ROUTES__, __CALLS__);
