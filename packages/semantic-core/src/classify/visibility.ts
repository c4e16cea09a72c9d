import type { CapturedNode, PageCapture } from '../model/page-capture.js';
import type { Rect, Size } from '../model/geometry.js';
import { rectIsEmpty } from '../model/geometry.js';
import { NEAR_VIEWPORT_MARGIN, VISIBILITY_CLASSES, type Visibility } from '../model/visibility.js';
import { walkStyles, type StyleWalk } from './style-walk.js';

// Visibility as its index in VISIBILITY_CLASSES (the NodeTable stores these codes).
export const VIS_IN_VIEWPORT = 0;
export const VIS_NEAR_VIEWPORT = 1;
export const VIS_OFFSCREEN = 2;
export const VIS_CSS_HIDDEN = 3;
export const VIS_NO_LAYOUT = 4;
export const VIS_PAGE_OCCLUDED = 5;
export const VIS_UNKNOWN = 6;

/**
 * Where a laid-out box sits relative to the viewport, after clipping by its overflow ancestors:
 * `clip` undefined means nothing clips, null means clipped away. A box scrolled out of its
 * overflow container is `offscreen` whatever its page coordinates say (SPEC §5).
 */
export function geometryVisibility(
  box: Rect,
  clip: Rect | null | undefined,
  viewport: Size,
): 'in_viewport' | 'near_viewport' | 'offscreen' {
  return VISIBILITY_CLASSES[geometryVisibilityCode(box, clip, viewport.width, viewport.height)] as 'in_viewport' | 'near_viewport' | 'offscreen';
}

/** `geometryVisibility` as a code (VIS_IN_VIEWPORT, VIS_NEAR_VIEWPORT or VIS_OFFSCREEN). */
export function geometryVisibilityCode(box: Rect, clip: Rect | null | undefined, viewportWidth: number, viewportHeight: number): number {
  if (clip === null) return VIS_OFFSCREEN;
  // The visible part of the box, computed inline: this runs for every node of the page.
  let left = box.x;
  let top = box.y;
  let right = left + box.width;
  let bottom = top + box.height;
  if (clip !== undefined) {
    left = Math.max(left, clip.x);
    top = Math.max(top, clip.y);
    right = Math.min(right, clip.x + clip.width);
    bottom = Math.min(bottom, clip.y + clip.height);
    if (right <= left || bottom <= top) return VIS_OFFSCREEN;
  }
  if (right > 0 && bottom > 0 && left < viewportWidth && top < viewportHeight) return VIS_IN_VIEWPORT;
  const dx = right <= 0 ? -right : left >= viewportWidth ? left - viewportWidth : 0;
  const dy = bottom <= 0 ? -bottom : top >= viewportHeight ? top - viewportHeight : 0;
  return Math.max(dx, dy) <= NEAR_VIEWPORT_MARGIN ? VIS_NEAR_VIEWPORT : VIS_OFFSCREEN;
}

/**
 * SPEC §5 visibility of node `index`, in this order: css_hidden (style evidence, see
 * `walkStyles`), no_layout (no non-empty box; a text node without a box of its own uses its
 * parent's box, clip and hit evidence), then geometry; a node in the viewport whose hit test is
 * `covered` is page_occluded unless it is the active dialog or inside it, and `unknown` hit
 * evidence makes it unknown.
 */
export function classifyVisibility(capture: PageCapture, index: number, walk: StyleWalk): Visibility {
  const node = capture.nodes[index]!;
  const { width, height } = capture.viewport;
  return VISIBILITY_CLASSES[visibilityCodeOf(node, capture.nodes[node.parent], width, height, walk.hidden[index] === 1, walk.inDialog[index] === 1)]!;
}

/**
 * `classifyVisibility` as a code (`VIS_*`), from the node itself, its parent node (whose box a
 * text node without a box of its own borrows) and its style evidence: `hidden` (css_hidden),
 * `inDialog` (the active dialog or inside it). Classification calls this for every node.
 */
export function visibilityCodeOf(
  node: CapturedNode,
  parent: CapturedNode | undefined,
  viewportWidth: number,
  viewportHeight: number,
  hidden: boolean,
  inDialog: boolean,
): number {
  if (hidden) return VIS_CSS_HIDDEN;
  let evidence = node;
  if (node.kind === 'text' && parent !== undefined && rectIsEmpty(node.box)) evidence = parent;
  const box = evidence.box;
  if (!box || rectIsEmpty(box)) return VIS_NO_LAYOUT;
  const where = geometryVisibilityCode(box, evidence.clip, viewportWidth, viewportHeight);
  if (where !== VIS_IN_VIEWPORT) return where;
  const hit = node.hit ?? evidence.hit;
  if (hit === 'covered') return inDialog ? VIS_IN_VIEWPORT : VIS_PAGE_OCCLUDED;
  if (hit === 'unknown') return VIS_UNKNOWN;
  return VIS_IN_VIEWPORT;
}

/** Visibility of every node of the capture (structure included), for tests and collectors. */
export function visibilityOfAll(capture: PageCapture): Visibility[] {
  const walk = walkStyles(capture);
  const out: Visibility[] = new Array(capture.nodes.length);
  for (let i = 0; i < capture.nodes.length; i++) out[i] = classifyVisibility(capture, i, walk);
  return out;
}
