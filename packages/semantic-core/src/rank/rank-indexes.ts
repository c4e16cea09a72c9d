import { TIER_COUNT } from './tier.js';

/**
 * `rankNodes` over indexes: the `indexes` whose `tier[index]` is at most `maxTier`, ordered by
 * tier and keeping their order within a tier (pass document order, get SPEC §5 rank order). A
 * counting sort into a typed array: O(n), no comparator calls, no objects; with a low `maxTier`
 * only the few nodes kept are placed.
 */
export function rankIndexes(indexes: Int32Array, tier: Uint8Array, maxTier = TIER_COUNT - 1): Int32Array {
  const starts = new Int32Array(TIER_COUNT + 1);
  for (let i = 0; i < indexes.length; i++) {
    const t = tier[indexes[i]!]!;
    if (t <= maxTier) starts[t + 1]!++;
  }
  for (let t = 1; t <= TIER_COUNT; t++) starts[t]! += starts[t - 1]!;
  const out = new Int32Array(starts[TIER_COUNT]!);
  for (let i = 0; i < indexes.length; i++) {
    const index = indexes[i]!;
    const t = tier[index]!;
    if (t <= maxTier) out[starts[t]!++] = index;
  }
  return out;
}
