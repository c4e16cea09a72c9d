/*
 * Event log of the SPEC §12 verb pages: capture-phase listeners on the document record where each
 * event landed, in window.__log (read by the E2E rows over their own CDP connection).
 * Deterministic: no timestamps.
 */
(function () {
  'use strict';
  var log = [];
  window.__log = log;
  function nameOf(el) {
    if (!el || el.nodeType !== 1) return el === document ? '#document' : '';
    return el.getAttribute('aria-label') || el.getAttribute('data-name') || (el.textContent || '').trim().slice(0, 40) || el.id || el.localName;
  }
  window.__logEvent = function (entry) { log.push(entry); };
  var watched = (document.documentElement.getAttribute('data-log') || '').split(/\s+/).filter(Boolean);
  watched.forEach(function (type) {
    document.addEventListener(type, function (event) {
      var entry = { type: type, target: nameOf(event.target), trusted: event.isTrusted };
      if (event instanceof MouseEvent) {
        entry.button = event.button;
        entry.buttons = event.buttons;
        entry.detail = event.detail;
        entry.shiftKey = event.shiftKey;
        entry.ctrlKey = event.ctrlKey;
        entry.altKey = event.altKey;
        entry.metaKey = event.metaKey;
      }
      if (event instanceof KeyboardEvent) entry.key = event.key;
      if (event instanceof InputEvent) entry.inputType = event.inputType;
      log.push(entry);
    }, true);
  });
})();
