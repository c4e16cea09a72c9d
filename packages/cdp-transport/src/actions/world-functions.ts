/**
 * Function declarations the action code runs in the collector's isolated world through
 * `Runtime.callFunctionOn` (never in the page's main world, so page scripts cannot patch what they
 * call). Plain JavaScript strings: this package compiles without the DOM lib, and a string cannot
 * be changed by a bundler or coverage tool on the way to the page.
 */

/** Shared helpers, prepended to every function body that needs them. */
const COMPOSED = `
  const parentOf = (n) => { const p = n.assignedSlot || n.parentNode; if (!p) return null; return p.nodeType === 11 ? (p.host || null) : p; };
  const contains = (ancestor, n) => { for (let c = n; c; c = parentOf(c)) if (c === ancestor) return true; return false; };`;

/** `this` = the target node, `hit` = the hit-tested node: is the hit the target or inside it? */
export const HIT_INSIDE = `function(hit){${COMPOSED}
  return contains(this, hit);
}`;

/**
 * `this` = the element a click would land on, `target` = the node we meant (null when it lives
 * in another frame). Picks what to name as
 * the covering element: the outermost positioned overlay (fixed/absolute/sticky, or a dialog)
 * around the hit that does not contain the target; when that overlay has no name of its own (a
 * modal backdrop), the open modal dialog it belongs to. Returns the element.
 */
export const COVERING_ELEMENT = `function(target){${COMPOSED}
  const start = this.nodeType === 1 ? this : parentOf(this);
  let overlay = null;
  for (let c = start; c && c.nodeType === 1; c = parentOf(c)) {
    if (contains(c, target)) break;
    const position = getComputedStyle(c).position;
    if (position === 'fixed' || position === 'absolute' || position === 'sticky' || c.localName === 'dialog' || c.getAttribute('role') === 'dialog' || c.getAttribute('role') === 'alertdialog') overlay = c;
  }
  const chosen = overlay || start || this;
  const named = (e) => !!(e.getAttribute && (e.getAttribute('aria-label') || e.getAttribute('aria-labelledby') || e.getAttribute('title') || e.getAttribute('role'))) || ((e.textContent || '').trim() !== '');
  if (!named(chosen)) {
    const root = target && target.getRootNode ? target.getRootNode() : document;
    const docs = root === document ? [document] : [root, document];
    for (const d of docs) {
      const modal = d.querySelector('dialog[open], [role=dialog][aria-modal=true], [role=alertdialog][aria-modal=true]');
      if (modal && !modal.hidden && !contains(modal, target) && modal.getClientRects().length > 0) return modal;
    }
  }
  return chosen;
}`;

/** Fallback name of an element when the accessibility tree gives none: `{role, name}`. */
export const PLAIN_DESCRIPTION = `function(){
  const e = this.nodeType === 1 ? this : this.parentElement;
  if (!e) return { role: 'generic', name: '' };
  const role = e.getAttribute('role') || (e.localName === 'dialog' ? 'dialog' : 'generic');
  const label = e.getAttribute('aria-label') || e.getAttribute('title') || (e.textContent || '').replace(/\\s+/g, ' ').trim();
  return { role, name: label.length > 80 ? label.slice(0, 79) + '…' : label };
}`;

/**
 * Starts observing the document (and the target, when given) for an action's effect. Returns a
 * token; `READ_PROBE` answers whether anything changed since.
 */
export const INSTALL_PROBE = `function(target){
  const state = () => {
    const t = target && target.nodeType === 1 ? target : null;
    const scroller = document.scrollingElement || document.documentElement;
    return JSON.stringify([
      document.URL, document.activeElement && document.activeElement.localName, scroller ? [scroller.scrollTop, scroller.scrollLeft] : null,
      t ? [t.value, t.checked, t.selectedIndex, t.scrollTop, t.scrollLeft, t.isConnected] : null,
    ]);
  };
  const probes = globalThis.__sightlineProbes || (globalThis.__sightlineProbes = new Map());
  const token = (globalThis.__sightlineProbeNext = (globalThis.__sightlineProbeNext || 0) + 1);
  const probe = { mutations: 0, before: state(), state, active: document.activeElement };
  probe.observer = new MutationObserver((records) => { probe.mutations += records.length; });
  probe.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  probes.set(token, probe);
  return token;
}`;

