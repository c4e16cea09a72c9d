import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTruthFixture, type TruthFixture, type TruthSnapshot } from './support/truth-fixture.js';

// Accounting and format items of issue 13 and the SPEC §12 snapshot additions, through the Driver
// on a real Chromium.

const ACCOUNTING = '/truth/accounting.html';
const QUERY_CELL = '/truth/query-cell.html';

let fixture: TruthFixture;

beforeAll(async () => {
  fixture = await startTruthFixture([ACCOUNTING, QUERY_CELL]);
}, 120_000);
afterAll(async () => {
  await fixture?.close();
});

const identity = (s: TruthSnapshot): number => {
  const o = s.snapshot.omitted;
  return s.snapshot.selected_nodes + o['budget']! + o['offscreen']! + o['no_layout']! + o['unknown']! + o['filtered']! + o['collapsed']!;
};

describe('accounting and format', () => {
  it('dom_refs_v1 lists the whole document\'s interactive refs in document order, cut at 300, truncated', async () => {
    const s = await fixture.snap(ACCOUNTING, { snapshot_format: 'dom_refs_v1' });
    expect(s.refs).toHaveLength(300);
    expect(s.snapshot.truncated).toBe(true);
    // Document order across the whole page, far below the fold included.
    const far = s.refs.filter((r) => r.name.startsWith('Far button')).map((r) => Number(r.name.slice('Far button '.length)));
    expect(far.length).toBeGreaterThan(100);
    expect(far).toEqual(far.map((_, k) => k + 1));
  });

  it('cuts text over 500 characters with …', async () => {
    const s = await fixture.snap(ACCOUNTING);
    const line = s.outline.split('\n').find((l) => l.includes('Long text start'))!;
    expect(line).toMatch(/…"$/);
    expect(line).not.toContain('long text end');
  });

  it('redacted fields carry filled/empty in their JSON states', async () => {
    const s = await fixture.snap(ACCOUNTING);
    expect(s.refs.find((r) => r.name === 'Secret')?.states).toMatchObject({ filled: true });
    expect(s.refs.find((r) => r.name === 'Empty secret')?.states).toMatchObject({ empty: true });
    expect(JSON.stringify(s)).not.toContain('hunter2');
  });

  it('max_children folds a long run of same-role siblings into "… N more", counted in omitted.collapsed', async () => {
    const s = await fixture.snap(ACCOUNTING, { max_children: 10 });
    expect(s.outline).toMatch(/^ {2,}- … \d+ more listitem$/m);
    expect(s.snapshot.omitted['collapsed']).toBeGreaterThan(0);
    expect(s.snapshot.limits_hit).toContain('max_children');
    expect(identity(s)).toBe(s.snapshot.total_nodes);
    expect(s.refs.filter((r) => r.name.startsWith('Item '))).toHaveLength(10);
    // Default 50.
    const byDefault = await fixture.snap(ACCOUNTING);
    expect(byDefault.refs.filter((r) => r.name.startsWith('Item ')).length).toBeLessThanOrEqual(50);
    expect(identity(byDefault)).toBe(byDefault.snapshot.total_nodes);
  });

  it('include_urls prints [url=…], same-origin links as a path', async () => {
    const s = await fixture.snap(ACCOUNTING, { include_urls: true });
    expect(s.outline).toContain('link "Same origin link" [url=/truth/target.html?x=1#top]');
    expect(s.outline).toContain('link "Other origin link" [url=https://example.com/page]');
    expect((await fixture.snap(ACCOUNTING)).outline).not.toContain('[url=');
  });

  it('interactive_only and max_depth exclusions have their own reason, and the identity stays exact', async () => {
    const s = await fixture.snap(ACCOUNTING, { interactive_only: true });
    expect(s.snapshot.omitted['filtered']).toBeGreaterThan(0);
    expect(identity(s)).toBe(s.snapshot.total_nodes);
    const deep = await fixture.snap(ACCOUNTING, { max_depth: 0 });
    expect(deep.snapshot.omitted['filtered']).toBeGreaterThan(0);
    expect(identity(deep)).toBe(deep.snapshot.total_nodes);
  });

  it('validates the new bounds like the others', async () => {
    for (const bad of [{ max_children: 0 }, { max_children: 1001 }, { timeout_ms: 499 }, { timeout_ms: 60_001 }, { include_urls: 'yes' }]) {
      const s = await fixture.snap(ACCOUNTING, bad);
      expect(s.status, JSON.stringify(bad)).toBe('refused');
      expect(s.refusal?.code).toBe('browser_invalid_request');
    }
    const s = await fixture.snap(ACCOUNTING, { timeout_ms: 500 });
    expect(s.status).toBe('ok');
  });

  it('query "id" keeps a matching textbox whose cell\'s name has the same text, and says complete', async () => {
    const s = await fixture.snap(QUERY_CELL, { query: 'id' });
    expect(s.refs.map((r) => r.name)).toEqual(['id', 'customer id']);
    expect(s.snapshot.continuation).toBeNull();
    expect(s.snapshot.complete).toBe(true);
  });

  it('a subtree read that shows everything is complete', async () => {
    const first = await fixture.snap(QUERY_CELL);
    const table = first.content_refs.find((r) => r.role === 'table')!;
    const s = await fixture.snap(QUERY_CELL, { scope_ref: table.ref });
    expect(s.snapshot.scope).toBe('subtree');
    expect(s.snapshot.continuation).toBeNull();
    expect(s.snapshot.complete).toBe(true);
  });

  it('a continuation presented on the wrong tab is refused without being used up', async () => {
    const s = await fixture.snap(ACCOUNTING);
    const continuation = s.snapshot.continuation!;
    expect(continuation).toBeTruthy();
    const wrong = await fixture.snap(QUERY_CELL, { continuation });
    expect(wrong.status).toBe('refused');
    expect(wrong.refusal?.detail?.field).toBe('continuation');
    const right = await fixture.snap(ACCOUNTING, { continuation });
    expect(right.status).toBe('ok');
    expect(right.snapshot.scope).toBe('continuation');
  });
});
