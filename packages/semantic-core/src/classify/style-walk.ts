import type { PageCapture } from '../model/page-capture.js';
import {
  STYLE_HIDDEN,
  STYLE_HIDES_DESCENDANTS,
  STYLE_IN_DIALOG,
  STYLE_POINTER,
  STYLE_SECRET,
  cumulativeOpacity,
  styleBits,
} from './style-bits.js';

/**
 * Evidence that flows from ancestors to descendants, computed in one pre-order pass (parents
 * precede children) into typed arrays indexed like `PageCapture.nodes`.
 */
export interface StyleWalk {
  /** 1: DOM or computed style proves the node itself hidden (SPEC §5 `css_hidden`). */
  hidden: Uint8Array;
  /** 1: everything below the node is hidden (display:none, hidden, aria-hidden, inert, opacity 0, content-visibility:hidden). */
  hidesDescendants: Uint8Array;
  /** Product of own opacities from the root down. */
  opacity: Float64Array;
  /** 1: the node's computed cursor is `pointer` (a text node shares its parent's). */
  pointer: Uint8Array;
  /** 1: the node is the active dialog or inside it. */
  inDialog: Uint8Array;
  /** 1: the node is a secret field or inside one (its value and text are redacted). */
  secret: Uint8Array;
}

/**
 * Walks the capture once. `visibility:hidden|collapse` hides only the node itself: computed
 * style already inherits it, so a descendant that sets `visibility:visible` is visible, and one
 * that does not reports `hidden` as its own computed value. `content-visibility:hidden` hides the
 * descendants, not the element. A text node takes its parent element's style.
 */
export function walkStyles(capture: PageCapture): StyleWalk {
  const walk = createStyleWalk(capture.nodes.length);
  for (let i = 0; i < capture.nodes.length; i++) walkStep(walk, capture, i);
  return walk;
}

export function createStyleWalk(count: number): StyleWalk {
  return {
    hidden: new Uint8Array(count),
    hidesDescendants: new Uint8Array(count),
    opacity: new Float64Array(count),
    pointer: new Uint8Array(count),
    inDialog: new Uint8Array(count),
    secret: new Uint8Array(count),
  };
}

/**
 * Fills node `i`'s entries; every earlier node must be done. The rules themselves are in
 * style-bits.ts.
 */
export function walkStep(walk: StyleWalk, capture: PageCapture, i: number): void {
  const node = capture.nodes[i]!;
  const parent = node.parent;
  const hasParent = parent >= 0 && parent < i;
  const opacity = cumulativeOpacity(node, hasParent ? walk.opacity[parent]! : 1);
  const bits = styleBits(node, hasParent ? bitsOf(walk, parent) : 0, opacity, i === capture.activeDialog);
  walk.opacity[i] = opacity;
  walk.hidden[i] = bits & STYLE_HIDDEN ? 1 : 0;
  walk.hidesDescendants[i] = bits & STYLE_HIDES_DESCENDANTS ? 1 : 0;
  walk.pointer[i] = bits & STYLE_POINTER ? 1 : 0;
  walk.inDialog[i] = bits & STYLE_IN_DIALOG ? 1 : 0;
  walk.secret[i] = bits & STYLE_SECRET ? 1 : 0;
}

function bitsOf(walk: StyleWalk, i: number): number {
  return (
    (walk.hidden[i] === 1 ? STYLE_HIDDEN : 0) |
    (walk.hidesDescendants[i] === 1 ? STYLE_HIDES_DESCENDANTS : 0) |
    (walk.pointer[i] === 1 ? STYLE_POINTER : 0) |
    (walk.inDialog[i] === 1 ? STYLE_IN_DIALOG : 0) |
    (walk.secret[i] === 1 ? STYLE_SECRET : 0)
  );
}
