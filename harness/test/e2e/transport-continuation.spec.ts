import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SightlineError, type PageCapture } from '@sightline/semantic-core';
import { classifyPage } from '@sightline/semantic-core/page-safe';
import { CdpBrowserTransport, type CdpBrowserConnection } from '@sightline/cdp-transport';
import { findNodes, startTransportFixture, viewportRead, type TransportFixture } from './support/transport-fixture.js';
import { evaluateInPage } from '../../src/index.js';

// Row 6 / 7 at the transport level: ranked continuations, subtree reads, liveness and staleness.

let fixture: TransportFixture;

beforeAll(async () => {
  fixture = await startTransportFixture();
  await fixture.open(fixture.server.urls.app);
});
afterAll(async () => {
  await fixture?.close();
});

const semanticKeys = (capture: PageCapture): Set<string> =>
  new Set(classifyPage(capture).nodes.map((n) => `${capture.nodes[n.index]!.frame}|${capture.nodes[n.index]!.handle}`));

describe('ranked continuations', () => {
  it('keeps off-screen nodes out of the default read and pages through every ranked node exactly once', async () => {
    const first = await fixture.connection.capture(fixture.tabKey, viewportRead(40));
    const ranking = first.coverage.ranking!;
    expect(ranking.shipped).toBeLessThan(ranking.total);
    const classified = classifyPage(first);
    expect(classified.nodes.filter((n) => n.visibility === 'offscreen')).toEqual([]);
    expect(first.coverage.outside!.offscreen).toBeGreaterThan(0);

    const seen = new Set<string>(semanticKeys(first));
    let shippedTotal = ranking.shipped;
    for (let from = ranking.shipped; from < ranking.total; from += 25) {
      const page = await fixture.connection.capture(fixture.tabKey, { scope: { kind: 'ranked', token: ranking.token, from, count: 25 }, nodeBudget: 25, interactiveOnly: false });
      expect(page.coverage.ranking).toEqual({ token: ranking.token, shipped: Math.min(25, ranking.total - from), total: ranking.total });
      shippedTotal += page.coverage.ranking!.shipped;
      for (const key of semanticKeys(page)) seen.add(key);
    }
    expect(shippedTotal).toBe(ranking.total);
    // Everything the document holds (read in full, coverage 'all') was reached by some page.
    const all = await new CdpBrowserTransport({ shipAll: true }).connect(fixture.chromium.httpEndpoint);
    try {
      const full = await all.capture(fixture.tabKey, viewportRead());
      expect(full.coverage.included).toBe('all');
      const everything = semanticKeys(full);
      // Frame keys are minted per connection; handles belong to the document's collector world, which
      // both connections share (same world name) — so compare the main frame's handles.
      const mainFull = new Set([...everything].filter((k) => k.startsWith(`${full.frames[0]!.key}|`)).map((k) => k.split('|')[1]));
      const mainSeen = new Set([...seen].filter((k) => k.startsWith(`${first.frames[0]!.key}|`)).map((k) => k.split('|')[1]));
      expect(mainFull.size).toBeGreaterThan(50);
      const missing = [...mainFull].filter((h) => !mainSeen.has(h));
      const describe = (h: string | undefined) => {
        const node = full.nodes.find((n) => n.frame === full.frames[0]!.key && n.handle === h)!;
        const semantic = classifyPage(full).nodes.find((n) => full.nodes[n.index] === node)!;
        return `${node.role} "${node.name}" ${semantic.visibility} ${JSON.stringify(node.style)} ${JSON.stringify(node.box)}`;
      };
      expect(missing.map(describe)).toEqual([]);
    } finally {
      await all.close();
    }
  });

  it('reads an off-screen region through a subtree scope', async () => {
    const query = await fixture.connection.capture(fixture.tabKey, { scope: { kind: 'query', text: 'More actions' }, nodeBudget: 300, interactiveOnly: false });
    const region = findNodes(query, 'region', 'More actions')[0]!;
    expect(region).toBeDefined();
    const frame = query.frames.find((f) => f.key === region.frame)!;
    const subtree = await fixture.connection.capture(fixture.tabKey, {
      scope: { kind: 'subtree', node: { frame: frame.key, documentKey: frame.documentKey, handle: region.handle } },
      nodeBudget: 300,
      interactiveOnly: false,
    });
    const names = findNodes(subtree, 'button').map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(['Export mailbox', 'Import contacts', 'Keyboard shortcuts', 'Report a problem']));
    expect(findNodes(subtree, 'button', 'Send')).toEqual([]);
  });
});

