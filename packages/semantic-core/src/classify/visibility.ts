import type { PageCapture } from '../model/page-capture.js';
import type { Rect, Size } from '../model/geometry.js';
import { rectIsEmpty } from '../model/geometry.js';
import { NEAR_VIEWPORT_MARGIN, type Visibility } from '../model/visibility.js';
import { walkStyles, type StyleWalk } from './style-walk.js';

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
  if (clip === null) return 'offscreen';
  // The visible part of the box, computed inline: this runs for every node of the page.
  let left = box.x;
  let top = box.y;
  let right = box.x + box.width;
  let bottom = box.y + box.height;
  if (clip !== undefined) {
    left = Math.max(left, clip.x);
    top = Math.max(top, clip.y);
    right = Math.min(right, clip.x + clip.width);
    bottom = Math.min(bottom, clip.y + clip.height);
    if (right <= left || bottom <= top) return 'offscreen';
  }
  if (right > 0 && bottom > 0 && left < viewport.width && top < viewport.height) return 'in_viewport';
  const dx = right <= 0 ? -right : left >= viewport.width ? left - viewport.width : 0;
  const dy = bottom <= 0 ? -bottom : top >= viewport.height ? top - viewport.height : 0;
  return Math.max(dx, dy) <= NEAR_VIEWPORT_MARGIN ? 'near_viewport' : 'offscreen';
}

/**
 * SPEC §5 visibility of node `index`, in this order: css_hidden (style evidence, see
 * `walkStyles`), no_layout (no non-empty box; a text node without a box of its own uses its
 * parent's box, clip and hit evidence), then geometry; a node in the viewport whose hit test is
 * `covered` is page_occluded unless it is the active dialog or inside it, and `unknown` hit
 * evidence makes it unknown.
 */
export function classifyVisibility(capture: PageCapture, index: number, walk: StyleWalk): Visibility {
  return visibilityFrom(capture, index, walk.hidden[index] === 1, walk.inDialog[index] === 1);
}

/** `classifyVisibility` from the node's style evidence: `hidden` (css_hidden), `inDialog` (the active dialog or inside it). */
export function visibilityFrom(capture: PageCapture, index: number, hidden: boolean, inDialog: boolean): Visibility {
  if (hidden) return 'css_hidden';
  const nodes = capture.nodes;
  let evidence = nodes[index]!;
  if (evidence.kind === 'text' && rectIsEmpty(evidence.box)) {
    const parent = nodes[evidence.parent];
    if (parent) evidence = parent;
  }
  const box = evidence.box;
  if (!box || rectIsEmpty(box)) return 'no_layout';
  const where = geometryVisibility(box, evidence.clip, capture.viewport);
  if (where !== 'in_viewport') return where;
  const hit = nodes[index]!.hit ?? evidence.hit;
  if (hit === 'covered') return inDialog ? 'in_viewport' : 'page_occluded';
  if (hit === 'unknown') return 'unknown';
  return 'in_viewport';
}

/** Visibility of every node of the capture (structure included), for tests and collectors. */
export function visibilityOfAll(capture: PageCapture): Visibility[] {
  const walk = walkStyles(capture);
  const out: Visibility[] = new Array(capture.nodes.length);
  for (let i = 0; i < capture.nodes.length; i++) out[i] = classifyVisibility(capture, i, walk);
  return out;
}
