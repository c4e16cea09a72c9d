import type { ActionKind, Visibility } from './visibility.js';
import type { NodeStates } from './node-states.js';

/** Ranking tiers of SPEC §5 (0 = dialog/focus context … 8 = content offscreen). */
export type Tier = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/**
 * A node the core has classified: a semantic node of the capture (actionable, a non-generic
 * role, a named element, or non-empty text). Generic unnamed wrappers are not semantic nodes.
 */
export interface SemanticNode {
  /** Index of the node in `PageCapture.nodes`. */
  index: number;
  /** Index (in `PageCapture.nodes`) of the nearest semantic ancestor, -1 at the top. */
  parent: number;
  /** Number of semantic ancestors. */
  depth: number;
  role: string;
  name: string;
  value?: string;
  states: NodeStates;
  frame: string;
  visibility: Visibility;
  actions: ActionKind[];
  /** A readable container that gets a content ref (SPEC §4). */
  container: boolean;
  /** Value or text redacted (SPEC §4). */
  redacted?: 'filled' | 'empty';
  tier: Tier;
}
