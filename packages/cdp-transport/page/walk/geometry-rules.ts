// The walk's geometry decisions as pure functions of boxes and clips (no DOM), on the core's
// visibility rule and near-viewport margin, so they can be tested with plain objects.
import { geometryVisibilityCode, intersectRects, NEAR_VIEWPORT_MARGIN, VIS_NO_LAYOUT, VIS_OFFSCREEN, type Rect } from '@sightline/semantic-core/page-safe';

export interface Size {
  width: number;
  height: number;
}

/** A clip: undefined, nothing clips; null, clipped away; else the visible rect. */
export type Clip = Rect | null | undefined;

/** Visibility code of a laid-out node: no_layout without a non-empty box, else the core's geometry rule. */
export function visibilityOfBox(box: Rect | null | undefined, clip: Clip, viewport: Size): number {
  if (!box || !(box.width > 0) || !(box.height > 0)) return VIS_NO_LAYOUT;
  return geometryVisibilityCode(box, clip, viewport.width, viewport.height);
}

/** `farByBox` answers: not far, far, or far only if its scrollable overflow is far too (`farByOverflow`). */
export const NOT_FAR = 0;
export const FAR = 1;
export const ASK_OVERFLOW = 2;

/**
 * Whether an element's subtree can be classified offscreen from its own non-empty box: clipped
 * away by its overflow ancestors, or wholly beyond the near-viewport margin. Normal-flow overflow
 * runs right and down, so a box far below or right of the viewport decides on its own; far above
 * or left, its scrollable overflow must be far as well (ASK_OVERFLOW).
 */
export function farByBox(box: Rect, clip: Clip, viewport: Size): number {
  if (geometryVisibilityCode(box, clip, viewport.width, viewport.height) !== VIS_OFFSCREEN) return NOT_FAR;
  if (clip === null) return FAR;
  if (clip !== undefined) {
    const right = Math.min(box.x + box.width, clip.x + clip.width);
    const bottom = Math.min(box.y + box.height, clip.y + clip.height);
    if (right <= Math.max(box.x, clip.x) || bottom <= Math.max(box.y, clip.y)) return FAR;
  }
  if (box.y - viewport.height > NEAR_VIEWPORT_MARGIN || box.x - viewport.width > NEAR_VIEWPORT_MARGIN) return FAR;
  return ASK_OVERFLOW;
}

/** The far-above-or-left case of `farByBox`: the box and the end of its scrollable overflow are both beyond the margin. */
export function farByOverflow(box: Rect, overflowRight: number, overflowBottom: number): boolean {
  return (
    (box.y + box.height < -NEAR_VIEWPORT_MARGIN && overflowBottom < -NEAR_VIEWPORT_MARGIN) ||
    (box.x + box.width < -NEAR_VIEWPORT_MARGIN && overflowRight < -NEAR_VIEWPORT_MARGIN)
  );
}

/** A box whose top lies beyond the near-viewport margin below the viewport (in-flow siblings after it are too). */
export function farBelow(box: Rect, viewport: Size): boolean {
  return box.y - viewport.height > NEAR_VIEWPORT_MARGIN;
}

/** The clip of an element by its position: in-flow boxes take their parent's, others their containing block's (SPEC §5). */
export function clipOfPosition(position: string, inFlow: Clip, abs: Clip, fixed: Clip): Clip {
  return position === 'absolute' ? abs : position === 'fixed' ? fixed : inFlow;
}

/** `contenteditable` (lowercased attribute, null when absent) over the editability inherited from the parent. */
export function editableFrom(attribute: string | null, inherited: boolean): boolean {
  return attribute === '' || attribute === 'true' || attribute === 'plaintext-only' ? true : attribute === 'false' ? false : inherited;
}

/** The clip handed to the children of an overflow container: the parent's clip ∩ its padding box. */
export function clipInside(clip: Clip, padding: Rect): Clip {
  return clip === undefined ? padding : clip === null ? null : intersectRects(clip, padding);
}