describe('liveness and staleness', () => {
  it('proves nodes live, detached after a rerender, and every address stale after navigation', async () => {
    const before = await fixture.connection.capture(fixture.tabKey, viewportRead());
    const main = before.frames[0]!;
    const send = findNodes(before, 'button', 'Send')[0]!;
    const heading = findNodes(before, 'heading', 'Quarterly planning review')[0]!;
    const address = (handle: string) => ({ frame: main.key, documentKey: main.documentKey, handle });
    expect(await fixture.connection.proveNode(fixture.tabKey, address(send.handle))).toBe('live');

    await evaluateInPage(fixture.chromium.port, fixture.server.urls.app, `document.getElementById('rerender').click()`);
    const after = await fixture.connection.capture(fixture.tabKey, viewportRead());
    expect(after.frames[0]!.documentKey).toBe(main.documentKey);
    // The rerender replaced the detail view: its old nodes are detached, the new ones have new handles.
    const newHeading = findNodes(after, 'heading', 'Quarterly planning review')[0]!;
    expect(newHeading.handle).not.toBe(heading.handle);
    expect(await fixture.connection.proveNode(fixture.tabKey, address(heading.handle))).toBe('detached');
    expect(await fixture.connection.proveNode(fixture.tabKey, address(newHeading.handle))).toBe('live');
    // A node the rerender did not replace keeps its handle.
    expect(findNodes(after, 'link', 'Archive folder')[0]!.handle).toBe(findNodes(before, 'link', 'Archive folder')[0]!.handle);

    const events: string[] = [];
    const off = fixture.connection.onEvent((event) => events.push(event.type === 'navigated' && event.mainFrame ? 'main-navigated' : event.type));
    await fixture.open(fixture.server.urls.folder);
    off();
    expect(events).toContain('main-navigated');
    expect(await fixture.connection.proveNode(fixture.tabKey, address(send.handle))).toBe('document_changed');
    await expect(
      fixture.connection.capture(fixture.tabKey, { scope: { kind: 'ranked', token: after.coverage.ranking!.token, from: 0, count: 10 }, nodeBudget: 10, interactiveOnly: false }),
    ).rejects.toSatisfy((error: unknown) => SightlineError.isInstance(error) && error.code === 'browser_ref_stale');
    await expect(
      fixture.connection.capture(fixture.tabKey, { scope: { kind: 'subtree', node: address(send.handle) }, nodeBudget: 10, interactiveOnly: false }),
    ).rejects.toSatisfy((error: unknown) => SightlineError.isInstance(error) && error.code === 'browser_ref_stale');
    const fresh = await fixture.connection.capture(fixture.tabKey, viewportRead());
    expect(fresh.frames[0]!.documentKey).not.toBe(main.documentKey);
    await fixture.open(fixture.server.urls.app);
  });

  it('reports tab_closed when a tab goes away', async () => {
    const connection = fixture.connection as CdpBrowserConnection;
    const before = new Set((await connection.listTabs()).map((t) => t.key));
    await fetch(`${fixture.chromium.httpEndpoint}/json/new?about:blank`, { method: 'PUT' });
    const added = (await connection.listTabs()).find((t) => !before.has(t.key))!;
    expect(added.active).toBeNull();
    const closed = new Promise<string>((resolve) => connection.onEvent((e) => e.type === 'tab_closed' && resolve(e.tabKey)));
    await fetch(`${fixture.chromium.httpEndpoint}/json/close/${added.key}`);
    expect(await closed).toBe(added.key);
  });
});
