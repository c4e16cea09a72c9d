import type { Rect } from './types.js';

export function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  if (right <= x || bottom <= y) return null;
  return { x, y, width: right - x, height: bottom - y };
}

export function distanceToViewport(r: Rect, w: number, h: number): number {
  const dx = r.x + r.width <= 0 ? -(r.x + r.width) : r.x >= w ? r.x - w : 0;
  const dy = r.y + r.height <= 0 ? -(r.y + r.height) : r.y >= h ? r.y - h : 0;
  return Math.max(dx, dy);
}

export function rectOf(d: DOMRect): Rect {
  return { x: d.x, y: d.y, width: d.width, height: d.height };
}

/** Padding box of an element in viewport coordinates (what its overflow clips to). */
export function paddingBox(element: Element, border: Rect): Rect {
  return { x: border.x + element.clientLeft, y: border.y + element.clientTop, width: element.clientWidth, height: element.clientHeight };
}
