import type { CapturedNode, PageCapture } from '../model/page-capture.js';
import type { NodeStates } from '../model/node-states.js';
import type { SemanticNode } from '../model/semantic-node.js';
import type { ClassifiedPage } from '../compose/compose-types.js';
import { actionMask, actionsFromMask } from './action-kinds.js';
import { isSemantic } from './is-semantic.js';
import { REDACTED_TEXT, isSecretField, redactedName } from './redaction.js';
import { CONTAINER_ROLES, NAME_FROM_CONTENT_ROLES } from './roles.js';
import { createStyleWalk, walkStep } from './style-walk.js';
import { classifyVisibility } from './visibility.js';
import { collapseWhitespace } from './text.js';
import { tierFor } from '../rank/tier.js';
import { rankNodes } from '../rank/rank-nodes.js';

const NO_STATES: NodeStates = Object.freeze({});
/** A string `collapseWhitespace` would change: a whitespace run, a non-space whitespace, or an edge space. */
const UNCOLLAPSED = /\s\s|[^\S ]|^\s|\s$/;

/**
 * classify → rank for a whole capture, in one pass over its nodes (O(n), typed arrays for the
 * per-node evidence). Removed nodes (css_hidden, page_occluded) are counted, not kept; a kept
 * node's `parent` is its nearest kept semantic ancestor, so a visible child of a hidden parent
 * hangs under the grandparent.
 */
export function classifyPage(capture: PageCapture): ClassifiedPage {
  const nodes = capture.nodes;
  const count = nodes.length;
  const walk = createStyleWalk(count);
  const byIndex: (SemanticNode | undefined)[] = new Array(count).fill(undefined);
  // Nearest kept semantic node at or above each node; and the same counting removed ones.
  const anchor = new Int32Array(count);
  const rawAnchor = new Int32Array(count);
  const ownedFrame = new Int32Array(count).fill(-1);
  capture.frames.forEach((frame, f) => {
    if (frame.ownerNode !== null && frame.ownerNode >= 0 && frame.ownerNode < count) ownedFrame[frame.ownerNode] = f;
  });
  const kept: SemanticNode[] = [];
  let cssHidden = 0;
  let occluded = 0;

  for (let i = 0; i < count; i++) {
    walkStep(walk, capture, i);
    const node = nodes[i]!;
    const p = node.parent >= 0 && node.parent < i ? node.parent : -1;
    const parentAnchor = p >= 0 ? anchor[p]! : -1;
    const parentRaw = p >= 0 ? rawAnchor[p]! : -1;
    anchor[i] = parentAnchor;
    rawAnchor[i] = parentRaw;
    const inheritsPointer = p >= 0 && walk.pointer[p] === 1 && nodes[p]!.frame === node.frame;
    const mask = node.kind === 'element' ? actionMask(node, inheritsPointer) : 0;
    const frameIndex = ownedFrame[i]!;
    if (frameIndex < 0 && !isSemantic(node, mask)) continue;
    const secret = walk.secret[i] === 1;
    if (node.kind === 'text' && !secret && parentRaw >= 0 && isEchoOfParent(node.name, nodes[parentRaw]!)) continue;
    rawAnchor[i] = i;

    const visibility = classifyVisibility(capture, i, walk);
    if (visibility === 'css_hidden') {
      cssHidden++;
      continue;
    }
    if (visibility === 'page_occluded') {
      occluded++;
      continue;
    }
    anchor[i] = i;
    const parentNode = parentAnchor >= 0 ? byIndex[parentAnchor] : undefined;
    const actions = actionsFromMask(mask);
    // Always the same fields in the same order, so every SemanticNode shares one hidden class.
    const semantic: SemanticNode = {
      index: i,
      parent: parentAnchor,
      depth: parentNode ? parentNode.depth + 1 : 0,
      role: node.role,
      name: displayName(node),
      value: node.value,
      states: node.states ?? NO_STATES,
      frame: node.frame,
      visibility,
      actions,
      container: node.kind === 'element' && CONTAINER_ROLES.has(node.role),
      redacted: undefined,
      tier: walk.inDialog[i] === 1 ? 0 : tierFor(visibility, actions.length > 0),
    };
    // The capture names the focused node even when its accessibility states do not say so.
    if (i === capture.focused && semantic.states.focused !== true) semantic.states = { ...semantic.states, focused: true };
    if (frameIndex >= 0) {
      const frame = capture.frames[frameIndex]!;
      semantic.role = 'iframe';
      semantic.name = frame.title || semantic.name;
    }
    if (secret) {
      redact(semantic, node);
      // Text inside a contentEditable secret field is its value: the field is filled.
      if (node.kind === 'text' && parentNode?.redacted === 'empty') parentNode.redacted = 'filled';
    }
    if (actions.length > 0 && isLabelEcho(nodes, kept[kept.length - 1], semantic)) byIndex[kept.pop()!.index] = undefined;
    byIndex[i] = semantic;
    kept.push(semantic);
  }

  // Tier 0 also takes the semantic ancestors of the dialog and of the focused node (SPEC §5).
  for (const start of [capture.focused, capture.activeDialog]) {
    if (start === null || start < 0 || start >= count) continue;
    for (let at = anchor[start]!; at >= 0; ) {
      const semantic = byIndex[at]!;
      semantic.tier = 0;
      at = semantic.parent;
    }
  }

  const outside = capture.coverage.outside;
  return {
    capture,
    nodes: kept,
    ranked: rankNodes(kept),
    removed: {
      css_hidden: cssHidden + (outside?.css_hidden ?? 0),
      page_occluded: occluded + (outside?.page_occluded ?? 0),
    },
    byIndex,
  };
}

