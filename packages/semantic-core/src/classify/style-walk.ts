import type { PageCapture } from '../model/page-capture.js';
import { isSecretField } from './redaction.js';

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
 * Fills node `i`'s entries; every earlier node must be done. Exposed so `classifyPage` can walk
 * and classify in a single pass over the capture.
 */
export function walkStep(walk: StyleWalk, capture: PageCapture, i: number): void {
  const node = capture.nodes[i]!;
  const parent = node.parent;
  const hasParent = parent >= 0 && parent < i;
  const inheritedHidden = hasParent ? walk.hidesDescendants[parent]! : 0;
  const inheritedOpacity = hasParent ? walk.opacity[parent]! : 1;
  walk.inDialog[i] = i === capture.activeDialog || (hasParent && walk.inDialog[parent] === 1) ? 1 : 0;
  walk.secret[i] = (hasParent && walk.secret[parent] === 1) || isSecretField(node) ? 1 : 0;

  if (node.kind === 'text') {
    // Text has no style of its own: it is hidden exactly when its parent element is.
    const hidden = inheritedHidden || (hasParent ? walk.hidden[parent]! : 0);
    walk.hidden[i] = hidden;
    walk.hidesDescendants[i] = hidden;
    walk.opacity[i] = inheritedOpacity;
    walk.pointer[i] = hasParent ? walk.pointer[parent]! : 0;
    return;
  }

  const style = node.style;
  const attributes = node.attributes;
  const ownOpacity = style && typeof style.opacity === 'number' ? style.opacity : 1;
  const cumulative = inheritedOpacity * ownOpacity;
  walk.opacity[i] = cumulative;
  walk.pointer[i] = style?.cursor === 'pointer' ? 1 : 0;
  const blocks =
    inheritedHidden === 1 ||
    style?.display === 'none' ||
    attributes?.hidden === true ||
    attributes?.ariaHidden === true ||
    attributes?.inert === true ||
    cumulative <= 0;
  const ownVisibility = style?.visibility;
  walk.hidden[i] = blocks || ownVisibility === 'hidden' || ownVisibility === 'collapse' ? 1 : 0;
  walk.hidesDescendants[i] = blocks || style?.contentVisibility === 'hidden' ? 1 : 0;
}
