import type { CapturedNode, PageCapture } from '../model/page-capture.js';
import { elementActionMask } from './action-kinds.js';
import { displayName } from './display-name.js';
import { isEchoOfParent, isLabelEcho } from './echoes.js';
import { isSemanticElement } from './is-semantic.js';
import { REDACTED_FILLED, REDACTED_EMPTY, REDACTED_NONE, createNodeTable, overrideOf, type NodeTable } from './node-table.js';
import { redactNode } from './redact-node.js';
import { giveBackScratch, takeScratch } from './scratch.js';
import { roleBits } from './role-bits.js';
import { STYLE_DRAG_CURSOR, STYLE_HIDDEN, STYLE_IN_DIALOG, STYLE_OCCLUDED, STYLE_POINTER, STYLE_SECRET, ownOpacity, styleBits } from './style-bits.js';
import { hasVisibleText } from './text.js';
import { VIS_CSS_HIDDEN, VIS_NO_LAYOUT, VIS_PAGE_OCCLUDED, visibilityCodeOf } from './visibility.js';
import { tierForCode } from '../rank/tier.js';

/**
 * Classifies a whole capture in one pass over its nodes (O(n)) into a `NodeTable`: the style
 * walk, semantic filter, echoes, visibility, actions, tiers and redaction of SPEC §4–§6. Removed
 * nodes (css_hidden, page_occluded) are counted, not kept; a kept node's parent is its nearest
 * kept semantic ancestor, so a visible child of a hidden parent hangs under the grandparent.
 */
export function classifyTable(capture: PageCapture): NodeTable {
  const { nodes, focused, activeDialog } = capture;
  const { width: viewportWidth, height: viewportHeight } = capture.viewport;
  const count = nodes.length;
  const table = createNodeTable(count);
  const { ordinal, parent: parentOf, visibility: visibilityOf, tier, actions, redacted } = table;
  // The style walk (see style-bits.ts) runs on one bit mask per node, not the six arrays of `StyleWalk`.
  const scratch = takeScratch(count);
  const { style, anchor, rawAnchor } = scratch;
  // Frame hosts in document order, met by a cursor instead of a per-node lookup.
  const hosts = frameHostsInOrder(capture, count);
  let nextHost = 0;
  let nextHostIndex = hosts.length > 0 ? hosts[0]![0] : -1;
  const order = new Int32Array(count);
  let kept = 0;

  for (let i = 0; i < count; i++) {
    const node = nodes[i]!;
    const parentIndex = node.parent;
    let parentBits = 0;
    let parentAnchor = -1;
    let parentRaw = -1;
    const hasParent = parentIndex >= 0 && parentIndex < i;
    if (hasParent) {
      parentBits = style[parentIndex]!;
      parentAnchor = anchor[parentIndex]!;
      parentRaw = rawAnchor[parentIndex]!;
    }
    anchor[i] = parentAnchor;
    rawAnchor[i] = parentRaw;
    let frameIndex = -1;
    if (i === nextHostIndex) {
      frameIndex = hosts[nextHost]![1];
      nextHost++;
      nextHostIndex = nextHost < hosts.length ? hosts[nextHost]![0] : -1;
    }

    const isText = node.kind === 'text';
    // Own opacity is enough: a zero factor hides every descendant through STYLE_HIDES_DESCENDANTS.
    const bits = styleBits(node, parentBits, isText ? 1 : ownOpacity(node), i === activeDialog);
    style[i] = bits;
    const secret = (bits & STYLE_SECRET) !== 0;
    // One role lookup serves the action and semantic rules.
    let role = 0;
    let mask = 0;
    if (isText) {
      if (frameIndex < 0 && !hasVisibleText(node.name)) continue;
      if (!secret && parentRaw >= 0 && isEchoOfParent(node.name, nodes[parentRaw]!)) continue;
    } else {
      role = roleBits(node.role);
      const sameFrame = hasParent && nodes[parentIndex]!.frame === node.frame;
      const inheritsPointer = sameFrame && (parentBits & STYLE_POINTER) !== 0;
      mask = elementActionMask(node, inheritsPointer, role, sameFrame && (parentBits & STYLE_DRAG_CURSOR) !== 0);
      if (frameIndex < 0 && !isSemanticElement(node, mask, role)) continue;
    }
    rawAnchor[i] = i;

    const inDialog = (bits & STYLE_IN_DIALOG) !== 0;
    const visibility = visibilityCodeOf(
      node,
      isText ? nodes[parentIndex] : undefined,
      viewportWidth,
      viewportHeight,
      (bits & STYLE_HIDDEN) !== 0,
      inDialog,
    );
    if (visibility === VIS_CSS_HIDDEN) {
      table.cssHidden++;
      continue;
    }
    // A node without a box under an occluded one (an option of a covered <select>) is occluded with it.
    if (visibility === VIS_PAGE_OCCLUDED || (visibility === VIS_NO_LAYOUT && parentRaw >= 0 && (style[parentRaw]! & STYLE_OCCLUDED) !== 0)) {
      style[i] = bits | STYLE_OCCLUDED;
      table.occluded++;
      continue;
    }
    anchor[i] = i;
    parentOf[i] = parentAnchor;
    visibilityOf[i] = visibility;
    actions[i] = mask;
    tier[i] = inDialog ? 0 : tierForCode(visibility, mask !== 0);
    if (i === focused || frameIndex >= 0 || secret) overrideKeptNode(capture, table, i, frameIndex, secret, parentAnchor);
    if (mask !== 0 && kept > 0) {
      const previous = order[kept - 1]!;
      // Frame hosts are the only nodes whose role is overridden (to iframe).
      if (
        nodes[previous]!.role === 'text' &&
        table.overrides.get(previous)?.role !== 'iframe' &&
        redacted[previous] === REDACTED_NONE &&
        isLabelEcho(nodes, previous, shownName(table, nodes, previous), shownName(table, nodes, i))
      ) {
        ordinal[previous] = -1;
        kept--;
      }
    }
    ordinal[i] = kept;
    order[kept++] = i;
  }

  // Tier 0 also takes the semantic ancestors of the dialog and of the focused node (SPEC §5).
  for (const start of [focused, activeDialog]) {
    if (start === null || start < 0 || start >= count) continue;
    for (let at = anchor[start]!; at >= 0; at = parentOf[at]!) tier[at] = 0;
  }

  giveBackScratch(scratch);
  // A view, not a copy: the kept count is only known now.
  table.order = order.subarray(0, kept);
  return table;
}

