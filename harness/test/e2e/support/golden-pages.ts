import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import CDP from 'chrome-remote-interface';
import { startFixtureServer, type FixtureServer, type TestChromium } from '../../../src/index.js';
import { generateDataTablePage, startBenchPageServer, type BenchPageServer } from '../../../bench/pages/index.js';
import type { GoldenOrigins } from './golden-files.js';

/** Rows of the golden data table: the bench's page at 500 of its 10,000 rows (same generator), so one read stays well inside every budget. */
export const GOLDEN_TABLE_ROWS = 500;

/** The servers behind the golden pages: the fixture (mail app, inbox), the bench's sites, a small data table. */
export interface GoldenServers {
  fixture: FixtureServer;
  bench: BenchPageServer;
  /** URL of the data table page with GOLDEN_TABLE_ROWS rows. */
  tableUrl: string;
  /** This run's origins, keyed by the placeholder that replaces them in goldens. */
  origins: GoldenOrigins;
  close(): Promise<void>;
}

export async function startGoldenServers(): Promise<GoldenServers> {
  const fixture = await startFixtureServer();
  const bench = await startBenchPageServer();
  const html = Buffer.from(generateDataTablePage(GOLDEN_TABLE_ROWS), 'utf8');
  const table: Server = createServer((request, response) => {
    if (request.url !== '/table') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': html.length, 'Cache-Control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve, reject) => {
    table.once('error', reject);
    table.listen(0, '127.0.0.1', () => resolve());
  });
  const tableOrigin = `http://127.0.0.1:${(table.address() as AddressInfo).port}`;
  return {
    fixture,
    bench,
    tableUrl: `${tableOrigin}/table`,
    origins: {
      '<fixture>': fixture.mainOrigin,
      '<fixture-second>': fixture.secondOrigin,
      '<bench>': bench.origin,
      '<bench-second>': bench.secondOrigin,
      '<table>': tableOrigin,
    },
    async close() {
      table.closeAllConnections();
      await new Promise<void>((resolve) => table.close(() => resolve()));
      await bench.close();
      await fixture.close();
    },
  };
}

/**
 * The one tab the goldens read, driven over the test's own CDP connection (not through Sightline,
 * so navigating does not touch the sessions under test).
 */
export interface GoldenTab {
  /** Navigate, wait for the load event (every frame, OOPIFs included), then for the page to settle. */
  open(url: string): Promise<void>;
  /** The page's viewport now (`innerWidth`×`innerHeight`). */
  viewport(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Settled = fonts loaded and two animation frames rendered after load, so layout (and with it
 * in-viewport / near / offscreen) is final before the read. Also reports the viewport.
 */
const SETTLE = `(async () => {
  await document.fonts.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return { ready: document.readyState, fonts: document.fonts.status, width: innerWidth, height: innerHeight };
})()`;

export async function openGoldenTab(chromium: TestChromium): Promise<GoldenTab> {
  const targets = await CDP.List({ host: '127.0.0.1', port: chromium.port });
  const page = targets.find((target) => target.type === 'page');
  if (!page) throw new Error('no page target');
  const client = await CDP({ host: '127.0.0.1', port: chromium.port, target: page.id });
  await client.Page.enable();
  // `--window-size=1280,800` leaves a smaller viewport in new headless (1280×657 here); the product's
  // managed launch sets the viewport itself, and so do the goldens. The override lives as long as
  // this client, so it holds for every Driver session that reads the tab.
  await client.Emulation.setDeviceMetricsOverride({ width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });
  return {
    async open(url) {
      const loaded = client.Page.loadEventFired();
      const { errorText } = await client.Page.navigate({ url });
      if (errorText) throw new Error(`navigation to ${url} failed: ${errorText}`);
      await loaded;
      const { result, exceptionDetails } = await client.Runtime.evaluate({ expression: SETTLE, awaitPromise: true, returnByValue: true });
      if (exceptionDetails) throw new Error(`settling ${url} failed: ${exceptionDetails.text}`);
      const state = result.value as { ready: string; fonts: string; width: number; height: number };
      // The goldens are the 1280×800 viewport's; anything else would be a different page.
      if (state.ready !== 'complete' || state.fonts !== 'loaded' || state.width !== 1280 || state.height !== 800) {
        throw new Error(`${url} did not settle at 1280×800: ${JSON.stringify(state)}`);
      }
    },
    async viewport() {
      const { result } = await client.Runtime.evaluate({ expression: '`${innerWidth}×${innerHeight}`', returnByValue: true });
      return result.value as string;
    },
    async close() {
      await client.close();
    },
  };
}
