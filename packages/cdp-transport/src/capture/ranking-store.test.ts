import { describe, expect, it } from 'vitest';
import { comparePaths, RankingStore } from './ranking-store.js';
import { pruneShipped, type ShipResult, type ShippedNode } from './shipped.js';

describe('comparePaths', () => {
  it('orders by document position across frames: an <iframe> precedes its content, which precedes what follows it', () => {
    const owner = [10];
    const inFrame = [10, 3];
    const after = [11];
    const before = [9];
    const sorted = [after, inFrame, owner, before].sort(comparePaths);
    expect(sorted).toEqual([before, owner, inFrame, after]);
  });
});

describe('RankingStore', () => {
  it('mints fresh tokens, forgets the oldest beyond its limit, and drops a closed tab’s', () => {
    const store = new RankingStore(2);
    const a = store.add('tab-a', [{ frameId: 'F', loaderId: 'L', worldToken: 'w1', path: [], total: 5 }]);
    const b = store.add('tab-b', [{ frameId: 'G', loaderId: 'M', worldToken: 'w1', path: [], total: 3 }]);
    expect(a.token).not.toBe(b.token);
    expect(a.total).toBe(5);
    store.add('tab-a', []);
    expect(store.get(a.token)).toBeUndefined();
    store.dropTab('tab-b');
    expect(store.get(b.token)).toBeUndefined();
  });
});

describe('pruneShipped', () => {
  const node = (handle: number, parent: number, extra: Partial<ShippedNode> = {}): ShippedNode => ({ handle, record: handle, parent, kind: 'element', role: 'generic', name: '', vis: null, ...extra });
  it('keeps chosen nodes with their ancestors, re-indexes, and counts the dropped semantic ones', () => {
    const ship: ShipResult = {
      url: '', title: '', viewport: { width: 1, height: 1 }, scroll: { x: 0, y: 0 },
      nodes: [node(1, -1), node(2, 0, { role: 'button', vis: 'in_viewport', tier: 1 }), node(3, 0), node(4, 2, { role: 'button', vis: 'offscreen', tier: 7, coveredBy: 1 })],
      focused: 3, activeDialog: -1, exhausted: [], outside: { offscreen: 2 }, ranking: null, included: 'ranked_prefix', walked: 4,
    };
    const pruned = pruneShipped(ship, (n) => n.handle === 4);
    expect(pruned.nodes.map((n) => n.handle)).toEqual([1, 3, 4]);
    expect(pruned.nodes.map((n) => n.parent)).toEqual([-1, 0, 1]);
    expect(pruned.focused).toBe(2);
    expect(pruned.nodes[2]!.coveredBy).toBeUndefined();
    expect(pruned.outside).toEqual({ offscreen: 2, in_viewport: 1 });
  });
});