/** The name node `index` shows so far (after an iframe title or redaction). */
function shownName(table: NodeTable, nodes: readonly CapturedNode[], index: number): string {
  return table.overrides.get(index)?.name ?? displayName(nodes[index]!);
}

/**
 * What a few kept nodes show differently from their capture (kept out of the per-node loop so it
 * stays small): the focused node's state, a frame host's role and title, a secret's redaction.
 * `parentAnchor` is the node's nearest kept semantic ancestor so far, or -1.
 */
function overrideKeptNode(capture: PageCapture, table: NodeTable, i: number, frameIndex: number, secret: boolean, parentAnchor: number): void {
  const node = capture.nodes[i]!;
  // The capture names the focused node even when its accessibility states do not say so.
  if (i === capture.focused && node.states?.focused !== true) overrideOf(table, i).states = { ...node.states, focused: true };
  if (frameIndex >= 0) {
    const override = overrideOf(table, i);
    override.role = 'iframe';
    override.name = capture.frames[frameIndex]!.title || displayName(node);
  }
  if (secret) {
    redactNode(table, i, node, shownName(table, capture.nodes, i));
    // Text inside a contentEditable secret field is its value: the field is filled.
    // (A parent anchor that a label echo took out since is no parent.)
    const parent = parentAnchor >= 0 && table.ordinal[parentAnchor]! >= 0 ? parentAnchor : -1;
    if (node.kind === 'text' && parent >= 0 && table.redacted[parent] === REDACTED_EMPTY) table.redacted[parent] = REDACTED_FILLED;
  }
}

/** `[node index, frame index]` of every frame host of the capture, by node index (the last frame wins a shared host). */
function frameHostsInOrder(capture: PageCapture, count: number): Array<[number, number]> {
  const byHost = new Map<number, number>();
  capture.frames.forEach((frame, f) => {
    if (frame.ownerNode !== null && frame.ownerNode >= 0 && frame.ownerNode < count) byHost.set(frame.ownerNode, f);
  });
  return [...byHost].sort((a, b) => a[0] - b[0]);
}
