/*
 * Sightline fixture journal. Every page of the fixture loads this first.
 *
 * It keeps one JSON object per user action in <pre id="sightline-journal"> (one per line) so that
 * tests can read what really reached the page. Deterministic: no timestamps, no randomness.
 * Consecutive `type` entries for the same control (and `scroll` entries for the same container)
 * are coalesced into one entry holding the final value. Entries recorded inside a frame are also
 * forwarded to the parent page, which appends them with `"frame": "<name>"`.
 */
(function () {
  'use strict';

  var entries = [];
  var COALESCED = { type: true, scroll: true };

  function journalElement() {
    var el = document.getElementById('sightline-journal');
    if (!el) {
      el = document.createElement('pre');
      el.id = 'sightline-journal';
      el.hidden = true;
      (document.body || document.documentElement).appendChild(el);
    }
    return el;
  }

  function flush() {
    journalElement().textContent = entries.map(function (e) { return JSON.stringify(e); }).join('\n') +
      (entries.length ? '\n' : '');
  }

  function frameName() {
    var meta = document.querySelector('meta[name="sightline-frame"]');
    return meta ? meta.getAttribute('content') : null;
  }

  function record(entry) {
    var last = entries[entries.length - 1];
    if (last && COALESCED[entry.type] && last.type === entry.type && last.target === entry.target &&
        last.frame === entry.frame) {
      var kept = { seq: last.seq };
      Object.keys(entry).forEach(function (k) { kept[k] = entry[k]; });
      entries[entries.length - 1] = kept;
    } else {
      var fresh = { seq: entries.length + 1 };
      Object.keys(entry).forEach(function (k) { fresh[k] = entry[k]; });
      entries.push(fresh);
    }
    flush();
    var name = frameName();
    if (name && window.parent !== window) {
      var forwarded = {};
      Object.keys(entry).forEach(function (k) { forwarded[k] = entry[k]; });
      forwarded.frame = name;
      window.parent.postMessage({ sightline: 'journal', entry: forwarded }, '*');
    }
  }

  function text(node) {
    return (node && node.textContent ? node.textContent : '').replace(/\s+/g, ' ').trim();
  }

  /** A small accessible-name approximation, enough to name fixture controls in the journal. */
  function nameOf(el) {
    if (!el || el.nodeType !== 1) return '';
    var label = el.getAttribute('aria-label');
    if (label) return label.trim();
    var by = el.getAttribute('aria-labelledby');
    if (by) {
      var root = el.getRootNode();
      var parts = by.split(/\s+/).map(function (id) {
        return text(root.getElementById ? root.getElementById(id) : document.getElementById(id));
      });
      var joined = parts.join(' ').trim();
      if (joined) return joined;
    }
    if (el.labels && el.labels.length) return text(el.labels[0]);
    var tag = el.tagName;
    if (tag === 'BUTTON' || tag === 'A' || el.getAttribute('role')) return text(el);
    return el.getAttribute('placeholder') || el.getAttribute('name') || el.id || tag.toLowerCase();
  }

  function isSecret(el) {
    if (el.type === 'password') return true;
    var ac = (el.getAttribute('autocomplete') || '').toLowerCase();
    return /(^|\s)(one-time-code|cc-[a-z-]+|[a-z-]*-password)(\s|$)/.test(ac);
  }

  function regionOf(el) {
    var region = el.closest('[role="region"]');
    return region ? region.getAttribute('aria-label') : null;
  }

  function withContext(entry, el) {
    var region = regionOf(el);
    if (region) entry.region = region;
    var root = el.getRootNode();
    if (root && root !== document && root.host) entry.shadow = root.mode;
    return entry;
  }

  function actionable(event) {
    var path = event.composedPath ? event.composedPath() : [event.target];
    for (var i = 0; i < path.length; i++) {
      var n = path[i];
      if (!n || n.nodeType !== 1) continue;
      if (n.tagName === 'BUTTON' || (n.tagName === 'A' && n.hasAttribute('href'))) return n;
      if (n.tagName === 'INPUT' && (n.type === 'checkbox' || n.type === 'radio' || n.type === 'submit' || n.type === 'button')) return n;
      if (n.getAttribute('role') === 'option' || n.getAttribute('role') === 'button') return null;
    }
    return null;
  }

  document.addEventListener('click', function (event) {
    var el = actionable(event);
    if (!el) return;
    record(withContext({ type: 'click', target: nameOf(el), trusted: event.isTrusted }, el));
  });

  document.addEventListener('input', function (event) {
    var el = event.composedPath ? event.composedPath()[0] : event.target;
    if (!el || (el.tagName !== 'TEXTAREA' && el.tagName !== 'INPUT')) return;
    if (el.type === 'checkbox' || el.type === 'radio') return;
    var entry = { type: 'type', target: nameOf(el) };
    if (isSecret(el)) entry.length = el.value.length; else entry.value = el.value;
    entry.trusted = event.isTrusted;
    record(withContext(entry, el));
  });

  document.addEventListener('change', function (event) {
    var el = event.composedPath ? event.composedPath()[0] : event.target;
    if (!el) return;
    if (el.tagName === 'SELECT') {
      record(withContext({ type: 'select', target: nameOf(el), value: el.value }, el));
    } else if (el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio')) {
      record(withContext({ type: 'check', target: nameOf(el), checked: el.checked }, el));
    }
  });

  document.addEventListener('submit', function (event) {
    var form = event.target;
    event.preventDefault();
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === 'submit' || el.type === 'button') return;
      fields[el.name] = isSecret(el) ? '(redacted)' : el.value;
    });
    record({ type: 'submit', form: nameOf(form), fields: fields });
  });

  window.sightlineJournal = {
    record: record,
    nameOf: nameOf,
    entries: function () { return entries.map(function (e) { return JSON.parse(JSON.stringify(e)); }); },
  };
})();
