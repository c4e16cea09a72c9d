import type { PageCapture } from '../model/page-capture.js';
import { elementActionMask } from './action-kinds.js';
import { displayName } from './display-name.js';
import { isEchoOfParent, isLabelEcho } from './echoes.js';
import { isSemanticElement } from './is-semantic.js';
import { REDACTED_FILLED, REDACTED_EMPTY, REDACTED_NONE, createNodeTable, overrideOf, visibilityCode, type NodeTable } from './node-table.js';
import { redactNode } from './redact-node.js';
import { giveBackScratch, takeScratch } from './scratch.js';
import { ROLE_CONTAINER, roleBits } from './role-bits.js';
import { STYLE_HIDDEN, STYLE_IN_DIALOG, STYLE_POINTER, STYLE_SECRET, cumulativeOpacity, styleBits } from './style-bits.js';
import { hasVisibleText } from './text.js';
import { visibilityFrom } from './visibility.js';
import { tierFor } from '../rank/tier.js';

/**
 * Classifies a whole capture in one pass over its nodes (O(n)) into a `NodeTable`: the style
 * walk, semantic filter, echoes, visibility, actions, tiers and redaction of SPEC §4–§6. Removed
 * nodes (css_hidden, page_occluded) are counted, not kept; a kept node's parent is its nearest
 * kept semantic ancestor, so a visible child of a hidden parent hangs under the grandparent.
 */
export function classifyTable(capture: PageCapture): NodeTable {
  const { nodes, focused, activeDialog } = capture;
  const count = nodes.length;
  const table = createNodeTable(count);
  const { ordinal, parent: parentOf, depth, visibility: visibilityOf, tier, actions, container, redacted } = table;
  // The style walk (see style-bits.ts) runs on one bit mask per node, not the six arrays of `StyleWalk`.
  const scratch = takeScratch(count);
  const { style, opacity, anchor, rawAnchor, ownedFrame } = scratch;
  ownedFrame.fill(-1, 0, count);
  capture.frames.forEach((frame, f) => {
    if (frame.ownerNode !== null && frame.ownerNode >= 0 && frame.ownerNode < count) ownedFrame[frame.ownerNode] = f;
  });
  const order = new Int32Array(count);
  let kept = 0;
  /** The name node `index` shows (after iframe titles and redaction). */
  const nameOf = (index: number): string => table.overrides.get(index)?.name ?? displayName(nodes[index]!);

  for (let i = 0; i < count; i++) {
    const node = nodes[i]!;
    const p = node.parent >= 0 && node.parent < i ? node.parent : -1;
    const nodeOpacity = cumulativeOpacity(node, p >= 0 ? opacity[p]! : 1);
    const bits = styleBits(node, p >= 0 ? style[p]! : 0, nodeOpacity, i === activeDialog);
    opacity[i] = nodeOpacity;
    style[i] = bits;
    const parentAnchor = p >= 0 ? anchor[p]! : -1;
    const parentRaw = p >= 0 ? rawAnchor[p]! : -1;
    anchor[i] = parentAnchor;
    rawAnchor[i] = parentRaw;

    const isText = node.kind === 'text';
    const isElement = node.kind === 'element';
    // One role lookup serves the action, semantic and container rules.
    const role = isText ? 0 : roleBits(node.role);
    const inheritsPointer = p >= 0 && (style[p]! & STYLE_POINTER) !== 0 && nodes[p]!.frame === node.frame;
    const mask = isElement ? elementActionMask(node, inheritsPointer, role) : 0;
    const frameIndex = ownedFrame[i]!;
    if (frameIndex < 0 && !(isText ? hasVisibleText(node.name) : isSemanticElement(node, mask, role))) continue;
    const secret = (bits & STYLE_SECRET) !== 0;
    if (isText && !secret && parentRaw >= 0 && isEchoOfParent(node.name, nodes[parentRaw]!)) continue;
    rawAnchor[i] = i;

    const inDialog = (bits & STYLE_IN_DIALOG) !== 0;
    const visibility = visibilityFrom(capture, i, (bits & STYLE_HIDDEN) !== 0, inDialog);
    if (visibility === 'css_hidden') {
      table.cssHidden++;
      continue;
    }
    if (visibility === 'page_occluded') {
      table.occluded++;
      continue;
    }
    anchor[i] = i;
    // A parent anchor that a label echo took out since is no parent to count depth from.
    const parentKept = parentAnchor >= 0 && ordinal[parentAnchor]! >= 0;
    parentOf[i] = parentAnchor;
    depth[i] = parentKept ? depth[parentAnchor]! + 1 : 0;
    visibilityOf[i] = visibilityCode(visibility);
    actions[i] = mask;
    container[i] = isElement && (role & ROLE_CONTAINER) !== 0 ? 1 : 0;
    tier[i] = inDialog ? 0 : tierFor(visibility, mask !== 0);
    // The capture names the focused node even when its accessibility states do not say so.
    if (i === focused && node.states?.focused !== true) overrideOf(table, i).states = { ...node.states, focused: true };
    if (frameIndex >= 0) {
      const override = overrideOf(table, i);
      override.role = 'iframe';
      override.name = capture.frames[frameIndex]!.title || displayName(node);
    }
    if (secret) {
      redactNode(table, i, node, nameOf(i));
      // Text inside a contentEditable secret field is its value: the field is filled.
      if (isText && parentKept && redacted[parentAnchor] === REDACTED_EMPTY) redacted[parentAnchor] = REDACTED_FILLED;
    }
    if (mask !== 0 && kept > 0) {
      const previous = order[kept - 1]!;
      // Frame hosts are the only nodes whose role is overridden (to iframe).
      const previousRole = ownedFrame[previous]! >= 0 ? 'iframe' : nodes[previous]!.role;
      if (previousRole === 'text' && redacted[previous] === REDACTED_NONE && isLabelEcho(nodes, previous, nameOf(previous), nameOf(i))) {
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
