import { describe, expect, it, vi } from 'vitest';

// The page-safe entry is bundled into pages (SPEC §8): it must run without zod.
vi.mock('zod', () => {
  throw new Error('page-safe.ts must not load zod');
});

describe('page-safe entry', () => {
  it('loads and classifies without zod', async () => {
    const ranking = await import('./page-safe.js');
    const { syntheticInbox } = await import('./testing/synthetic-capture.js');
    const page = ranking.classifyPage(syntheticInbox({ elements: 500 }));
    expect(page.ranked.length).toBe(page.nodes.length);
    expect(ranking.rankNodes(page.nodes).map((n) => n.index)).toEqual(page.ranked.map((n) => n.index));
    // The page ranks typed arrays of record indexes (rankIndexes): the same order as the core's.
    const tier = new Uint8Array(Math.max(0, ...page.nodes.map((node) => node.index)) + 1);
    for (const node of page.nodes) tier[node.index] = node.tier;
    const order = ranking.rankIndexes(Int32Array.from(page.nodes, (node) => node.index), tier);
    expect(Array.from(order)).toEqual(page.ranked.map((n) => n.index));
  });
});
