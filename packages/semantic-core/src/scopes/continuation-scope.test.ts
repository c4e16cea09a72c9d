import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CapabilityStore } from '../capabilities/capability-store.js';
import { readSnapshot } from '../driver/snapshot-reader.js';
import { classifyPage } from '../classify/classify-page.js';
import { FakeBrowser, FakeConnection } from '../testing/fake-ports.js';
import { fakePage, type FakeNodeSpec } from '../testing/fake-ports-pages.js';
import { semanticSnapshotResponseSchema } from '../contract/responses.js';
import type { PageCapture } from '../model/page-capture.js';
import type { SnapshotRequest } from '../contract/requests.js';

function harness(capture: PageCapture, rankedPrefix?: number) {
  const store = new CapabilityStore({ now: () => 0 });
  const browser = new FakeBrowser([{ capture, rankedPrefix }]);
  const connection = new FakeConnection(browser, 'fake', false);
  const target = store.addTarget('s', {
    connection,
    owned: false,
    binding: { route: 'explicit', proof: 'explicit_endpoint', exact: true },
    tabKeys: null,
  });
  const [tab] = store.syncTabs(target, [{ key: browser.firstTabKey(), url: '', title: '', active: true }]);
  const base: SnapshotRequest = { session: 's', target_id: target.id, tab_id: tab!.id };
  return { store, browser, target, tab: tab!, base };
}

const leaf = fc.record({
  role: fc.constantFrom('button', 'link', 'heading', 'text', 'checkbox', 'paragraph'),
  y: fc.integer({ min: -2500, max: 9000 }),
  hidden: fc.boolean(),
});
const pageSpec = fc.array(
  fc.record({ group: fc.boolean(), y: fc.integer({ min: 0, max: 6000 }), children: fc.array(leaf, { maxLength: 4 }) }),
  { minLength: 1, maxLength: 12 },
);

function build(spec: Array<{ group: boolean; y: number; children: Array<{ role: string; y: number; hidden: boolean }> }>): PageCapture {
  let n = 0;
  const toNode = (child: { role: string; y: number; hidden: boolean }): FakeNodeSpec => {
    n += 1;
    const name = `${child.role} ${n}`;
    if (child.role === 'text') return { role: 'text', kind: 'text', name, y: child.y };
    return { role: child.role, name, y: child.y, hidden: child.hidden && n % 3 === 0, attributes: child.role === 'link' ? { href: true } : undefined };
  };
  return fakePage({
    nodes: spec.map((group) => ({
      role: group.group ? 'region' : 'generic',
      name: group.group ? `Region ${(n += 1)}` : '',
      y: group.y,
      children: group.children.map(toNode),
    })),
  });
}

describe('continuation paging', () => {
  it('pages through every ranked node exactly once, tiers 7–8 included, with or without a ranked prefix', async () => {
    await fc.assert(
      fc.asyncProperty(pageSpec, fc.integer({ min: 1, max: 12 }), fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }), async (spec, budget, prefix) => {
        const capture = build(spec);
        const semanticCount = classifyPage(capture).nodes.length;
        const { store, tab, base } = harness(capture, prefix);
        let response = semanticSnapshotResponseSchema.parse(await readSnapshot({ store, target: store.target('s', base.target_id), tab }, { ...base, node_budget: budget }));
        let sum = response.snapshot.selected_nodes;
        const snapshot = tab.current!;
        expect(snapshot.shown.size).toBe(sum);
        let pages = 0;
        while (response.snapshot.continuation) {
          pages += 1;
          expect(pages).toBeLessThan(500);
          response = semanticSnapshotResponseSchema.parse(
            await readSnapshot({ store, target: store.target('s', base.target_id), tab }, { ...base, continuation: response.snapshot.continuation, node_budget: budget }),
          );
          expect(response.snapshot.scope).toBe('continuation');
          expect(response.snapshot.id).toBe(snapshot.id);
          sum += response.snapshot.selected_nodes;
          // No node is shown by two pages: the shown set grows by exactly what each page selected.
          expect(snapshot.shown.size).toBe(sum);
        }
        // Every ranked node was shown by some page.
        expect(sum).toBe(semanticCount);
        expect(response.snapshot.complete).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a used continuation as stale', async () => {
    const capture = fakePage({ nodes: Array.from({ length: 6 }, (_, i) => ({ role: 'button', name: `B${i}`, y: 3000 + i * 40 })) });
    const { store, tab, base } = harness(capture);
    const target = store.target('s', base.target_id);
    const first = semanticSnapshotResponseSchema.parse(await readSnapshot({ store, target, tab }, base));
    expect(first.snapshot.selected_nodes).toBe(0);
    expect(first.snapshot.omitted.offscreen).toBe(6);
    const id = first.snapshot.continuation!;
    const page = semanticSnapshotResponseSchema.parse(await readSnapshot({ store, target, tab }, { ...base, continuation: id }));
    expect(page.refs.map((ref) => ref.name)).toEqual(['B0', 'B1', 'B2', 'B3', 'B4', 'B5']);
    expect(page.snapshot.continuation).toBeNull();
    await expect(readSnapshot({ store, target, tab }, { ...base, continuation: id })).rejects.toMatchObject({ code: 'browser_ref_stale' });
  });

  it('reads past a ranked prefix by asking the transport for more of its ranked list', async () => {
    const capture = fakePage({ nodes: Array.from({ length: 9 }, (_, i) => ({ role: 'button', name: `B${i}`, y: 10 + i * 40 })) });
    const { store, tab, base, browser } = harness(capture, 3);
    const target = store.target('s', base.target_id);
    const first = semanticSnapshotResponseSchema.parse(await readSnapshot({ store, target, tab }, { ...base, node_budget: 3 }));
    expect(first.refs.map((ref) => ref.name)).toEqual(['B0', 'B1', 'B2']);
    expect(first.snapshot.total_nodes).toBe(9);
    expect(first.snapshot.omitted.budget).toBe(6);
    expect(first.snapshot.complete).toBe(false);
    const next = semanticSnapshotResponseSchema.parse(await readSnapshot({ store, target, tab }, { ...base, continuation: first.snapshot.continuation! }));
    expect(next.refs.map((ref) => ref.name)).toEqual(['B3', 'B4', 'B5']);
    const scopes = browser.pageCalls('capture').map((call) => (call.detail as { scope: { kind: string; from?: number } }).scope);
    expect(scopes).toEqual([{ kind: 'viewport' }, { kind: 'ranked', token: expect.any(String), from: 3, count: 3 }]);
  });
});
