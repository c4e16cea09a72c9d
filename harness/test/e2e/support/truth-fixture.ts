import { Driver } from '@sightline/semantic-core';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { evaluateInPage, launchTestChromium, startFixtureServer, type FixtureServer, type TestChromium } from '../../../src/index.js';

export interface TruthSnapshot {
  status: string;
  snapshot: {
    id: string; complete: boolean; scope: string; selected_nodes: number; total_nodes: number;
    omitted: Record<string, number>; continuation: string | null; limits_hit?: string[]; truncated?: boolean;
  };
  outline: string;
  refs: Array<{ ref: string; role: string; name: string; value?: string; states?: Record<string, unknown>; frame: string; visibility: string }>;
  content_refs: Array<{ ref: string; role: string; name: string; visibility: string }>;
  refusal?: { code: string; message: string; detail?: { field?: string } };
}

export interface TruthFixture {
  server: FixtureServer;
  chromium: TestChromium;
  driver: Driver;
  targetId: string;
  /** Tab id of each opened page path. */
  tabs: Map<string, string>;
  snap(path: string, extra?: Record<string, unknown>): Promise<TruthSnapshot>;
  /** Every line of a default read plus all its continuations. */
  readAll(path: string, extra?: Record<string, unknown>): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * One Chromium with one tab per fixture page (static files under harness/app/), loaded before the
 * Driver binds over the explicit route, so each page has its own tab id.
 */
export async function startTruthFixture(paths: string[]): Promise<TruthFixture> {
  const server = await startFixtureServer();
  const chromium = await launchTestChromium();
  try {
    const urls = paths.map((path) => `${server.mainOrigin}${path}`);
    for (const url of urls) await fetch(`${chromium.httpEndpoint}/json/new?${url}`, { method: 'PUT' });
    for (const url of urls) await waitForLoad(chromium.port, url);
    const driver = new Driver({ transport: new CdpBrowserTransport() });
    const bind = (await driver.bind({ session: 'truth', cdp_url: chromium.httpEndpoint })) as unknown as {
      status: string; target_id: string; tabs: Array<{ tab_id: string; url: string }>;
    };
    if (bind.status !== 'ok') throw new Error(`bind failed: ${JSON.stringify(bind)}`);
    const tabs = new Map<string, string>();
    paths.forEach((path, k) => {
      const tab = bind.tabs.find((t) => t.url === urls[k]);
      if (tab) tabs.set(path, tab.tab_id);
    });
    const snap = async (path: string, extra: Record<string, unknown> = {}): Promise<TruthSnapshot> =>
      (await driver.snapshot({ session: 'truth', target_id: bind.target_id, tab_id: tabs.get(path)!, snapshot_format: 'semantic_v2', ...extra })) as unknown as TruthSnapshot;
    return {
      server, chromium, driver, targetId: bind.target_id, tabs, snap,
      async readAll(path, extra = {}) {
        let response = await snap(path, extra);
        const lines = response.outline ? response.outline.split('\n') : [];
        for (let pages = 0; response.snapshot.continuation && pages < 200; pages++) {
          response = await snap(path, { continuation: response.snapshot.continuation });
          if (response.outline) lines.push(...response.outline.split('\n'));
        }
        return lines;
      },
      async close() {
        await driver.endSession({ session: 'truth' }).catch(() => undefined);
        await chromium.close();
        await server.close();
      },
    };
  } catch (error) {
    await chromium.close();
    await server.close();
    throw error;
  }
}

async function waitForLoad(port: number, url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const state = await evaluateInPage(port, url, 'document.readyState').catch(() => 'missing');
    if (state === 'complete') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not load`);
}
