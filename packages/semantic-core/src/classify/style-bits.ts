import type { CapturedNode } from '../model/page-capture.js';
import { isSecretField } from './redaction.js';
import { isDragCursor } from './drag-cursor.js';

// A node's style evidence as bits; each means what the `StyleWalk` array of the same name means.
export const STYLE_HIDDEN = 1;
export const STYLE_HIDES_DESCENDANTS = 2;
export const STYLE_POINTER = 4;
export const STYLE_IN_DIALOG = 8;
export const STYLE_SECRET = 16;
/** Set by classification on a page_occluded node, for its box-less descendants (not by styleBits). */
export const STYLE_OCCLUDED = 32;
/** The computed cursor is a drag cursor (`isDragCursor`); children inherit it, like the pointer. */
export const STYLE_DRAG_CURSOR = 64;

/** Product of own opacities from the root down, from the parent's product (1 at a root). */
export function cumulativeOpacity(node: CapturedNode, inherited: number): number {
  if (node.kind === 'text') return inherited;
  return inherited * ownOpacity(node);
}

/** The node's own opacity (1 when the capture has none). */
export function ownOpacity(node: CapturedNode): number {
  const style = node.style;
  return style && typeof style.opacity === 'number' ? style.opacity : 1;
}

/**
 * The style rules of `walkStyles` for one node, from its parent's bits (0 at a root) and its
 * cumulative opacity. Kept apart from the walk's arrays so classification can run them on a
 * single bit mask per node. `opacity` may be the node's own or the product down from the
 * root: a zero factor hides the node and, through STYLE_HIDES_DESCENDANTS, everything below.
 */
export function styleBits(node: CapturedNode, parentBits: number, opacity: number, isActiveDialog: boolean): number {
  let bits =
    (isActiveDialog || (parentBits & STYLE_IN_DIALOG) !== 0 ? STYLE_IN_DIALOG : 0) |
    ((parentBits & STYLE_SECRET) !== 0 || isSecretField(node) ? STYLE_SECRET : 0);
  if (node.kind === 'text') {
    // Text has no style of its own: it is hidden exactly when its parent element is.
    if ((parentBits & (STYLE_HIDDEN | STYLE_HIDES_DESCENDANTS)) !== 0) bits |= STYLE_HIDDEN | STYLE_HIDES_DESCENDANTS;
    return bits | (parentBits & (STYLE_POINTER | STYLE_DRAG_CURSOR));
  }
  const style = node.style;
  const attributes = node.attributes;
  if (style?.cursor === 'pointer') bits |= STYLE_POINTER;
  else if (isDragCursor(style?.cursor)) bits |= STYLE_DRAG_CURSOR;
  const blocks =
    (parentBits & STYLE_HIDES_DESCENDANTS) !== 0 ||
    style?.display === 'none' ||
    attributes?.hidden === true ||
    attributes?.ariaHidden === true ||
    attributes?.inert === true ||
    opacity <= 0;
  const ownVisibility = style?.visibility;
  if (blocks || ownVisibility === 'hidden' || ownVisibility === 'collapse') bits |= STYLE_HIDDEN;
  if (blocks || style?.contentVisibility === 'hidden') bits |= STYLE_HIDES_DESCENDANTS;
  return bits;
}
