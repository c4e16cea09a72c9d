import { composedParent } from '../dom/composed-tree.js';

/**
 * Scrolls the node's scroll container — the node itself when it scrolls on that axis, else its
 * nearest scrolling ancestor (composed tree), else the document — or, for null, the page, by
 * (dx, dy) CSS px, instantly. `moved`: whether its offsets changed.
 */
export function scrollBy(node: Node | null, dx: number, dy: number): { moved: boolean } {
  const page = document.scrollingElement ?? document.documentElement;
  const scrolls = (element: Element): boolean => {
    if (element === page) return true;
    const style = getComputedStyle(element);
    const y = dy !== 0 && element.scrollHeight > element.clientHeight && /(auto|scroll|overlay)/.test(style.overflowY);
    const x = dx !== 0 && element.scrollWidth > element.clientWidth && /(auto|scroll|overlay)/.test(style.overflowX);
    return x || y;
  };
  let container: Element = page;
  if (node) {
    for (let current: Element | null = node instanceof Element ? node : composedParent(node); current; current = composedParent(current)) {
      if (scrolls(current)) {
        container = current;
        break;
      }
    }
  }
  const before = [container.scrollLeft, container.scrollTop];
  container.scrollBy({ left: dx, top: dy, behavior: 'instant' });
  return { moved: container.scrollLeft !== before[0] || container.scrollTop !== before[1] };
}
