import type { SemanticNode } from '../model/semantic-node.js';
import { TIER_COUNT } from './tier.js';

/**
 * Orders nodes by tier, keeping the input order within a tier (pass document order, get SPEC §5
 * rank order). A counting sort: O(n), stable, no comparator calls.
 */
export function rankNodes<T extends Pick<SemanticNode, 'tier'>>(nodes: readonly T[]): T[] {
  const starts = new Int32Array(TIER_COUNT + 1);
  for (let i = 0; i < nodes.length; i++) starts[nodes[i]!.tier + 1]!++;
  for (let t = 1; t <= TIER_COUNT; t++) starts[t]! += starts[t - 1]!;
  const out: T[] = new Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    out[starts[node.tier]!++] = node;
  }
  return out;
}
