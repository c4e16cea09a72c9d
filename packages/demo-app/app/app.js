/*
 * Sightline fixture mail client: virtualized message list, detail view, reply, modal settings,
 * rerender, shadow DOM widgets and frame journal forwarding. Fixture data only; deterministic.
 */
(function () {
  'use strict';

  var journal = window.sightlineJournal;
  var params = new URLSearchParams(location.search);
  var secondOrigin = (document.querySelector('meta[name="sightline-second-origin"]') || {}).content || '';

  // ---- Fixture data -------------------------------------------------------------------------
  var TOTAL = 5000;
  var ROW_HEIGHT = 40;
  var OVERSCAN = 3;
  var SENDERS = ['Dana Whitfield', 'Omar Haddad', 'Priya Raman', 'Lena Vogel', 'Marcus Bell',
    'Yuki Tanaka', 'Sofia Marin', 'Ada Okafor', 'Tom Eriksen', 'Grace Liu', 'Noah Brandt',
    'Ines Duarte', 'Kofi Mensah', 'Hana Novak', 'Leo Russo', 'Mia Laurent', 'Ravi Patel'];
  var SUBJECTS = ['Invoice for October', 'Standup notes', 'Design review follow-up', 'Travel booking confirmed',
    'Contract renewal', 'Customer feedback summary', 'Release checklist', 'Weekly metrics',
    'Interview schedule', 'Budget questions', 'Server maintenance window', 'Team offsite ideas',
    'Security audit findings', 'Onboarding plan', 'Vendor quote', 'Roadmap draft', 'Bug triage',
    'Office move update', 'Holiday calendar', 'Training session', 'Press inquiry', 'Lunch order',
    'Partner newsletter'];

  function message(index) {
    if (index === 0) {
      return { index: 0, from: 'Dana Whitfield', subject: 'Quarterly planning review', unread: true,
        body: ['Hi team, attached are the numbers for the quarterly planning review. Please read the summary before Thursday.',
          'Revenue is ahead of plan in two regions; hiring is behind in support. We will decide on the office move.'] };
    }
    var from = SENDERS[(index * 7) % SENDERS.length];
    var subject = SUBJECTS[(index * 11) % SUBJECTS.length] + ' #' + (TOTAL - index);
    return { index: index, from: from, subject: subject, unread: index % 3 === 0,
      body: ['Message ' + (TOTAL - index) + ' from ' + from + ' about ' + subject.toLowerCase() + '.',
        'This is fixture text; nothing here is real. Reply if you have questions.'] };
  }

  function emailOf(name) { return name.toLowerCase().replace(/ /g, '.') + '@example.test'; }

  var ORDERS = {
    newest: function (a, b) { return a - b; },
    oldest: function (a, b) { return b - a; },
    unread: function (a, b) { return (message(b).unread - message(a).unread) || a - b; },
    sender: function (a, b) { return message(a).from.localeCompare(message(b).from) || a - b; },
  };
  var order = [];
  function sortBy(key) {
    order = [];
    for (var i = 0; i < TOTAL; i++) order.push(i);
    order.sort(ORDERS[key] || ORDERS.newest);
  }

  // ---- Status line ----------------------------------------------------------------------------
  function setStatus(text) { document.getElementById('status').textContent = text; }

  // ---- Virtualized list -----------------------------------------------------------------------
  var scroller = document.getElementById('message-scroller');
  var list = document.getElementById('message-list');
  var selected = 0;
  var rendered = { first: -1, last: -1 };
  list.style.height = TOTAL * ROW_HEIGHT + 'px';

  function renderRows(force) {
    var top = scroller.scrollTop;
    var first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    var last = Math.min(TOTAL - 1, Math.ceil((top + scroller.clientHeight) / ROW_HEIGHT) + OVERSCAN - 1);
    if (!force && first === rendered.first && last === rendered.last) return;
    rendered = { first: first, last: last };
    var fragment = document.createDocumentFragment();
    for (var pos = first; pos <= last; pos++) {
      var m = message(order[pos]);
      var row = document.createElement('div');
      row.className = 'row' + (m.unread ? ' unread' : '');
      row.setAttribute('role', 'option');
      row.setAttribute('aria-selected', String(m.index === selected));
      row.setAttribute('aria-posinset', String(pos + 1));
      row.setAttribute('aria-setsize', String(TOTAL));
      row.tabIndex = -1;
      row.dataset.index = String(m.index);
      row.style.top = pos * ROW_HEIGHT + 'px';
      var from = document.createElement('span');
      from.className = 'from';
      from.textContent = m.from;
      row.appendChild(from);
      row.appendChild(document.createTextNode(' ' + m.subject));
      fragment.appendChild(row);
    }
    list.replaceChildren(fragment);
  }

  var programmaticScrollTop = null;
  scroller.addEventListener('scroll', function () {
    renderRows(false);
    if (programmaticScrollTop !== null && Math.round(scroller.scrollTop) === programmaticScrollTop) {
      programmaticScrollTop = null;
      return;
    }
    journal.record({ type: 'scroll', target: 'Messages', scrollTop: Math.round(scroller.scrollTop),
      firstRow: Math.floor(scroller.scrollTop / ROW_HEIGHT) });
  });

  window.addEventListener('scroll', function () {
    journal.record({ type: 'scroll', target: 'page', scrollY: Math.round(window.scrollY) });
  });

  function openMessage(index, via) {
    selected = index;
    var m = message(index);
    var view = document.getElementById('detail-view');
    view.querySelector('#subject').textContent = m.subject;
    view.querySelector('#meta').textContent = 'From ' + m.from + ' <' + emailOf(m.from) + '> · to you';
    var body = view.querySelector('#message-body');
    body.replaceChildren.apply(body, m.body.map(function (t) {
      var p = document.createElement('p'); p.textContent = t; return p;
    }));
    renderRows(true);
    if (via) journal.record({ type: 'open_message', index: index, subject: m.subject, via: via });
  }

  list.addEventListener('click', function (event) {
    var row = event.target.closest('[role="option"]');
    if (row) openMessage(Number(row.dataset.index), 'click');
  });
  list.addEventListener('keydown', function (event) {
    var row = event.target.closest('[role="option"]');
    if (row && event.key === 'Enter') openMessage(Number(row.dataset.index), 'keyboard');
  });

  // ---- Detail actions -------------------------------------------------------------------------
  var generation = 0;
  function rerender() {
    var old = document.getElementById('detail-view');
    var focusedId = old.contains(document.activeElement) ? document.activeElement.id : null;
    var fresh = old.cloneNode(true);
    var oldFields = old.querySelectorAll('input, textarea, select');
    var newFields = fresh.querySelectorAll('input, textarea, select');
    for (var i = 0; i < oldFields.length; i++) {
      if (oldFields[i].type === 'checkbox' || oldFields[i].type === 'radio') newFields[i].checked = oldFields[i].checked;
      else newFields[i].value = oldFields[i].value;
    }
    old.replaceWith(fresh);
    if (focusedId) document.getElementById(focusedId).focus();
    generation += 1;
    journal.record({ type: 'rerender', generation: generation });
  }

  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button');
    if (!button) return;
    if (button.id === 'send') {
      var text = document.getElementById('reply-body').value;
      journal.record({ type: 'send', text: text });
      document.getElementById('send-status').textContent = 'Reply sent (' + text.length + ' characters)';
    } else if (button.id === 'rerender') {
      rerender();
    } else if (button.id === 'open-settings') {
      openDialog('button');
    } else if (button.id === 'close-settings' || button.id === 'save-settings') {
      closeDialog(button.textContent.trim());
    } else if (button.dataset.action === 'archive') {
      var region = button.closest('[role="region"]').getAttribute('aria-label');
      setStatus('Archived from ' + region);
    } else if (button.dataset.action === 'mark-read') {
      setStatus('Marked as read');
    } else if (button.dataset.action === 'delete') {
      setStatus('Moved to trash');
    } else if (button.closest('#more-actions')) {
      setStatus(button.textContent.trim() + ' is not available in the fixture');
    }
  });

  document.getElementById('sort-select').addEventListener('change', function (event) {
    sortBy(event.target.value);
    scroller.scrollTop = 0;
    renderRows(true);
  });

  document.getElementById('search-form').addEventListener('submit', function () {
    var query = document.getElementById('search-input').value;
    setStatus('Results for "' + query + '"');
  });

  // ---- Modal dialog ---------------------------------------------------------------------------
  var backdrop = document.getElementById('settings-backdrop');
  var dialog = document.getElementById('settings-dialog');
  function openDialog(via) {
    if (!dialog.hidden) return;
    backdrop.hidden = false;
    dialog.hidden = false;
    document.getElementById('shortcuts-checkbox').focus();
    journal.record({ type: 'dialog', target: 'Settings', state: 'open', via: via });
  }
  function closeDialog(via) {
    if (dialog.hidden) return;
    backdrop.hidden = true;
    dialog.hidden = true;
    document.getElementById('open-settings').focus();
    journal.record({ type: 'dialog', target: 'Settings', state: 'closed', via: via });
  }
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') closeDialog('Escape');
  });

  // ---- Frames forward their journal entries ---------------------------------------------------
  window.addEventListener('message', function (event) {
    if (event.origin !== location.origin && event.origin !== secondOrigin) return;
    var data = event.data;
    if (!data || data.sightline !== 'journal' || !data.entry || typeof data.entry !== 'object') return;
    journal.record(data.entry);
  });

  // ---- Shadow DOM widgets ---------------------------------------------------------------------
  var SHADOW_STYLE = '<style>:host{display:block;font:13px/1.4 "DejaVu Sans",Arial,sans-serif}' +
    '.card{border:1px solid #d3d9e3;border-radius:6px;padding:8px 10px;background:#fff}' +
    'button{font:inherit;padding:3px 10px;border:1px solid #9aa5b8;border-radius:4px;background:#f7f8fb}' +
    'p{margin:4px 0}</style>';

  class ContactCard extends HTMLElement {
    connectedCallback() {
      if (this.shadowRoot) return;
      var root = this.attachShadow({ mode: 'open' });
      root.innerHTML = SHADOW_STYLE + '<div class="card" role="group" aria-label="Sender contact">' +
        '<p><strong>Dana Whitfield</strong> · Product lead</p><sl-contact-actions></sl-contact-actions></div>';
    }
  }

  class ContactActions extends HTMLElement {
    connectedCallback() {
      if (this.shadowRoot) return;
      var root = this.attachShadow({ mode: 'open' });
      root.innerHTML = SHADOW_STYLE + '<p id="contact-email">dana.whitfield@example.test</p>' +
        '<button type="button" aria-describedby="contact-email">Call sender</button>';
    }
  }

  // The closed root is kept only in this closure: page scripts (and tests) cannot reach it.
  class SecureNote extends HTMLElement {
    connectedCallback() {
      if (this.dataset.ready) return;
      this.dataset.ready = 'true';
      var root = this.attachShadow({ mode: 'closed' });
      root.innerHTML = SHADOW_STYLE + '<div class="card" role="group" aria-label="Secure note">' +
        '<p>Encrypted note from Dana</p><p id="note-text">Note text is hidden until revealed.</p>' +
        '<button type="button">Reveal note</button></div>';
      var noteText = root.getElementById('note-text');
      root.querySelector('button').addEventListener('click', function (event) {
        noteText.textContent = 'Budget figures are final.';
        journal.record({ type: 'click', target: 'Reveal note', trusted: event.isTrusted, shadow: 'closed' });
      });
    }
  }

  customElements.define('sl-contact-actions', ContactActions);
  customElements.define('sl-contact-card', ContactCard);
  customElements.define('sl-secure-note', SecureNote);

  // ---- Start ----------------------------------------------------------------------------------
  sortBy(params.get('sort') || 'newest');
  if (params.get('sort')) document.getElementById('sort-select').value = params.get('sort');
  var initial = Number(params.get('message') || 0);
  if (initial > 0 && initial < TOTAL) {
    openMessage(initial, null);
    scroller.scrollTop = order.indexOf(initial) * ROW_HEIGHT;
    programmaticScrollTop = Math.round(scroller.scrollTop);
  }
  renderRows(true);
  if (params.get('modal') === '1') openDialog('url');
})();
