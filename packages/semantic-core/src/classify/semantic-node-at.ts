import type { PageCapture } from '../model/page-capture.js';
import type { NodeStates } from '../model/node-states.js';
import type { SemanticNode, Tier } from '../model/semantic-node.js';
import { actionsFromMask } from './action-kinds.js';
import { displayName } from './display-name.js';
import { REDACTED_FILLED, REDACTED_NONE, depthAt, visibilityOfCode, type NodeTable } from './node-table.js';
import { ROLE_CONTAINER, roleBits } from './role-bits.js';

const NO_STATES: NodeStates = Object.freeze({});

/** The `SemanticNode` of kept node `index`, made from its table row and captured node. */
export function semanticNodeAt(capture: PageCapture, table: NodeTable, index: number): SemanticNode {
  const node = capture.nodes[index]!;
  const override = table.overrides.size === 0 ? undefined : table.overrides.get(index);
  const redacted = table.redacted[index];
  // Always the same fields in the same order, so every SemanticNode shares one hidden class.
  return {
    index,
    parent: table.parent[index]!,
    depth: depthAt(table, index),
    role: override?.role ?? node.role,
    name: override?.name ?? displayName(node),
    value: override?.value ?? node.value,
    states: override?.states ?? node.states ?? NO_STATES,
    frame: node.frame,
    visibility: visibilityOfCode(table.visibility[index]!),
    actions: actionsFromMask(table.actions[index]!),
    // A readable container gets a content ref; the captured role decides (a frame host's too).
    container: node.kind === 'element' && (roleBits(node.role) & ROLE_CONTAINER) !== 0,
    redacted: redacted === REDACTED_NONE ? undefined : redacted === REDACTED_FILLED ? 'filled' : 'empty',
    tier: table.tier[index] as Tier,
  };
}
