import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Driver, type ActionRef, type Rect, type SemanticSnapshotResponse } from '@sightline/semantic-core';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { createNativePlatform, processTree, type X11NativePlatform } from '@sightline/platform-linux';
import { evaluateInPage, readFixtureJournal, startFixtureServer, type FixtureServer } from '../../src/index.js';
import {
  SentinelWindow,
  TEST_X11_TIMEOUT_MS,
  XSession,
  findExecutable,
  isAlive,
  launchHeadfulChromium,
  sleep,
  spawnIdleProcess,
  waitFor,
  type HeadfulChromium,
} from './support/native-x-session.js';

// SPEC §3 route 1 (native window) and §6 background safety, for real: Xvfb + openbox, headful
// Chromium processes, the Driver over CdpBrowserTransport and the X11 platform adapter. Every
// process this file starts runs in its own process group and is killed in afterAll.

const xvfb = findExecutable('Xvfb');
const openbox = findExecutable('openbox');
const chromiumPath = process.env.SIGHTLINE_CHROME || findExecutable('chromium') || '/usr/bin/chromium';
const skipReason = !xvfb ? 'Xvfb is not installed' : !openbox ? 'openbox is not installed' : null;

const A_BOUNDS = { x: 20, y: 20, width: 1040, height: 740 };
const B_BOUNDS = { x: 700, y: 380, width: 560, height: 400 };
const B2_BOUNDS = { x: 60, y: 420, width: 520, height: 340 };
const SENTINEL_BOUNDS = { x: 320, y: 220, width: 360, height: 220 };
const TOLERANCE = 8;

interface WindowRow {
  pid: number;
  window_id: number | string;
  title: string;
  bounds: Rect;
  app: string;
}
interface BindOk {
  status: 'ok';
  target_id: string;
  binding: { route: string; proof: string; exact: boolean };
  browser: { product: string; protocol: string };
  tabs: Array<{ tab_id: string; url: string; title: string; active: boolean | null }>;
}
interface Outcome {
  status: string;
  refusal?: { code: string; message: string };
  error?: { code: string; message: string };
}

