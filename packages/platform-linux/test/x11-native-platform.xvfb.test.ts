import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromeFlags } from '@sightline/cdp-transport';
import { X11NativePlatform, processTree } from '../src/index.js';
import { HeadfulChromium, SentinelWindow, TEST_X11_TIMEOUT_MS, XSession, findExecutable, startXvfb, stopGroup, waitFor } from '../src/testing/index.js';
import { X11Connection } from '../src/x11-connection.js';

// Real X11: Xvfb + openbox + a headful Chromium, all started here and stopped after.
const xvfb = findExecutable('Xvfb');
const openbox = findExecutable('openbox');
const chromium = process.env.SIGHTLINE_CHROME || findExecutable('chromium') || '/usr/bin/chromium';
const skipReason = !xvfb ? 'Xvfb is not installed' : !openbox ? 'openbox is not installed' : null;

describe.skipIf(skipReason !== null)(`X11NativePlatform under Xvfb${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let session: XSession;
  let browser: HeadfulChromium;
  let platform: X11NativePlatform;
  let canary: SentinelWindow | undefined;

  beforeAll(async () => {
    session = await XSession.start();
    // A generous X timeout: the displays are live, only the machine may be busy (issue 17).
    platform = new X11NativePlatform({ display: session.display, timeoutMs: TEST_X11_TIMEOUT_MS });
    browser = await HeadfulChromium.launch(chromium, {
      display: session.display,
      url: 'about:blank',
      position: { x: 10, y: 10 },
      size: { width: 900, height: 700 },
      chromeFlags,
    });
  }, 150_000);

  afterAll(async () => {
    canary?.close();
    await browser?.stop();
    await session?.stop();
  }, 30_000);

  async function chromiumWindow() {
    const tree = new Set(await processTree(browser.pid));
    return waitFor('the Chromium window', async () => (await platform.listWindows()).find((window) => tree.has(window.pid)));
  }

  it('is available with a display', async () => {
    expect(await platform.unavailableReason()).toBeNull();
  });

  it("lists Chromium's window with its pid, title and bounds", async () => {
    const window = await chromiumWindow();
    expect(typeof window.windowId).toBe('number');
    expect(window.app.toLowerCase()).toMatch(/chrom/);
    expect(window.title).toMatch(/about:blank|Chrom/);
    // --window-size=900,700 at 10,10; the window manager may nudge it by a few pixels.
    expect(Math.abs(window.bounds.width - 900)).toBeLessThanOrEqual(8);
    expect(Math.abs(window.bounds.height - 700)).toBeLessThanOrEqual(8);
    expect(Math.abs(window.bounds.x - 10)).toBeLessThanOrEqual(8);
    expect(Math.abs(window.bounds.y - 10)).toBeLessThanOrEqual(8);
  });

  it('proves the DevTools endpoint: listening socket and DevToolsActivePort agree', async () => {
    const window = await chromiumWindow();
    const file = await browser.activePort();
    const endpoints = await waitFor('the DevTools listener', async () => {
      const found = await platform.listeningEndpoints(window.pid);
      return found.some((endpoint) => endpoint.port === file.port) ? found : null;
    });
    expect(endpoints).toContainEqual({ pid: window.pid, host: '127.0.0.1', port: file.port });
    expect(endpoints.every((endpoint) => endpoint.host === '127.0.0.1' || endpoint.host === '::1')).toBe(true);
    expect(await platform.devToolsActivePort(window.pid)).toEqual(file);
  });

  it('fingerprints the browser process stably', async () => {
    const window = await chromiumWindow();
    const first = await platform.fingerprint(window.pid);
    expect(first).toMatchObject({ pid: window.pid });
    expect(first?.executable).toMatch(/chrom/);
    expect(first?.startTime).toMatch(/^\d+$/);
    expect(await platform.fingerprint(window.pid)).toEqual(first);
  });

  it('reads stacking order and sentinels', async () => {
    const window = await chromiumWindow();
    const order = await platform.stackingOrder();
    expect(order).toContain(window.windowId);
    const sentinels = await platform.sentinels();
    expect(sentinels.pointer).toEqual({ x: expect.any(Number), y: expect.any(Number) });
    expect(sentinels.foregroundWindow === null || typeof sentinels.foregroundWindow === 'number').toBe(true);
  });

  it('canary: the sentinels see a raise/focus change and a pointer move', async () => {
    const browserWindow = await chromiumWindow();
    // Start from Chromium active so that the change below is observable.
    canary = await SentinelWindow.create(session.display, 'Sightline canary', { x: 1000, y: 600, width: 160, height: 120 }, { wmClass: 'SightlineCanary' });
    await canary.activate(browserWindow.windowId as number);
    // The window manager moves the input focus after it activates the window: wait for both, and
    // keep that very sample as `before` (a second read could race the window manager's focus moves;
    // CI saw one find the focus back on the freshly mapped canary).
    const before = await waitFor('Chromium active and focused', async () => {
      const now = await platform.sentinels();
      return now.foregroundWindow === browserWindow.windowId && now.inputFocus !== canary!.id ? now : null;
    });
    expect(before.foregroundWindow).toBe(browserWindow.windowId);

    const canaryId = canary.id;
    const listed = await waitFor('the canary in the client list', async () =>
      (await platform.listWindows()).find((window) => window.windowId === canaryId),
    );
    expect(listed).toMatchObject({ pid: process.pid, title: 'Sightline canary', app: 'SightlineCanary' });

    await canary.activate();
    const after = await waitFor('the canary active and focused', async () => {
      const now = await platform.sentinels();
      return now.foregroundWindow === canaryId && now.inputFocus === canaryId ? now : null;
    });
    expect(after.foregroundWindow).not.toBe(before.foregroundWindow);
    expect(after.inputFocus).not.toBe(before.inputFocus);
    const order = await platform.stackingOrder();
    expect(order[order.length - 1]).toBe(canaryId);
    expect(order.indexOf(browserWindow.windowId)).toBeLessThan(order.indexOf(canaryId));

    await canary.warpPointer(123, 234);
    expect((await platform.sentinels()).pointer).toEqual({ x: 123, y: 234 });
  });

  it('keeps atom ids per X server: a second display in the same process reads its own properties', async () => {
    // Intern extra atoms on the first server so the two servers number the next one differently.
    await X11Connection.with(session.display, TEST_X11_TIMEOUT_MS, async (connection) => {
      await connection.atom('SIGHTLINE_TEST_SHIFT_A');
      await connection.atom('SIGHTLINE_TEST_SHIFT_B');
      await connection.atom('SIGHTLINE_TEST_PROBE');
    });
    const second = await startXvfb(['-screen', '0', '640x480x24', '-nolisten', 'tcp']);
    try {
      const other = new X11NativePlatform({ display: second.display, timeoutMs: TEST_X11_TIMEOUT_MS });
      // No window manager there: the root has no _NET_SUPPORTING_WM_CHECK and no client list.
      expect(await other.listWindows()).toEqual([]);
      await X11Connection.with(second.display, TEST_X11_TIMEOUT_MS, async (connection) => {
        expect(await connection.property(connection.root, 'SIGHTLINE_TEST_PROBE')).toBeNull();
        expect(await connection.property(connection.root, '_NET_SUPPORTING_WM_CHECK')).toBeNull();
      });
      // And the first display still answers with its own ids.
      expect((await platform.listWindows()).length).toBeGreaterThan(0);
    } finally {
      await stopGroup(second.child);
    }
  });
});
