import CDP from 'chrome-remote-interface';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Driver, type SemanticSnapshotResponse } from '@sightline/semantic-core';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { startFixtureServer, type FixtureServer } from '../../src/index.js';
import { XSession, findExecutable, launchHeadfulChromium, waitFor, type HeadfulChromium } from './support/native-x-session.js';
import { startCdpRecorder, type CdpRecorder } from './support/actions-recorder.js';

// SPEC §12 on a HEADFUL Chromium under Xvfb: there `clickDelivery: 'auto'` resolves to keyboard
// delivery (focus + Enter, no pointer event, so the window is never raised), and a key that opens
// an alert must return at once with the dialog just like a mouse click does.

const xvfb = findExecutable('Xvfb');
const openbox = findExecutable('openbox');
const chromiumPath = process.env.SIGHTLINE_CHROME || findExecutable('chromium') || '/usr/bin/chromium';
const skipReason = !xvfb ? 'Xvfb is not installed' : !openbox ? 'openbox is not installed' : null;

describe.skipIf(skipReason !== null)(`dialogs on a headful browser under Xvfb${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let server: FixtureServer;
  let session: XSession;
  let browser: HeadfulChromium;
  let recorder: CdpRecorder;
  let driver: Driver;
  let address: { session: string; target_id: string; tab_id: string };
  let page: string;

  beforeAll(async () => {
    server = await startFixtureServer();
    page = `${server.mainOrigin}/dialogs/index.html`;
    session = await XSession.start();
    browser = await launchHeadfulChromium(chromiumPath, { display: session.display, url: page, position: { x: 20, y: 20 }, size: { width: 1000, height: 700 } });
    // The browser reports its tab at the page's URL while the first (blank) document is still up:
    // wait until the page itself has loaded, or the first snapshot may read that blank document.
    await waitFor('the dialogs page loaded', () => pageLoaded(browser.port, page));
    const version = await CDP.Version({ host: '127.0.0.1', port: browser.port });
    recorder = await startCdpRecorder(version.webSocketDebuggerUrl);
    driver = new Driver({ transport: new CdpBrowserTransport() }); // clickDelivery auto
    const bound = await driver.bind({ session: 'dialogs-headful', cdp_url: recorder.endpoint });
    if (bound.status !== 'ok') throw new Error(`bind failed: ${JSON.stringify(bound)}`);
    const tab = bound.tabs.find((t) => t.url.startsWith(page));
    if (!tab) throw new Error(`no tab on ${page}: ${JSON.stringify(bound.tabs)}`);
    address = { session: 'dialogs-headful', target_id: bound.target_id, tab_id: tab.tab_id };
  });
  afterAll(async () => {
    await driver?.close();
    await recorder?.close();
    await browser?.stop();
    await session?.stop();
    await server?.close();
  });

  async function snapshot(): Promise<SemanticSnapshotResponse> {
    const result = await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' });
    if (result.status !== 'ok' || !('outline' in result)) throw new Error(`snapshot failed: ${JSON.stringify(result)}`);
    return result;
  }

  it('a keyboard-delivered click that opens an alert returns at once with the dialog; accept closes it', async () => {
    const snap = await snapshot();
    const button = snap.refs.find((r) => r.role === 'button' && r.name === 'Show alert');
    if (!button) throw new Error(`no "Show alert" button on ${snap.page.url}`);
    const mark = recorder.mark();
    const clicked = await driver.click({ ...address, ref: button.ref });
    expect(clicked).toEqual({ status: 'ok', action: 'click', ref: button.ref, effect: 'confirmed', navigation: false, dialog: { type: 'alert', message: 'Saved: all done' } });
    const inputs = recorder.since(mark).filter((c) => c.method.startsWith('Input.'));
    // Delivered by key (Enter), never by the pointer.
    expect(inputs.some((c) => c.method === 'Input.dispatchKeyEvent' && c.params.key === 'Enter')).toBe(true);
    expect(inputs.some((c) => c.method === 'Input.dispatchMouseEvent')).toBe(false);

    expect((await snapshot()).page.dialog).toEqual({ type: 'alert', message: 'Saved: all done' });
    expect(await driver.dialog({ ...address, action: 'accept' })).toMatchObject({ status: 'ok', action: 'dialog' });
    const after = await snapshot();
    expect(after.page.dialog).toBeUndefined();
    expect(after.outline).toContain('{\\"kind\\":\\"alert\\",\\"returned\\":\\"closed\\"}');
  });
});

/** Whether the page tab at `url` shows that document, fully loaded (a test-only side channel). */
async function pageLoaded(port: number, url: string): Promise<boolean> {
  const target = (await CDP.List({ host: '127.0.0.1', port })).find((candidate) => candidate.type === 'page' && candidate.url.startsWith(url));
  if (!target) return false;
  const client = await CDP({ host: '127.0.0.1', port, target: target.id });
  try {
    const { result } = await client.Runtime.evaluate({ expression: `location.href.startsWith(${JSON.stringify(url)}) && document.readyState === 'complete'`, returnByValue: true });
    return result.value === true;
  } finally {
    await client.close();
  }
}