export const READ_PROBE = `function(token){
  const probes = globalThis.__sightlineProbes;
  const probe = probes && probes.get(token);
  if (!probe) return 'unknown';
  probes.delete(token);
  probe.mutations += probe.observer.takeRecords().length;
  probe.observer.disconnect();
  const changed = probe.mutations > 0 || probe.state() !== probe.before || document.activeElement !== probe.active;
  return changed ? 'changed' : 'unchanged';
}`;

/**
 * `this` = an editable element: select all of its content so the next insertion replaces it.
 * Returns false when it holds nothing to select the standard way (the caller falls back to the
 * editing command).
 */
export const SELECT_CONTENT = `function(){
  const e = this;
  if (e.localName === 'textarea' || e.localName === 'input') {
    try { e.select(); return true; } catch { /* not selectable */ }
    try { e.setSelectionRange(0, e.value.length); return true; } catch { return false; }
  }
  if (e.isContentEditable) {
    const selection = e.ownerDocument.getSelection();
    const range = e.ownerDocument.createRange();
    range.selectNodeContents(e);
    selection.removeAllRanges();
    selection.addRange(range);
    return true;
  }
  return false;
}`;

/** Whether `this` is the focused element of its document (through shadow roots). */
export const IS_FOCUSED = `function(){
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  if (active === this) return true;
  const root = this.getRootNode();
  return root !== document && root.activeElement === this;
}`;

/**
 * `this` = a <select>: choose the options whose value or label equals one of `values`, then fire
 * `input` and `change` like a user's choice. Answers `{missing}` (nothing changed), `{tooMany}`,
 * `{notSelect}` or `{changed}`.
 */
export const SELECT_OPTIONS = `function(values){
  if (this.localName !== 'select') return { notSelect: true };
  const options = Array.from(this.options);
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const picked = [];
  const missing = [];
  for (const value of values) {
    const option = options.find((o) => o.value === value) || options.find((o) => norm(o.label) === norm(value)) || options.find((o) => norm(o.textContent) === norm(value));
    if (!option || option.disabled) missing.push(value);
    else if (!picked.includes(option)) picked.push(option);
  }
  if (missing.length > 0) return { missing };
  if (!this.multiple && picked.length > 1) return { tooMany: true };
  const before = options.map((o) => o.selected);
  if (this.multiple) for (const o of options) o.selected = picked.includes(o);
  else this.selectedIndex = options.indexOf(picked[0]);
  this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
  return { changed: options.some((o, i) => o.selected !== before[i]) };
}`;

/**
 * `this` = a custom listbox: the `[role=option]` elements (inside it, through open shadow roots)
 * whose value, label or text equals each of `values`; `{missing}` when one has none.
 */
export const FIND_OPTIONS = `function(values, wantElements){
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const all = [];
  const visit = (root) => { for (const e of root.querySelectorAll('*')) { if (e.getAttribute('role') === 'option') all.push(e); if (e.shadowRoot) visit(e.shadowRoot); } };
  visit(this);
  const disabled = (o) => o.getAttribute('aria-disabled') === 'true';
  const picked = [];
  const missing = [];
  for (const value of values) {
    const option = all.find((o) => o.getAttribute('data-value') === value || o.getAttribute('value') === value)
      || all.find((o) => norm(o.getAttribute('aria-label')) === norm(value))
      || all.find((o) => norm(o.textContent) === norm(value));
    if (!option || disabled(option)) missing.push(value);
    else picked.push(option);
  }
  if (wantElements) return picked;
  return { missing };
}`;

/**
 * `this` = a node (or null for the page): scroll its scroll container — the node itself when it
 * scrolls on that axis, else its nearest scrolling ancestor, else the document — by (dx, dy).
 * Answers `{moved}`.
 */
