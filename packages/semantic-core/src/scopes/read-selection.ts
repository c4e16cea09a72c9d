import type { SemanticNode } from '../model/semantic-node.js';

/**
 * What one read accounts for (`universe`) and what it may select (`candidates`, rank order);
 * see `ComposeFunction` in compose/compose-types.ts.
 */
export interface ReadSelection {
  universe: SemanticNode[];
  candidates: SemanticNode[];
}