/**
 * A `<label>`'s text right before the control it names says the same thing twice ("Reply body",
 * then textbox "Reply body"): the control's line already carries it, so the text line goes.
 */
function isLabelEcho(nodes: CapturedNode[], previous: SemanticNode | undefined, control: SemanticNode): boolean {
  if (previous === undefined || previous.role !== 'text' || previous.redacted !== undefined) return false;
  if (nodes[nodes[previous.index]!.parent]?.tag !== 'label') return false;
  return collapseWhitespace(previous.name) === collapseWhitespace(control.name);
}

/** An element's name, falling back to its placeholder (the name a user would read off the field). */
function displayName(node: CapturedNode): string {
  if (node.name) return node.name;
  return node.attributes?.placeholder ?? '';
}

/**
 * A text node that only repeats its semantic parent's name (a button's label) is not shown twice;
 * nor is a piece of a name computed from content (an option "Dana Whitfield Quarterly review"
 * made of the texts "Dana Whitfield" and "Quarterly review").
 */
function isEchoOfParent(text: string, parent: CapturedNode): boolean {
  const name = displayName(parent);
  if (!name) return false;
  if (text === name) return true;
  // Most strings are already in collapsed form; only build new ones when they are not.
  const collapsedText = UNCOLLAPSED.test(text) ? collapseWhitespace(text) : text;
  const collapsedName = UNCOLLAPSED.test(name) ? collapseWhitespace(name) : name;
  if (collapsedText === collapsedName) return true;
  return NAME_FROM_CONTENT_ROLES.has(parent.role) && collapsedText.length > 0 && collapsedName.includes(collapsedText);
}

/**
 * SPEC §4 redaction, done here so no later stage ever holds the secret: a secret field's value
 * becomes •••• with `filled`/`empty`; text and names inside it become ••••.
 */
function redact(semantic: SemanticNode, node: CapturedNode): void {
  if (node.kind === 'text') {
    semantic.name = REDACTED_TEXT;
    semantic.redacted = 'filled';
    return;
  }
  const value = node.value ?? '';
  const ownField = isSecretField(node);
  if (ownField && node.attributes?.contentEditable !== true) {
    semantic.name = redactedName(semantic.name, value);
  } else if (semantic.name) {
    // Inside the field, or a contentEditable field: the name may be computed from the secret.
    semantic.name = REDACTED_TEXT;
  }
  if (ownField || node.value !== undefined) {
    semantic.value = REDACTED_TEXT;
    semantic.redacted = value ? 'filled' : 'empty';
  }
}
