import { isDisclosureSummary } from '../dom/details.js';
import type { Activation } from '../wire/action-answers.js';

const HTML = 'http://www.w3.org/1999/xhtml';
const ROLE_KEYS: Record<string, Activation['key']> = { button: 'Enter', link: 'Enter', menuitem: 'Enter', tab: 'Enter', option: 'Enter', checkbox: 'Space', radio: 'Space', switch: 'Space' };

/**
 * The key that activates a click target like a click, when it has one (SPEC §6 decision, keyboard
 * delivery). Native controls first: `<button>`, `<a href>`/`<area href>`, `<input>`
 * submit/button/reset (Enter) and checkbox/radio (Space — Enter on those would submit their
 * form), a `<details>`' own `<summary>` (Enter). Then focusable (`tabindex`) elements with role
 * button, link, menuitem, tab, option (Enter) or checkbox, radio, switch (Space): there the page's
 * own key handling decides, as for a keyboard user (`custom: true`). Anything else (disabled,
 * inert, a plain element with a click handler, a file input, a select…) has none.
 */
export function activationKey(node: Node): Activation | null {
  if (!(node instanceof Element)) return null;
  if (node.matches(':disabled') || node.closest('[inert]') || node.getAttribute('aria-disabled') === 'true') return null;
  if (node.namespaceURI === HTML) {
    const tag = node.localName;
    if (tag === 'button') return { key: 'Enter', custom: false };
    if ((tag === 'a' || tag === 'area') && node.hasAttribute('href')) return { key: 'Enter', custom: false };
    if (node instanceof HTMLInputElement) {
      const type = node.type;
      if (type === 'checkbox' || type === 'radio') return { key: 'Space', custom: false };
      if (type === 'submit' || type === 'button' || type === 'reset') return { key: 'Enter', custom: false };
      return null;
    }
    if (tag === 'summary') return isDisclosureSummary(node) ? { key: 'Enter', custom: false } : null;
  }
  const role = (node.getAttribute('role') ?? '').trim().split(/\s+/)[0] ?? '';
  const key = ROLE_KEYS[role];
  if (!key) return null;
  const tabindex = node.getAttribute('tabindex');
  return tabindex !== null && /^\s*[+-]?\d+\s*$/.test(tabindex) ? { key, custom: true } : null;
}
