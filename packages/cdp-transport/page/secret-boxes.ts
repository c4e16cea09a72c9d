// Where a screenshot must be masked (SPEC §4: secrets never leave the process, not even as pixels).
// Runs in the isolated world: it only reads geometry, so a page script can neither see the request
// nor remove a mask (the masks are painted onto the image in Node, src/screenshot/).
import { isSensitive } from './secret-fields.js';
import { contentInsets } from './dom/boxes.js';
import type { Rect } from './types.js';

import type { FrameOwnerBox, SecretBoxes } from './wire/screenshot-wire.js';

/**
 * Every secret field of the composed tree (open shadow roots, and the closed ones the collector
 * knows), and every frame owner. A contenteditable field's box also covers content that overflows it.
 */
export function findSecretBoxes(closedRootOf: (host: Element) => ShadowRoot | undefined): { result: SecretBoxes; ownerElements: Element[] } {
  const boxes: Rect[] = [];
  const owners: FrameOwnerBox[] = [];
  const ownerElements: Element[] = [];
  const roots: Array<Document | ShadowRoot> = [document];
  for (let r = 0; r < roots.length; r++) {
    for (const element of roots[r]!.querySelectorAll('*')) {
      const shadow = element.shadowRoot ?? closedRootOf(element);
      if (shadow) roots.push(shadow);
      const tag = element.localName;
      if (tag === 'iframe' || tag === 'frame') {
        const owner = ownerBox(element);
        if (owner) {
          owners.push(owner);
          ownerElements.push(element);
        }
        continue;
      }
      if (!isSensitive(element)) continue;
      // Inside an editable secret host every descendant is editable too: the host's box covers them.
      const parent = element.parentElement;
      if (parent && (parent as HTMLElement).isContentEditable && isSensitive(parent)) continue;
      const box = fieldBox(element);
      if (box) boxes.push(box);
    }
  }
  return { result: { viewport: { width: window.innerWidth, height: window.innerHeight }, boxes, owners }, ownerElements };
}

function fieldBox(element: Element): Rect | null {
  let box = toRect(element.getBoundingClientRect());
  if ((element as HTMLElement).isContentEditable && element.firstChild) {
    const range = document.createRange();
    range.selectNodeContents(element);
    box = union(box, toRect(range.getBoundingClientRect()));
  }
  return box.width > 0 && box.height > 0 ? box : null;
}

function ownerBox(element: Element): FrameOwnerBox | null {
  const border = element.getBoundingClientRect();
  if (!(border.width > 0 && border.height > 0)) return null;
  const html = element as HTMLElement;
  const style = getComputedStyle(element);
  const scaleX = html.offsetWidth > 0 ? border.width / html.offsetWidth : 1;
  const scaleY = html.offsetHeight > 0 ? border.height / html.offsetHeight : 1;
  const inset = contentInsets(element, style);
  return {
    content: {
      x: border.x + (element.clientLeft + inset.padLeft) * scaleX,
      y: border.y + (element.clientTop + inset.padTop) * scaleY,
      width: inset.width * scaleX,
      height: inset.height * scaleY,
    },
    scaleX,
    scaleY,
  };
}

function toRect(r: DOMRect): Rect {
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}

function union(a: Rect, b: Rect): Rect {
  if (!(b.width > 0 && b.height > 0)) return a;
  if (!(a.width > 0 && a.height > 0)) return b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}
