import { composedContains, composedParent } from '../dom/composed-tree.js';
import { hitElement } from './hit-inside.js';
import type { PlainDescription } from '../wire/action-answers.js';

const MODALS = 'dialog[open], [role=dialog][aria-modal=true], [role=alertdialog][aria-modal=true]';

/**
 * What to name as covering the target when a click lands on `hit`: the outermost positioned
 * overlay (fixed/absolute/sticky, or a dialog) around the hit that does not contain the target;
 * when that overlay has no name of its own (a modal backdrop), the open modal dialog it belongs to.
 */
export function coveringElement(hit: unknown, target: Node | null): Node {
  const node = hitElement(hit) ?? document.documentElement;
  const start = node instanceof Element ? node : composedParent(node);
  const inside = (container: Node): boolean => target !== null && composedContains(container, target);
  let overlay: Element | null = null;
  for (let current: Element | null = start; current; current = composedParent(current)) {
    if (inside(current)) break;
    const position = getComputedStyle(current).position;
    const role = current.getAttribute('role');
    if (position === 'fixed' || position === 'absolute' || position === 'sticky' || current.localName === 'dialog' || role === 'dialog' || role === 'alertdialog') overlay = current;
  }
  const chosen = overlay ?? start ?? node;
  if (!(chosen instanceof Element) || !named(chosen)) {
    const root = target?.getRootNode() ?? document;
    const scopes: Array<Document | ShadowRoot> = root instanceof ShadowRoot ? [root, document] : [document];
    for (const scope of scopes) {
      const modal = scope.querySelector(MODALS);
      if (modal && !(modal as HTMLElement).hidden && !inside(modal) && modal.getClientRects().length > 0) return modal;
    }
  }
  return chosen;
}

function named(element: Element): boolean {
  return !!(element.getAttribute('aria-label') || element.getAttribute('aria-labelledby') || element.getAttribute('title') || element.getAttribute('role')) || (element.textContent ?? '').trim() !== '';
}

/** Role and name of an element from its markup alone (the accessibility tree is asked first). */
export function plainDescription(node: Node): PlainDescription {
  const element = node instanceof Element ? node : node.parentElement;
  if (!element) return { role: 'generic', name: '' };
  const role = element.getAttribute('role') || (element.localName === 'dialog' ? 'dialog' : 'generic');
  const label = element.getAttribute('aria-label') || element.getAttribute('title') || (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  return { role, name: label.length > 80 ? `${label.slice(0, 79)}…` : label };
}
