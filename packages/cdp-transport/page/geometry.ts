import type { Rect } from './types.js';

/** Padding box of an element in viewport coordinates (what its overflow clips to). */
export function paddingBox(element: Element, border: Rect): Rect {
  return { x: border.x + element.clientLeft, y: border.y + element.clientTop, width: element.clientWidth, height: element.clientHeight };
}
