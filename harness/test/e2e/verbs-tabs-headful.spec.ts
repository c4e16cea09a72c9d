import CDP from 'chrome-remote-interface';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Driver, bindResponseSchema, tabsResponseSchema, type SemanticSnapshotResponse, type TabsResponse } from '@sightline/semantic-core';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { createNativePlatform, processTree, type X11NativePlatform } from '@sightline/platform-linux';
import { startFixtureServer, type FixtureServer } from '../../src/index.js';
import { TEST_X11_TIMEOUT_MS, XSession, XTestClient, findExecutable, launchHeadfulChromium, sleep, waitFor, type HeadfulChromium } from './support/native-x-session.js';

// SPEC §12 browser_tabs on a HEADFUL Chromium under Xvfb + openbox: new (background), select,
// acting in the new tab, and close never change the user's visible tab. Proven with the X11
// sentinels (the browser window stays _NET_ACTIVE_WINDOW with the user's page in its title, and
// the stacking order stays) and with document.visibilityState (the user's tab stays visible and
// never turns hidden; the new tab is hidden).

const xvfb = findExecutable('Xvfb');
const openbox = findExecutable('openbox');
const chromiumPath = process.env.SIGHTLINE_CHROME || findExecutable('chromium') || '/usr/bin/chromium';
const skipReason = !xvfb ? 'Xvfb is not installed' : !openbox ? 'openbox is not installed' : null;
const BOUNDS = { x: 20, y: 20, width: 1000, height: 700 };

describe.skipIf(skipReason !== null)(`browser_tabs keeps the user's tab in front, headful under Xvfb${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let server: FixtureServer;
  let session: XSession;
  let platform: X11NativePlatform;
  let x: XTestClient;
  let browser: HeadfulChromium;
  let driver: Driver;
  let browserWindow: number;
  let userPage: string;

  /** Evaluates in the main world of the page target whose URL contains `urlPart` (test-only side channel). */
  async function evaluateIn<T>(urlPart: string, expression: string): Promise<T> {
    const targets = await CDP.List({ host: '127.0.0.1', port: browser.port });
    const target = targets.find((candidate) => candidate.type === 'page' && candidate.url.includes(urlPart));
    if (!target) throw new Error(`no page at ${urlPart}`);
    const client = await CDP({ host: '127.0.0.1', port: browser.port, target: target.id });
    try {
      const { result, exceptionDetails } = await client.Runtime.evaluate({ expression, returnByValue: true });
      if (exceptionDetails) throw new Error(`evaluate failed: ${exceptionDetails.text}`);
      return result.value as T;
    } finally {
      await client.close();
    }
  }

  /** What the user sees: the active window, its title, the stacking order, and the user's tab's visibility history. */
  async function picture() {
    const windows = await platform.listWindows();
    const active = await x.activeWindow();
    return {
      active,
      title: windows.find((window) => window.windowId === browserWindow)?.title,
      stacking: await platform.stackingOrder(),
      userTab: await evaluateIn<string[]>('/verbs/tabs.html', 'window.__visibility'),
    };
  }

  beforeAll(async () => {
    server = await startFixtureServer();
    userPage = `${server.mainOrigin}/verbs/tabs.html`;
    session = await XSession.start();
    platform = createNativePlatform({ display: session.display, timeoutMs: TEST_X11_TIMEOUT_MS });
    x = await XTestClient.open(session.display);
    browser = await launchHeadfulChromium(chromiumPath, { display: session.display, url: userPage, position: BOUNDS, size: BOUNDS });
    browserWindow = await waitFor('the browser window with the user page in its title', async () => {
      const tree = new Set(await processTree(browser.pid));
      const mine = (await platform.listWindows()).filter((window) => tree.has(window.pid) && window.title.includes('Tabs fixture'));
      return mine.length === 1 ? (mine[0]!.windowId as number) : null;
    });
    await x.activate(browserWindow);
    await waitFor('the browser window active', async () => ((await x.activeWindow()) === browserWindow ? true : null));
    await waitFor('the user tab visible', async () => ((await evaluateIn<string>('/verbs/tabs.html', 'document.visibilityState')) === 'visible' ? true : null));
    driver = new Driver({ transport: new CdpBrowserTransport() });
  }, 180_000);

  afterAll(async () => {
    const steps: Array<() => unknown> = [() => driver?.close(), () => x?.close(), () => browser?.stop(), () => session?.stop(), () => server?.close()];
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        console.error('[verbs-tabs-headful] cleanup step failed:', error);
      }
    }
  }, 60_000);

  it('new, select, snapshot + click in the new tab, and close leave the user\'s tab in front and visible', async () => {
    const bound = bindResponseSchema.parse(await driver.bind({ session: 'headful-tabs', cdp_url: browser.httpEndpoint }));
    const base = { session: 'headful-tabs', target_id: bound.target_id };
    const userTab = bound.tabs.find((tab) => tab.url === userPage)!.tab_id;
    const before = await picture();
    expect(before.active).toBe(browserWindow);
    expect(before.title).toContain('Tabs fixture');
    expect(before.userTab).toEqual(['visible']);

    const opened = tabsResponseSchema.parse(await driver.tabs({ ...base, action: 'new', url: `${server.mainOrigin}/verbs/popup.html?via=headful` }));
    const newTab = opened.tab_id!;
    expect(await evaluateIn<string>('via=headful', 'document.visibilityState')).toBe('hidden');
    const selected: TabsResponse = tabsResponseSchema.parse(await driver.tabs({ ...base, action: 'select', tab_id: newTab }));
    expect(selected.selected_tab_id).toBe(newTab);

    const address = { ...base, tab_id: newTab };
    const snapshot = (await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' })) as SemanticSnapshotResponse;
    expect(snapshot.status).toBe('ok');
    const done = snapshot.refs.find((ref) => ref.role === 'button' && ref.name === 'Mark done')!;
    const clicked = await driver.click({ ...address, ref: done.ref });
    expect(clicked).toMatchObject({ status: 'ok', action: 'click' });
    expect(await evaluateIn('via=headful', 'window.__clicks'), `click answered ${JSON.stringify(clicked)}`).toEqual([{ id: 'done', trusted: true }]);
    // (Acting on a tab turns on Chromium's focus emulation, which keeps it rendering as if shown, so
    // the new tab may now report itself visible; the user's tab and window are what must not change.)

    await sleep(500); // let any window-manager reaction (raise, retitle) land before looking
    expect(await picture()).toEqual(before);

    const closed = tabsResponseSchema.parse(await driver.tabs({ ...base, action: 'close', tab_id: newTab }));
    expect(closed.tabs.map((tab) => tab.tab_id)).toEqual([userTab]);
    await sleep(500);
    expect(await picture()).toEqual(before);
    expect(await evaluateIn<string>('/verbs/tabs.html', 'document.visibilityState')).toBe('visible');
  });
});