function expectOk<T>(result: unknown): T {
  if ((result as Outcome).status !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(result)}`);
  return result as T;
}

function near(actual: Rect, expected: Rect, tolerance = TOLERANCE): boolean {
  return (
    Math.abs(actual.x - expected.x) <= tolerance &&
    Math.abs(actual.y - expected.y) <= tolerance &&
    Math.abs(actual.width - expected.width) <= tolerance &&
    Math.abs(actual.height - expected.height) <= tolerance
  );
}

function refOf(snapshot: SemanticSnapshotResponse, role: string, name: string): ActionRef {
  const matches = snapshot.refs.filter((ref) => ref.role === role && ref.name === name);
  if (matches.length !== 1) throw new Error(`expected one ${role} "${name}", found ${matches.length}`);
  return matches[0]!;
}

/** A failure that is not a success: a refusal with one of `codes`, or a transport error. */
function expectNotDone(result: unknown, codes: string[]): void {
  const outcome = result as Outcome;
  expect(outcome.status, JSON.stringify(result)).not.toBe('ok');
  if (outcome.status === 'refused') expect(codes).toContain(outcome.refusal?.code);
  else expect(outcome).toMatchObject({ status: 'error', error: { code: 'browser_transport_error' } });
}

describe.skipIf(skipReason !== null)(`native window route under Xvfb${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let server: FixtureServer;
  let session: XSession;
  let platform: X11NativePlatform;
  let driver: Driver;
  let browserA: HeadfulChromium;
  let browserB: HeadfulChromium | undefined;
  let sentinel: SentinelWindow | undefined;
  const extra: Array<{ stop(): Promise<void> | void }> = [];

  /** The (single) native window of `pid`'s process tree whose bounds are near `expected`. */
  async function nativeWindowOf(pid: number, expected: Rect): Promise<WindowRow> {
    return waitFor(`the window of ${pid} near ${JSON.stringify(expected)}`, async () => {
      const tree = new Set(await processTree(pid));
      const listed = expectOk<{ windows: WindowRow[] }>(await driver.listBrowserWindows({}));
      const mine = listed.windows.filter((window) => tree.has(window.pid) && near(window.bounds, expected));
      return mine.length === 1 ? mine[0] : null;
    });
  }

  beforeAll(async () => {
    server = await startFixtureServer();
    session = await XSession.start();
    platform = createNativePlatform({ display: session.display, timeoutMs: TEST_X11_TIMEOUT_MS });
    driver = new Driver({ transport: new CdpBrowserTransport(), platform });
    [browserA, browserB] = await Promise.all([
      launchHeadfulChromium(chromiumPath, { display: session.display, url: server.urls.app, position: A_BOUNDS, size: A_BOUNDS }),
      launchHeadfulChromium(chromiumPath, { display: session.display, url: server.urls.folder, position: B_BOUNDS, size: B_BOUNDS }),
    ]);
    await waitFor('both pages loaded', async () => {
      const states = await Promise.all([
        evaluateInPage(browserA.port, server.urls.app, 'document.readyState'),
        evaluateInPage(browserB!.port, server.urls.folder, 'document.readyState'),
      ]);
      return states.every((state) => state === 'complete');
    });
  }, 180_000);

  afterAll(async () => {
    // Every step runs even when an earlier one fails: nothing may outlive this file.
    const steps: Array<() => unknown> = [
      () => driver?.close(),
      () => sentinel?.close(),
      ...extra.map((item) => () => item.stop()),
      () => browserB?.stop(),
      () => browserA?.stop(),
      () => session?.stop(),
      () => server?.close(),
    ];
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        console.error('[native-window] cleanup step failed:', error);
      }
    }
  }, 60_000);

  it('row 1: lists the browser window and binds {session, pid, window_id} exactly; a semantic snapshot works through it', async () => {
    await nativeWindowOf(browserA.pid, A_BOUNDS);
    // Chromium retitles its window a moment after the page's load.
    const windowA = await waitFor('the page title on the window', async () => {
      const listed = await nativeWindowOf(browserA.pid, A_BOUNDS);
      return listed.title.includes('Inbox — Sightline Mail') ? listed : null;
    });
    expect(windowA.pid).toBe(browserA.pid);
    expect(typeof windowA.window_id).toBe('number');
    expect(windowA.app.toLowerCase()).toMatch(/chrom/);

    // The transport's CDP window bounds agree with the native window's (what the bounds match uses).
    const raw = await new CdpBrowserTransport().connect(browserA.httpEndpoint);
    try {
      const [tab] = await raw.listTabs();
      const cdpBounds = await raw.windowBounds!(tab!.key);
      expect(cdpBounds).not.toBeNull();
      expect(near(cdpBounds!, windowA.bounds), `${JSON.stringify(cdpBounds)} vs ${JSON.stringify(windowA.bounds)}`).toBe(true);
      // No window for a target the browser does not have: null, not a throw.
      expect(await raw.windowBounds!('0'.repeat(32))).toBeNull();
    } finally {
      await raw.close();
    }

    const bound = expectOk<BindOk>(await driver.bind({ session: 'row1', pid: windowA.pid, window_id: windowA.window_id }));
    expect(bound.binding.route).toBe('native');
    expect(['listening_socket_pid', 'devtools_active_port']).toContain(bound.binding.proof);
    expect(bound.binding.exact).toBe(true);
    expect(bound.target_id).toMatch(/^bt-[0-9a-f]{16}$/);
    expect(bound.tabs.map((tab) => tab.url)).toEqual([server.urls.app]);

    const snapshot = expectOk<SemanticSnapshotResponse>(
      await driver.snapshot({ session: 'row1', target_id: bound.target_id, tab_id: bound.tabs[0]!.tab_id, snapshot_format: 'semantic_v2' }),
    );
    expect(snapshot.page.url).toBe(server.urls.app);
    expect(refOf(snapshot, 'textbox', 'Reply body').actions).toContain('type');
    expect(refOf(snapshot, 'button', 'Send').actions).toContain('click');
    expect(snapshot.outline).toMatch(/- textbox "Reply body"/);
  });

  it('row 2: a pid that does not own the window or its endpoint is refused, never bound', async () => {
    const windowA = await nativeWindowOf(browserA.pid, A_BOUNDS);
    const idle = spawnIdleProcess();
    extra.push(idle);
    // A pid that does not own the window (a sleeping child, or the other browser): owner mismatch.
    for (const pid of [idle.pid, browserB!.pid]) {
      const wrong = (await driver.bind({ session: 'row2', pid, window_id: windowA.window_id })) as Outcome;
      expect(wrong, JSON.stringify(wrong)).toMatchObject({ status: 'refused', refusal: { code: 'browser_endpoint_owner_mismatch' } });
    }

    // An impostor: a window whose _NET_WM_PID is a process that claims browser A's profile (so its
    // DevToolsActivePort names A's port) but does not own the listening socket.
    const impostorProcess = spawnIdleProcess([`--user-data-dir=${browserA.userDataDir}`]);
    extra.push(impostorProcess);
    const impostor = await SentinelWindow.create(session.display, 'Inbox — Sightline Mail - Chromium', { x: 40, y: 40, width: 200, height: 120 }, { pid: impostorProcess.pid, wmClass: 'Chromium' });
    extra.push({ stop: () => impostor.close() });
    const listed = await waitFor('the impostor window', async () => expectOk<{ windows: WindowRow[] }>(await driver.listBrowserWindows({})).windows.find((window) => window.window_id === impostor.id));
    expect(listed.pid).toBe(impostorProcess.pid);
    const mismatch = (await driver.bind({ session: 'row2', pid: impostorProcess.pid, window_id: impostor.id })) as Outcome;
    expect(mismatch, JSON.stringify(mismatch)).toMatchObject({ status: 'refused', refusal: { code: 'browser_endpoint_owner_mismatch' } });

    // A window of a process with no DevTools endpoint at all: setup is required.
    const plain = await SentinelWindow.create(session.display, 'Plain - Chromium', { x: 60, y: 60, width: 200, height: 120 }, { pid: idle.pid, wmClass: 'Chromium' });
    extra.push({ stop: () => plain.close() });
    await waitFor('the plain window', async () => expectOk<{ windows: WindowRow[] }>(await driver.listBrowserWindows({})).windows.some((window) => window.window_id === plain.id));
    const setup = (await driver.bind({ session: 'row2', pid: idle.pid, window_id: plain.id })) as Outcome;
    expect(setup, JSON.stringify(setup)).toMatchObject({ status: 'refused', refusal: { code: 'browser_requires_setup' } });
    impostor.close();
    plain.close();
  });

  it('row 3: two browser windows (two processes, then one process with two windows) each bind to their own tabs', async () => {
    const windowA = await nativeWindowOf(browserA.pid, A_BOUNDS);
    const windowB = await nativeWindowOf(browserB!.pid, B_BOUNDS);
    expect(windowB.window_id).not.toBe(windowA.window_id);
    const boundA = expectOk<BindOk>(await driver.bind({ session: 'row3', pid: windowA.pid, window_id: windowA.window_id }));
    const boundB = expectOk<BindOk>(await driver.bind({ session: 'row3', pid: windowB.pid, window_id: windowB.window_id }));
    expect(boundA.binding).toMatchObject({ route: 'native', exact: true });
    expect(boundB.binding).toMatchObject({ route: 'native', exact: true });
    expect(boundB.target_id).not.toBe(boundA.target_id);
    expect(boundA.tabs.map((tab) => tab.url)).toEqual([server.urls.app]);
    expect(boundB.tabs.map((tab) => tab.url)).toEqual([server.urls.folder]);

    // A second window of browser B, elsewhere and smaller: the bounds match tells the two apart.
    const cdp = await fetch(`${browserB!.httpEndpoint}/json/version`).then((response) => response.json() as Promise<{ webSocketDebuggerUrl: string }>);
    await createWindow(cdp.webSocketDebuggerUrl, server.urls.appWithModal, B2_BOUNDS);
    const windowB2 = await nativeWindowOf(browserB!.pid, B2_BOUNDS);
    expect(windowB2.pid).toBe(browserB!.pid);
    expect(windowB2.window_id).not.toBe(windowB.window_id);
    await waitFor('the second window loaded', async () => (await evaluateInPage(browserB!.port, server.urls.appWithModal, 'document.readyState')) === 'complete');

    const boundB1 = expectOk<BindOk>(await driver.bind({ session: 'row3b', pid: windowB.pid, window_id: windowB.window_id }));
    const boundB2 = expectOk<BindOk>(await driver.bind({ session: 'row3b', pid: windowB2.pid, window_id: windowB2.window_id }));
    expect(boundB1.binding).toMatchObject({ route: 'native', exact: true });
    expect(boundB2.binding).toMatchObject({ route: 'native', exact: true });
    expect(boundB1.tabs.map((tab) => tab.url)).toEqual([server.urls.folder]);
    expect(boundB2.tabs.map((tab) => tab.url)).toEqual([server.urls.appWithModal]);

    // Each binding reads its own window's page.
    const snapB2 = expectOk<SemanticSnapshotResponse>(
      await driver.snapshot({ session: 'row3b', target_id: boundB2.target_id, tab_id: boundB2.tabs[0]!.tab_id, snapshot_format: 'semantic_v2' }),
    );
    expect(snapB2.page.url).toBe(server.urls.appWithModal);
    const snapB1 = expectOk<SemanticSnapshotResponse>(
      await driver.snapshot({ session: 'row3b', target_id: boundB1.target_id, tab_id: boundB1.tabs[0]!.tab_id, snapshot_format: 'semantic_v2' }),
    );
    expect(snapB1.page.url).toBe(server.urls.folder);
    // A tab of the other window is not part of this binding.
    const foreign = (await driver.snapshot({ session: 'row3b', target_id: boundB1.target_id, tab_id: boundB2.tabs[0]!.tab_id, snapshot_format: 'semantic_v2' })) as Outcome;
    expect(foreign.status).toBe('refused');
  });

  // Row 4 state, shared by 4a–4c.
  let row4: { address: { session: string; target_id: string; tab_id: string }; send: string; text: string; browserWindow: number } | undefined;

  const focusedOnSentinel = async () => {
    const sentinelId = sentinel!.id;
    const now = await platform.sentinels();
    const order = await platform.stackingOrder();
    return now.foregroundWindow === sentinelId && now.inputFocus === sentinelId && order[order.length - 1] === sentinelId ? now : null;
  };

  /** Sentinel on top with focus, pointer parked outside every window, counters zeroed; returns the "before" picture. */
  async function settleOnSentinel() {
    await sentinel!.x.activate(sentinel!.id);
    await waitFor('the sentinel active, focused and on top', focusedOnSentinel);
    await sentinel!.x.warpPointer(1275, 795);
    await sleep(300);
    sentinel!.resetCounts();
    return { sentinels: await platform.sentinels(), stacking: await platform.stackingOrder(), pointer: await sentinel!.x.pointer() };
  }

  const journal = () => readFixtureJournal(browserA.port, server.urls.app);

  it('row 4a: with a focused sentinel window above the browser, snapshot and type run in the background (canaries first)', async () => {
    const windowA = await nativeWindowOf(browserA.pid, A_BOUNDS);
    const browserWindow = windowA.window_id as number;
    sentinel = await SentinelWindow.create(session.display, 'Sightline sentinel', SENTINEL_BOUNDS);
    const x = sentinel.x;
    const sentinelId = sentinel.id;
    await x.activate(sentinelId);
    await waitFor('the sentinel active, focused and on top', focusedOnSentinel);
    // It sits above the browser window, over the page (openbox frames it: the outer bounds grow by the decorations).
    const placed = (await platform.listWindows()).find((window) => window.windowId === sentinelId);
    expect(placed, 'the sentinel is listed').toBeDefined();
    expect(Math.abs(placed!.bounds.x - SENTINEL_BOUNDS.x) + Math.abs(placed!.bounds.y - SENTINEL_BOUNDS.y), JSON.stringify(placed)).toBeLessThanOrEqual(2 * TOLERANCE);
    expect(placed!.bounds.x + placed!.bounds.width).toBeLessThan(windowA.bounds.x + windowA.bounds.width);
    expect(placed!.bounds.y + placed!.bounds.height).toBeLessThan(windowA.bounds.y + windowA.bounds.height);

    // Canary 1: real (XTEST) key and button input reaches the sentinel and is counted.
    sentinel.resetCounts();
    await x.fakeKey(38);
    await waitFor('the sentinel to count a KeyPress', () => sentinel!.inputCounts().KeyPress >= 1, 30_000);
    await x.warpPointer(SENTINEL_BOUNDS.x + 40, SENTINEL_BOUNDS.y + 40);
    await x.fakeClick();
    await waitFor('the sentinel to count a ButtonPress', () => sentinel!.inputCounts().ButtonPress >= 1, 30_000);

    // Canary 2: a real activation of the browser window (raise + focus) is seen by every sentinel.
    await waitFor('the sentinel still focused after the click', focusedOnSentinel);
    sentinel.resetCounts();
    const orderBefore = await platform.stackingOrder();
    expect(orderBefore.indexOf(browserWindow)).toBeLessThan(orderBefore.indexOf(sentinelId));
    await x.activate(browserWindow);
    await waitFor('the browser raised and active', async () => {
      const now = await platform.sentinels();
      const order = await platform.stackingOrder();
      return now.foregroundWindow === browserWindow && now.inputFocus !== sentinelId && order.indexOf(browserWindow) > order.indexOf(sentinelId);
    });
    await waitFor('the sentinel to count a FocusOut', () => sentinel!.inputCounts().FocusOut >= 1, 30_000);

    const before = await settleOnSentinel();
    expect(before.sentinels).toMatchObject({ foregroundWindow: sentinelId, inputFocus: sentinelId, pointer: { x: 1275, y: 795 } });

    // Bind, snapshot and type through the native binding of browser A.
    const bound = expectOk<BindOk>(await driver.bind({ session: 'row4', pid: windowA.pid, window_id: windowA.window_id }));
    expect(bound.binding).toMatchObject({ route: 'native', exact: true });
    const address = { session: 'row4', target_id: bound.target_id, tab_id: bound.tabs[0]!.tab_id };
    const snapshot = expectOk<SemanticSnapshotResponse>(await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }));
    const reply = refOf(snapshot, 'textbox', 'Reply body');
    const text = 'Background reply, sentinel untouched.';
    expect(await driver.type({ ...address, ref: reply.ref, text, replace: true })).toMatchObject({ status: 'ok', action: 'type' });
    const again = expectOk<SemanticSnapshotResponse>(await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }));
    expect(refOf(again, 'textbox', 'Reply body').value).toBe(text);
    row4 = { address, send: refOf(again, 'button', 'Send').ref, text, browserWindow };
    await sleep(500); // let any window-manager reaction (raise, focus) land before looking

    expect(await platform.sentinels()).toEqual(before.sentinels);
    expect(await x.inputFocus()).toBe(sentinelId);
    expect(await x.activeWindow()).toBe(sentinelId);
    expect(await x.pointer()).toEqual(before.pointer);
    expect(await platform.stackingOrder()).toEqual(before.stacking);
    expect(sentinel.inputCounts()).toEqual({ KeyPress: 0, KeyRelease: 0, ButtonPress: 0, ButtonRelease: 0, FocusIn: 0, FocusOut: 0 });
    const typed = (await journal()).filter((entry) => entry.type === 'type' && entry.target === 'Reply body');
    expect(typed.at(-1)).toMatchObject({ value: text });
  });

  it('row 4b: clicking "Send" through the binding delivers one send; the sentinel sees no key or button input and the pointer stays put', async () => {
    expect(row4, 'row 4a ran').toBeDefined();
    const { address, send, text } = row4!;
    const before = await settleOnSentinel();
    expect(await driver.click({ ...address, ref: send })).toMatchObject({ status: 'ok', action: 'click', ref: send });
    await sleep(500);
    expect(await sentinel!.x.pointer()).toEqual(before.pointer);
    const counts = sentinel!.inputCounts();
    expect({ KeyPress: counts.KeyPress, KeyRelease: counts.KeyRelease, ButtonPress: counts.ButtonPress, ButtonRelease: counts.ButtonRelease }).toEqual({ KeyPress: 0, KeyRelease: 0, ButtonPress: 0, ButtonRelease: 0 });
    expect((await journal()).filter((entry) => entry.type === 'send')).toEqual([expect.objectContaining({ type: 'send', text })]);
  });

  // SPEC §6 background-safe click. Headful Chromium on X11 activates (raises and focuses) its own
  // window on every CDP pointer press — Input.dispatchMouseEvent press, dispatchTouchEvent,
  // emulateTouchFromMouseEvent and synthesizeTapGesture all make it send _NET_ACTIVE_WINDOW
  // (trycua/cua#2285 saw the same); mouseMoved, key events, insertText and DOM.focus do not. So a
  // headful browser gets keyboard-activatable targets clicked with DOM.focus + a trusted key
  // (cdp-transport README, Actions): the click must land and the user's windows must not notice.
  it('row 4c: the click leaves the sentinel active and focused and the browser window not raised, and it takes effect in the page', async () => {
    expect(row4, 'row 4a ran').toBeDefined();
    const { address, text } = row4!;
    // Focus starts in the reply field (not on Send, where 4b's click left it), so the click has to move it.
    const typed = expectOk<SemanticSnapshotResponse>(await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }));
    expect(await driver.type({ ...address, ref: refOf(typed, 'textbox', 'Reply body').ref, text, replace: true })).toMatchObject({ status: 'ok', action: 'type' });
    expect(await evaluateInPage(browserA.port, server.urls.app, 'document.activeElement.id')).toBe('reply-body');
    const before = await settleOnSentinel();
    const journalBefore = await journal();
    const snapshot = expectOk<SemanticSnapshotResponse>(await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }));
    expect(await driver.click({ ...address, ref: refOf(snapshot, 'button', 'Send').ref })).toMatchObject({ status: 'ok', action: 'click', effect: 'confirmed', navigation: false });
    await sleep(500);
    expect(await platform.sentinels()).toEqual(before.sentinels);
    expect(await platform.stackingOrder()).toEqual(before.stacking);
    expect(sentinel!.inputCounts()).toEqual({ KeyPress: 0, KeyRelease: 0, ButtonPress: 0, ButtonRelease: 0, FocusIn: 0, FocusOut: 0 });
    // The click really reached the page: a trusted click on Send and one more send, nothing else.
    expect(await evaluateInPage(browserA.port, server.urls.app, 'document.activeElement.id')).toBe('send');
    const after = await journal();
    expect(after.slice(0, journalBefore.length)).toEqual(journalBefore);
    expect(after.slice(journalBefore.length).map(({ seq: _seq, ...entry }) => entry)).toEqual([
      { type: 'click', target: 'Send', trusted: true },
      { type: 'send', text },
    ]);
  });

  it('row 4d: clicks in the same-process frame, the out-of-process frame and both shadow roots also stay in the background', async () => {
    expect(row4, 'row 4a ran').toBeDefined();
    const { address } = row4!;
    const before = await settleOnSentinel();
    const journalBefore = await journal();
    const snapshot = expectOk<SemanticSnapshotResponse>(await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }));
    for (const name of ['Accept invite', 'Translate message', 'Reveal note', 'Call sender']) {
      expect(await driver.click({ ...address, ref: refOf(snapshot, 'button', name).ref }), name).toMatchObject({ status: 'ok', action: 'click', navigation: false });
    }
    const after = await waitFor('four journal entries', async () => {
      const entries = await journal();
      return entries.length >= journalBefore.length + 4 ? entries : null;
    });
    await sleep(500);
    expect(await platform.sentinels()).toEqual(before.sentinels);
    expect(await platform.stackingOrder()).toEqual(before.stacking);
    expect(sentinel!.inputCounts()).toEqual({ KeyPress: 0, KeyRelease: 0, ButtonPress: 0, ButtonRelease: 0, FocusIn: 0, FocusOut: 0 });
    expect(after.slice(journalBefore.length).map(({ seq: _seq, ...entry }) => entry)).toEqual([
      { type: 'click', target: 'Accept invite', trusted: true, frame: 'calendar' },
      { type: 'click', target: 'Translate message', trusted: true, frame: 'translator' },
      { type: 'click', target: 'Reveal note', trusted: true, shadow: 'closed' },
      { type: 'click', target: 'Call sender', trusted: true, shadow: 'open' },
    ]);
  });

  it('row 2b: killing the bound browser makes its binding stale; a browser restarted on the same profile and place is a new binding', async () => {
    const windowB = await nativeWindowOf(browserB!.pid, B_BOUNDS);
    const bound = expectOk<BindOk>(await driver.bind({ session: 'row2b', pid: windowB.pid, window_id: windowB.window_id }));
    const address = { session: 'row2b', target_id: bound.target_id, tab_id: bound.tabs[0]!.tab_id };
    const snapshot = expectOk<SemanticSnapshotResponse>(await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }));
    const actionable = snapshot.refs.find((ref) => ref.actions.includes('click'));
    expect(actionable).toBeDefined();

    const oldPid = browserB!.pid;
    await browserB!.kill();
    await waitFor('the browser gone', () => !isAlive(oldPid));
    const STALE = ['browser_ref_stale', 'browser_binding_stale', 'browser_tab_not_found'];
    expectNotDone(await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }), STALE);
    expectNotDone(await driver.click({ ...address, ref: actionable!.ref }), STALE);
    expectNotDone(await driver.listTabs({ session: 'row2b', target_id: bound.target_id }), STALE);

    // Restart on the same profile, position and size: a new process (and maybe the same X window id).
    const profile = browserB!.userDataDir;
    browserB = await launchHeadfulChromium(chromiumPath, { display: session.display, url: server.urls.folder, position: B_BOUNDS, size: B_BOUNDS, userDataDir: profile });
    const restarted = await nativeWindowOf(browserB.pid, B_BOUNDS);
    expect(restarted.pid).not.toBe(oldPid);
    console.info(`[native-window] restarted browser window id ${String(restarted.window_id)} (before: ${String(windowB.window_id)}, ${restarted.window_id === windowB.window_id ? 'reused' : 'new'})`);
    // The old target stays dead, whatever the window id.
    expectNotDone(await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }), STALE);
    expectNotDone(await driver.click({ ...address, ref: actionable!.ref }), STALE);
    // The old {pid, window_id} no longer names a window of a live process — even when the new
    // browser's window got the same X id (Xvfb hands a reconnecting client the old id base).
    const old = (await driver.bind({ session: 'row2b', pid: oldPid, window_id: windowB.window_id })) as Outcome;
    // The id either names no window any more, or the restarted browser's window (another process).
    expect(old, JSON.stringify(old)).toMatchObject({ status: 'refused' });
    expect(['browser_invalid_request', 'browser_endpoint_owner_mismatch']).toContain((old as { refusal: { code: string } }).refusal.code);
    // The restarted browser binds afresh, with a new target.
    const rebound = expectOk<BindOk>(await driver.bind({ session: 'row2b', pid: restarted.pid, window_id: restarted.window_id }));
    expect(rebound.binding).toMatchObject({ route: 'native', exact: true });
    expect(rebound.target_id).not.toBe(bound.target_id);
    expectOk(await driver.snapshot({ session: 'row2b', target_id: rebound.target_id, tab_id: rebound.tabs[0]!.tab_id, snapshot_format: 'semantic_v2' }));
  });
});

/** Opens `url` in a new browser window at `bounds` (test-only side channel, plain CDP). */
async function createWindow(browserWs: string, url: string, bounds: Rect): Promise<void> {
  const { default: CDP } = await import('chrome-remote-interface');
  const client = await CDP({ target: browserWs });
  try {
    const { targetId } = await client.Target.createTarget({ url, newWindow: true });
    const { windowId } = await client.Browser.getWindowForTarget({ targetId });
    await client.Browser.setWindowBounds({ windowId, bounds: { left: bounds.x, top: bounds.y, width: bounds.width, height: bounds.height } });
  } finally {
    await client.close();
  }
}
