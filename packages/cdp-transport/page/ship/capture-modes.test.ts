import { describe, expect, it } from 'vitest';
import { VIEWPORT_MAX_TIER } from '@sightline/semantic-core/page-safe';
import { hitsInDocumentOrder, isWithin, subtreePicks, viewportPicks } from './capture-modes.js';

describe('capture modes', () => {
  it('the default read takes ranked records up to the viewport tier limit and the ship limit', () => {
    const order = [5, 2, 9, 1, 7];
    const tiers = [0, 1, VIEWPORT_MAX_TIER, VIEWPORT_MAX_TIER + 1, VIEWPORT_MAX_TIER + 2];
    expect(viewportPicks(order, tiers, 10)).toEqual([5, 2, 9]);
    expect(viewportPicks(order, tiers, 2)).toEqual([5, 2]);
  });

  it('query and interactive hits come in document order', () => {
    expect(hitsInDocumentOrder([9, 3, 7, 1], (i) => i !== 7)).toEqual([1, 3, 9]);
  });

  it('a subtree read takes ranked records inside the root, adds the root, and counts what is inside', () => {
    // 0 ─ 1 ─ 2
    //   └ 3 ─ 4
    const parent = [-1, 0, 1, 0, 3];
    expect(isWithin(parent, 2, 1)).toBe(true);
    expect(isWithin(parent, 4, 1)).toBe(false);
    expect(subtreePicks([4, 2, 3, 1], parent, 3, 5)).toEqual({ picked: [4, 3], within: 2 });
    expect(subtreePicks([2, 4, 1], parent, 0, 1)).toEqual({ picked: [2, 0], within: 3 });
  });
});
