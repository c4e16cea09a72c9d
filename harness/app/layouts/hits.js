/*
 * Layout fixtures' hit log: a capture-phase click listener on the window records which
 * `[data-hit]` element each click landed in (`window.__hits` of the top page; a frame posts its
 * hits to the top). Deterministic, no timestamps. Read through CDP Runtime.evaluate.
 */
(function () {
  'use strict';
  var hits = [];
  var meta = document.querySelector('meta[name="layout-frame"]');
  var frame = meta ? meta.getAttribute('content') : 'top';
  function push(entry) {
    if (window.top === window) hits.push(entry);
    else window.top.postMessage({ layoutHit: entry }, '*');
  }
  window.addEventListener('click', function (event) {
    var path = event.composedPath();
    var landed = null;
    for (var i = 0; i < path.length; i++) {
      var n = path[i];
      if (n && n.nodeType === 1 && n.hasAttribute('data-hit')) { landed = n.getAttribute('data-hit'); break; }
    }
    push({ hit: landed, trusted: event.isTrusted, frame: frame });
  }, true);
  window.addEventListener('change', function (event) {
    var el = event.composedPath()[0];
    if (!el || el.nodeType !== 1 || !el.hasAttribute('data-hit')) return;
    push({ change: el.getAttribute('data-hit'), value: el.type === 'checkbox' ? el.checked : el.value, frame: frame });
  }, true);
  if (window.top === window) {
    window.__hits = hits;
    window.addEventListener('message', function (event) {
      if (event.data && event.data.layoutHit) hits.push(event.data.layoutHit);
    });
  }
})();
