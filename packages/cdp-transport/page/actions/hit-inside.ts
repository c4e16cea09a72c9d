import { composedContains, composedParent } from '../dom/composed-tree.js';

/**
 * The element a hit-tested node stands for: `DOM.getNodeForLocation` answers a pseudo-element
 * (`::before`, `::after`, `::marker`) as its own node, which resolves to a `CSSPseudoElement`
 * (not a Node); its `element` is the element it belongs to.
 */
export function hitElement(hit: unknown): Node | null {
  if (hit instanceof Node) return hit;
  const element = (hit as { element?: unknown } | null)?.element;
  return element instanceof Node ? element : null;
}

/**
 * SPEC §6: a hit on the target itself, its descendants (composed tree, so slotted and shadow
 * content count), their pseudo-elements, or a `<label>` of the target counts as the target.
 */
export function hitInside(target: Node, hit: unknown): boolean {
  const node = hitElement(hit);
  if (!node) return false;
  if (composedContains(target, node)) return true;
  for (let current: Node | null = node; current; current = composedParent(current)) {
    if (current instanceof HTMLLabelElement && current.control === target) return true;
  }
  return false;
}
