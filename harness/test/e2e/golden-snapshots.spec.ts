import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Driver } from '@sightline/semantic-core';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { launchTestChromium, type TestChromium } from '../../src/index.js';
import { expectGolden } from './support/golden-files.js';
import { openGoldenTab, startGoldenServers, type GoldenServers, type GoldenTab } from './support/golden-pages.js';

// Golden snapshots (issue 15): today's outlines and responses of the fixture mail app and the
// benchmark's pages, so a refactor that must not change behaviour is checked against them.
// Files: harness/test/e2e/golden/<page>.<case>.txt (outline) and .json (normalised response: no
// timings, target/tab/continuation ids or loopback ports; everything else kept).
//
// After an INTENDED change of output, re-record and review the diff of the golden files:
//   SIGHTLINE_UPDATE_GOLDEN=1 pnpm --filter @sightline/harness exec vitest run test/e2e/golden-snapshots.spec.ts
//
// Each case reads through its own Driver session (fresh bind), so its snapshot ids (p1, p2…) and
// element numbers do not depend on which cases ran before. Reads ask for a generous `timeout_ms`
// so a busy machine can never cut a capture short (a cut would change the output).

const READ_TIMEOUT_MS = 60_000;

interface GoldenCase {
  /** Golden file name part. */
  id: string;
  /** Request fields beyond the tab address. */
  request: Record<string, unknown>;
  /** Golden the read that follows the first one's continuation (the first must have one). */
  continuation?: boolean;
}

interface GoldenPage {
  id: string;
  url: (servers: GoldenServers) => string;
  cases: GoldenCase[];
}

const semantic = { snapshot_format: 'semantic_v2' };
const DEFAULT: GoldenCase = { id: 'default', request: semantic };
const INTERACTIVE: GoldenCase = { id: 'interactive-only', request: { ...semantic, interactive_only: true } };
const CONTINUATION: GoldenCase = { id: 'continuation', request: semantic, continuation: true };

const PAGES: GoldenPage[] = [
  {
    id: 'mail-app',
    url: (s) => s.fixture.urls.app,
    cases: [
      DEFAULT,
      INTERACTIVE,
      { id: 'query-more-actions', request: { ...semantic, query: 'More actions' } },
      CONTINUATION,
      { id: 'dom-refs-v1', request: { snapshot_format: 'dom_refs_v1' } },
    ],
  },
  { id: 'mail-app-modal', url: (s) => s.fixture.urls.appWithModal, cases: [DEFAULT, INTERACTIVE] },
  { id: 'inbox-500', url: (s) => s.fixture.inboxUrl(500), cases: [DEFAULT, INTERACTIVE] },
  { id: 'inbox-5000', url: (s) => s.fixture.inboxUrl(5_000), cases: [DEFAULT, INTERACTIVE, CONTINUATION, { id: 'query-star-message', request: { ...semantic, query: 'Star message' } }] },
  { id: 'data-table-500', url: (s) => s.tableUrl, cases: [DEFAULT, INTERACTIVE] },
  { id: 'news-article', url: (s) => s.bench.urls.newsArticle, cases: [DEFAULT, INTERACTIVE] },
  { id: 'settings', url: (s) => s.bench.urls.settings, cases: [DEFAULT, INTERACTIVE] },
];

let servers: GoldenServers;
let chromium: TestChromium;
let tab: GoldenTab;
let driver: Driver;

beforeAll(async () => {
  servers = await startGoldenServers();
  chromium = await launchTestChromium();
  tab = await openGoldenTab(chromium);
  driver = new Driver({ transport: new CdpBrowserTransport() });
});

afterAll(async () => {
  await driver?.close();
  await tab?.close();
  await chromium?.close();
  await servers?.close();
});

/** Binds a fresh session, runs `read` on the tab showing `url`, ends the session. */
async function inSession<T>(session: string, url: string, read: (address: { session: string; target_id: string; tab_id: string }) => Promise<T>): Promise<T> {
  const bound = await driver.bind({ session, cdp_url: chromium.httpEndpoint });
  if (bound.status !== 'ok') throw new Error(`bind failed: ${JSON.stringify(bound)}`);
  const shown = bound.tabs.find((candidate) => candidate.url === url);
  if (!shown) throw new Error(`no tab shows ${url}: ${bound.tabs.map((candidate) => candidate.url).join(', ')}`);
  try {
    return await read({ session, target_id: bound.target_id, tab_id: shown.tab_id });
  } finally {
    await driver.endSession({ session });
  }
}

for (const page of PAGES) {
  describe(`golden ${page.id}`, () => {
    beforeAll(async () => {
      await tab.open(page.url(servers));
    });

    for (const golden of page.cases) {
      it(golden.id, async () => {
        const name = `${page.id}.${golden.id}`;
        const response = await inSession(`golden-${name}`, page.url(servers), async (address) => {
          const first = await driver.snapshot({ ...address, ...golden.request, timeout_ms: READ_TIMEOUT_MS });
          expect(first.status, JSON.stringify(first).slice(0, 500)).toBe('ok');
          if (!golden.continuation) return first;
          const token = (first as { snapshot: { continuation: string | null } }).snapshot.continuation;
          expect(token, `${page.id} has a continuation`).toEqual(expect.any(String));
          const next = await driver.snapshot({ ...address, continuation: token, timeout_ms: READ_TIMEOUT_MS });
          expect(next.status, JSON.stringify(next).slice(0, 500)).toBe('ok');
          return next;
        });
        // The read happened at the goldens' viewport (no session reset the override).
        expect(await tab.viewport()).toBe('1280×800');
        expectGolden(name, response, servers.origins);
      });
    }
  });
}
