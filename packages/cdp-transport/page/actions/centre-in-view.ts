import { coveringElement } from './covering-element.js';

/**
 * Scrolls an element so its centre sits at the centre of each scroll container and the viewport
 * (`scrollIntoView`, instant: it moves no focus and raises no window). Used when a sticky or fixed
 * header covers the target where it sits now. `moved`: whether its box moved.
 *
 * `hit` (when the covering node is in this document) is asked first: an overlay over the middle of
 * the viewport (a modal, its backdrop, a full-page banner) stays over the target wherever it is
 * scrolled, so nothing is scrolled then.
 */
export function centreInView(node: Node, hit: unknown): { moved: boolean } {
  const element = node instanceof Element ? node : node.parentElement;
  if (!element) return { moved: false };
  if (hit !== null) {
    const overlay = coveringElement(hit, node);
    if (overlay instanceof Element) {
      const box = overlay.getBoundingClientRect();
      const x = innerWidth / 2;
      const y = innerHeight / 2;
      if (box.left <= x && x <= box.right && box.top <= y && y <= box.bottom) return { moved: false };
    }
  }
  const before = element.getBoundingClientRect();
  element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const after = element.getBoundingClientRect();
  return { moved: Math.abs(after.x - before.x) >= 1 || Math.abs(after.y - before.y) >= 1 };
}
