import type { CapturedNode, PageCapture } from '@sightline/semantic-core';
import { CdpBrowserTransport, type CdpBrowserConnection, type CdpBrowserTransportOptions } from '@sightline/cdp-transport';
import { launchTestChromium, startFixtureServer, type FixtureServer, type TestChromium } from '../../../src/index.js';

export interface TransportFixture {
  server: FixtureServer;
  chromium: TestChromium;
  connection: CdpBrowserConnection;
  /** Key of the tab the fixture navigates. */
  tabKey: string;
  /** Navigate the fixture tab and wait for its load event (through a plain CDP evaluate poll). */
  open(url: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * One fixture server, one headless Chromium (harness launcher), and a CdpBrowserTransport
 * connected to it over the explicit route (the `http://127.0.0.1:<port>` endpoint).
 */
export async function startTransportFixture(options: CdpBrowserTransportOptions = {}): Promise<TransportFixture> {
  const server = await startFixtureServer();
  const chromium = await launchTestChromium();
  const connection = (await new CdpBrowserTransport(options).connect(chromium.httpEndpoint)) as CdpBrowserConnection;
  const tabs = await connection.listTabs();
  const tabKey = tabs[0]!.key;
  return {
    server,
    chromium,
    connection,
    tabKey,
    async open(url: string) {
      await connection.prepareTab(tabKey, { width: 1280, height: 800 }, url);
    },
    async close() {
      await connection.close().catch(() => undefined);
      await chromium.close();
      await server.close();
    },
  };
}

export const viewportRead = (nodeBudget = 300) => ({ scope: { kind: 'viewport' as const }, nodeBudget, interactiveOnly: false });

/** What a read says, without the per-world handles: two reads of one page compare equal by it. */
export function readDigest(capture: PageCapture) {
  return {
    outside: capture.coverage.outside,
    ranking: capture.coverage.ranking && { shipped: capture.coverage.ranking.shipped, total: capture.coverage.ranking.total },
    nodes: capture.nodes.map((n) => `${n.role} ${JSON.stringify(n.name)} ${JSON.stringify(n.value ?? null)} ${JSON.stringify(Object.entries(n.states ?? {}).sort())} ${JSON.stringify(n.box ?? null)}`),
  };
}

/** Nodes of a capture with a role and (exact) name. */
export function findNodes(capture: PageCapture, role: string, name?: string): CapturedNode[] {
  return capture.nodes.filter((n) => n.role === role && (name === undefined || n.name === name));
}

/** Ancestors (nearest first) of node `index`. */
export function ancestorsOf(capture: PageCapture, index: number): CapturedNode[] {
  const out: CapturedNode[] = [];
  for (let p = capture.nodes[index]!.parent; p >= 0; p = capture.nodes[p]!.parent) out.push(capture.nodes[p]!);
  return out;
}
