import { describe, expect, it } from 'vitest';
import type { Tier } from '../model/semantic-node.js';
import { rankNodes } from './rank-nodes.js';
import { rankIndexes } from './rank-indexes.js';
import { tierOf } from './tier.js';

describe('rankNodes', () => {
  it('orders by tier and keeps input order within a tier (ties)', () => {
    const nodes = ([3, 1, 8, 1, 0, 3, 2, 1] as Tier[]).map((tier, index) => ({ tier, index }));
    expect(rankNodes(nodes).map((n) => n.index)).toEqual([4, 1, 3, 7, 6, 0, 5, 2]);
  });

  it('handles empty input', () => {
    expect(rankNodes([])).toEqual([]);
  });
});

describe('rankIndexes', () => {
  it('ranks indexes like rankNodes ranks nodes, and can stop at a tier', () => {
    const tiers = [3, 1, 8, 1, 0, 3, 2, 1];
    const tier = Uint8Array.from([9, ...tiers]); // index 0 is not in the list
    const indexes = Int32Array.from(tiers, (_, i) => i + 1);
    const byNodes = rankNodes(tiers.map((t, i) => ({ tier: t as Tier, index: i + 1 }))).map((n) => n.index);
    expect([...rankIndexes(indexes, tier)]).toEqual(byNodes);
    expect([...rankIndexes(indexes, tier, 2)]).toEqual([5, 2, 4, 8, 7]);
    expect([...rankIndexes(new Int32Array(0), tier)]).toEqual([]);
  });
});

describe('tierOf', () => {
  it('follows SPEC §5', () => {
    const act = ['click'];
    expect(tierOf({ visibility: 'offscreen', actions: act }, true)).toBe(0);
    expect(tierOf({ visibility: 'in_viewport', actions: act })).toBe(1);
    expect(tierOf({ visibility: 'in_viewport', actions: [] })).toBe(2);
    expect(tierOf({ visibility: 'near_viewport', actions: act })).toBe(3);
    expect(tierOf({ visibility: 'near_viewport', actions: [] })).toBe(4);
    expect(tierOf({ visibility: 'unknown', actions: act })).toBe(5);
    expect(tierOf({ visibility: 'no_layout', actions: [] })).toBe(6);
    expect(tierOf({ visibility: 'offscreen', actions: act })).toBe(7);
    expect(tierOf({ visibility: 'offscreen', actions: [] })).toBe(8);
  });
});