export const SCROLL_BY = `function(dx, dy){${COMPOSED}
  const page = document.scrollingElement || document.documentElement;
  const scrolls = (e) => {
    if (e === page) return true;
    const style = getComputedStyle(e);
    const y = dy !== 0 && e.scrollHeight > e.clientHeight && /(auto|scroll|overlay)/.test(style.overflowY);
    const x = dx !== 0 && e.scrollWidth > e.clientWidth && /(auto|scroll|overlay)/.test(style.overflowX);
    return x || y;
  };
  let container = page;
  if (this && this.nodeType) {
    for (let c = this.nodeType === 1 ? this : parentOf(this); c && c.nodeType === 1; c = parentOf(c)) {
      if (scrolls(c)) { container = c; break; }
    }
  }
  const before = [container.scrollLeft, container.scrollTop];
  container.scrollBy({ left: dx, top: dy, behavior: 'instant' });
  return { moved: container.scrollLeft !== before[0] || container.scrollTop !== before[1] };
}`;

/**
 * `this` = a click target: the key that activates it like a click, when it has one (SPEC §6
 * decision, keyboard delivery). Native controls first: `<button>`, `<a href>`/`<area href>`,
 * `<input>` submit/button/reset (Enter) and checkbox/radio (Space — Enter on those would submit
 * their form), a `<details>`' own `<summary>` (Enter). Then focusable (`tabindex`) elements with
 * role button, link, menuitem, tab, option (Enter) or checkbox, radio, switch (Space): there the
 * page's own key handling decides, as it does for a keyboard user (`custom: true`). Anything else
 * (disabled, inert, a plain element with a click handler, a file input, a select…) has none.
 * Answers `{key: 'Enter'|'Space', custom}` or null.
 */
export const ACTIVATION_KEY = `function(){
  const e = this;
  if (!e || e.nodeType !== 1) return null;
  if (e.matches(':disabled') || e.closest('[inert]') || e.getAttribute('aria-disabled') === 'true') return null;
  if (e.namespaceURI === 'http://www.w3.org/1999/xhtml') {
    const tag = e.localName;
    if (tag === 'button') return { key: 'Enter', custom: false };
    if ((tag === 'a' || tag === 'area') && e.hasAttribute('href')) return { key: 'Enter', custom: false };
    if (tag === 'input') {
      const type = e.type;
      if (type === 'checkbox' || type === 'radio') return { key: 'Space', custom: false };
      if (type === 'submit' || type === 'button' || type === 'reset') return { key: 'Enter', custom: false };
      return null;
    }
    if (tag === 'summary') {
      const details = e.parentElement;
      return details && details.localName === 'details' && details.querySelector(':scope > summary') === e ? { key: 'Enter', custom: false } : null;
    }
  }
  const KEYS = { button: 'Enter', link: 'Enter', menuitem: 'Enter', tab: 'Enter', option: 'Enter', checkbox: 'Space', radio: 'Space', switch: 'Space' };
  const role = (e.getAttribute('role') || '').trim().split(/\\s+/)[0];
  const key = KEYS[role];
  if (!key) return null;
  const tabindex = e.getAttribute('tabindex');
  return tabindex !== null && /^\\s*[+-]?\\d+\\s*$/.test(tabindex) ? { key, custom: true } : null;
}`;

/**
 * `this` = a custom (ARIA-role) control about to get a Space key: while the key is delivered,
 * cancel the browser's default for Space on it (scrolling the page), so a control that ignores
 * Space does not scroll the page instead. A bubbling `keypress` listener on the window (after the
 * page's own handlers), installed until `RELEASE_SPACE_GUARD`.
 */
export const GUARD_SPACE = `function(){
  const target = this;
  const view = target.ownerDocument.defaultView;
  const root = target.getRootNode();
  const guard = (event) => { if (event.key === ' ' && (root.activeElement === target || document.activeElement === target)) event.preventDefault(); };
  view.addEventListener('keypress', guard);
  globalThis.__sightlineSpaceGuard = () => view.removeEventListener('keypress', guard);
  return true;
}`;

export const RELEASE_SPACE_GUARD = `function(){
  const release = globalThis.__sightlineSpaceGuard;
  globalThis.__sightlineSpaceGuard = null;
  if (release) release();
  return true;
}`;
