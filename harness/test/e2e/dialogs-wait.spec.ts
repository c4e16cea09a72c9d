import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabsResponseSchema, type SemanticSnapshotResponse } from '@sightline/semantic-core';
import { refOf, startActionsFixture, waitUntil, type ActionsFixture } from './support/actions-fixture.js';

// SPEC §12: a JavaScript dialog never wedges a session, and no wait runs out its bound behind one.
// While an alert, confirm or prompt is open the page is blocked (nothing loads, nothing changes), so
// `browser_wait`, and the load wait of `browser_tabs new <url>`, end there; the next snapshot shows
// the dialog. Headless Chromium, the harness fixture server (harness/app/dialogs/), everything
// through the Driver. Timings are only compared against the bounds the dialog must cut short.

/** `browser_wait`'s timeout in these rows: a wait that ran it out was not ended by the dialog. */
const WAIT_BOUND_MS = 30_000;
/** A navigation's load wait (cdp-transport navigation-watch.ts, LOAD_TIMEOUT_MS). */
const NAVIGATION_LOAD_BOUND_MS = 10_000;

let f: ActionsFixture;
let page: string;

beforeAll(async () => {
  f = await startActionsFixture('dialogs-wait');
  page = `${f.server.mainOrigin}/dialogs/index.html`;
});
afterAll(async () => {
  await f?.close();
});

interface Waited {
  status: string;
  mode: string;
  met: boolean;
  waited_ms: number;
}

const waitOn = async (address: typeof f.address, condition: Record<string, unknown>): Promise<Waited> =>
  (await f.driver.wait({ ...address, ...condition, timeout_ms: WAIT_BOUND_MS })) as unknown as Waited;

async function snapshotOf(address: typeof f.address): Promise<SemanticSnapshotResponse> {
  const result = await f.driver.snapshot({ ...address, snapshot_format: 'semantic_v2' });
  if (result.status !== 'ok' || !('outline' in result)) throw new Error(`snapshot failed: ${JSON.stringify(result)}`);
  return result;
}

describe('browser_wait while a dialog blocks the page', () => {
  it('an alert already open: the wait ends at once with met:false (a URL is still read from the browser); after accept it waits as usual', async () => {
    await f.open(page);
    const clicked = await f.driver.click({ ...f.address, ref: refOf(await f.snapshot(), 'button', 'Show alert').ref });
    expect(clicked).toMatchObject({ status: 'ok', dialog: { type: 'alert', message: 'Saved: all done' } });

    for (const condition of [{ text: 'Never shown anywhere' }, { load_state: 'load' }, { text_gone: 'Show alert' }]) {
      const waited = await waitOn(f.address, condition);
      expect(waited, JSON.stringify(condition)).toMatchObject({ status: 'ok', mode: 'wait', met: false });
      expect(waited.waited_ms, JSON.stringify(condition)).toBeLessThan(WAIT_BOUND_MS);
    }
    // The URL comes from the browser, not the blocked page: that look is still answered.
    expect(await waitOn(f.address, { url: '*/dialogs/index.html' })).toMatchObject({ status: 'ok', met: true });
    expect((await f.snapshot()).page.dialog).toEqual({ type: 'alert', message: 'Saved: all done' });

    expect(await f.driver.dialog({ ...f.address, action: 'accept' })).toMatchObject({ status: 'ok', action: 'dialog' });
    expect(await waitOn(f.address, { text: '"returned":"closed"' })).toMatchObject({ status: 'ok', met: true });
  });

  it('an alert that opens while the wait runs ends it at once with met:false; the snapshot shows the alert', async () => {
    await f.open(page);
    const mark = f.recorder.mark();
    const waiting = waitOn(f.address, { text: 'Never shown anywhere' });
    // The wait is running once it has looked into the page twice; only then does the page alert.
    await waitUntil(
      async () => f.recorder.since(mark).filter((command) => command.method === 'Runtime.callFunctionOn').length,
      (looks) => looks >= 2,
    );
    await f.evaluate("setTimeout(() => alert('Later'), 0), true");
    const waited = await waiting;
    expect(waited).toMatchObject({ status: 'ok', mode: 'wait', met: false });
    expect(waited.waited_ms).toBeLessThan(WAIT_BOUND_MS);
    const snap = await f.snapshot();
    expect(snap.page.dialog).toEqual({ type: 'alert', message: 'Later' });
    expect(snap.outline.split('\n')[0]).toBe('- dialog "Later" [type=alert]');
    expect(await f.driver.dialog({ ...f.address, action: 'accept' })).toMatchObject({ status: 'ok', action: 'dialog' });
    expect((await f.snapshot()).page.dialog).toBeUndefined();
  });
});

describe('a navigation blocked by an alert while its page parses', () => {
  it('browser_tabs new answers with the tab before the load bound; the snapshot shows the alert; accepted, the page loads', async () => {
    const base = { session: f.address.session, target_id: f.address.target_id };
    const url = `${f.server.mainOrigin}/dialogs/alert-while-parsing.html`;
    const started = performance.now();
    const opened = tabsResponseSchema.parse(await f.driver.tabs({ ...base, action: 'new', url }));
    // Ended by the dialog: no load event comes while it is open, so the load wait would run out.
    expect(performance.now() - started).toBeLessThan(NAVIGATION_LOAD_BOUND_MS);
    const tab = { ...base, tab_id: opened.tab_id! };

    const blocked = await snapshotOf(tab);
    expect(blocked.page.dialog).toEqual({ type: 'alert', message: 'Parsing paused' });
    expect(blocked.outline.split('\n')[0]).toBe('- dialog "Parsing paused" [type=alert]');
    expect(await waitOn(tab, { load_state: 'load' })).toMatchObject({ status: 'ok', met: false });

    expect(await f.driver.dialog({ ...tab, action: 'accept' })).toMatchObject({ status: 'ok', action: 'dialog' });
    // The parser goes on past the alert: the rest of the page arrives and the load event fires.
    expect(await waitOn(tab, { load_state: 'load' })).toMatchObject({ status: 'ok', met: true });
    const loaded = await snapshotOf(tab);
    expect(loaded.page.dialog).toBeUndefined();
    expect(refOf(loaded, 'button', 'After the alert')).toBeDefined();
    expect(tabsResponseSchema.parse(await f.driver.tabs({ ...base, action: 'close', tab_id: tab.tab_id })).tabs.map((entry) => entry.tab_id)).not.toContain(tab.tab_id);
  });
});
