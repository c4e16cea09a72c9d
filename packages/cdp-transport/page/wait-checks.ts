import { composedParent } from './dom/composed-tree.js';

/**
 * In-page checks behind SPEC §12 `browser_wait`, each answering for this frame's document only
 * (the Node side asks every frame of the tab, out-of-process ones included, and polls).
 */


// The wire shape is declared once, on the Node side that reads it.
import type { RefWaitState } from './wire/action-answers.js';

const SKIPPED = new Set(['style', 'script', 'template', 'noscript']);

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Whether the document's rendered, visible text contains `needle` (case-insensitive, whitespace
 * normalized): `innerText` of the body (which leaves out CSS-hidden text), plus the visible
 * elements of every open shadow root, which `innerText` of the light tree does not reach.
 */
export function visibleTextIncludes(needle: string): boolean {
  const want = normalized(needle);
  if (want === '') return true;
  const body = document.body ?? document.documentElement;
  // A document that is not rendered (a display:none iframe) shows no text at all.
  if (!body || body.getClientRects().length === 0) return false;
  if (normalized((body as HTMLElement).innerText ?? '').includes(want)) return true;
  for (const root of openShadowRoots(body)) {
    const host = root.host;
    if (!host.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    for (const child of Array.from(root.children)) {
      if (SKIPPED.has(child.localName) || !child.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (normalized((child as HTMLElement).innerText ?? '').includes(want)) return true;
    }
  }
  return false;
}

/** Every open shadow root under `start`, nested ones included. */
function openShadowRoots(start: Element): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  const visit = (root: Element | ShadowRoot): void => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const shadow = (node as Element).shadowRoot;
      if (shadow) {
        roots.push(shadow);
        visit(shadow);
      }
    }
  };
  visit(start);
  return roots;
}

/** Visible / enabled / checked of a live node (a text node answers for its element). */
export function refWaitState(node: Node | null): RefWaitState {
  if (!node || !node.isConnected || node.ownerDocument !== document) return 'gone';
  const element = node.nodeType === 1 ? (node as Element) : composedParent(node);
  if (!element) return { visible: false, enabled: false, checked: false };
  return { visible: isVisible(element), enabled: !isDisabled(element), checked: isChecked(element) };
}

function isVisible(element: Element): boolean {
  if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

function isDisabled(element: Element): boolean {
  if (element.matches(':disabled')) return true;
  for (let current: Element | null = element; current; current = composedParent(current)) {
    if (current.getAttribute('aria-disabled') === 'true') return true;
  }
  return false;
}

function isChecked(element: Element): boolean {
  if (element.localName === 'input') {
    const input = element as HTMLInputElement;
    if (input.type === 'checkbox' || input.type === 'radio') return input.checked;
  }
  return element.getAttribute('aria-checked') === 'true';
}

/** The document finished loading (its load event has fired). */
export function documentLoaded(): boolean {
  return document.readyState === 'complete';
}
