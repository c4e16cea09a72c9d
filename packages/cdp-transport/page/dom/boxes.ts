import type { Rect } from '../types.js';

/** Padding box of an element in viewport coordinates (what its overflow clips to). */
export function paddingBox(element: Element, border: Rect): Rect {
  return { x: border.x + element.clientLeft, y: border.y + element.clientTop, width: element.clientWidth, height: element.clientHeight };
}

/**
 * An element's left and top padding and its content box's size, in its own (untransformed) CSS
 * px: with `clientLeft`/`clientTop` (its borders) they place the content box inside the border
 * box. An <iframe>'s content box is where its frame's viewport is drawn.
 */
export function contentInsets(element: Element, style: CSSStyleDeclaration): { padLeft: number; padTop: number; width: number; height: number } {
  const padLeft = Number.parseFloat(style.paddingLeft) || 0;
  const padTop = Number.parseFloat(style.paddingTop) || 0;
  const padRight = Number.parseFloat(style.paddingRight) || 0;
  const padBottom = Number.parseFloat(style.paddingBottom) || 0;
  return {
    padLeft,
    padTop,
    width: Math.max(0, element.clientWidth - padLeft - padRight),
    height: Math.max(0, element.clientHeight - padTop - padBottom),
  };
}
