import CDP from 'chrome-remote-interface';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalResponseSchema, tabsResponseSchema, type TabsResponse } from '@sightline/semantic-core';
import { refOf, startActionsFixture, waitUntil, type ActionsFixture } from './support/actions-fixture.js';
import { FOREGROUND_METHODS } from './support/actions-recorder.js';

// SPEC §12 browser_tabs through the Driver and CdpBrowserTransport (headless; the headful X11 rows
// that prove the user's visible tab never changes are in verbs-tabs-headful.spec.ts).

let f: ActionsFixture;
let base: { session: string; target_id: string };

beforeAll(async () => {
  f = await startActionsFixture('tabs');
  base = { session: f.address.session, target_id: f.address.target_id };
});
afterAll(async () => {
  await f?.close();
});

const tabs = async (input: Record<string, unknown>): Promise<TabsResponse> => tabsResponseSchema.parse(await f.driver.tabs({ ...base, ...input }));

/** Evaluates in the main world of the page target whose URL contains `urlPart` (test-only side channel). */
async function evaluateIn<T>(urlPart: string, expression: string): Promise<T> {
  const targets = await CDP.List({ host: '127.0.0.1', port: f.chromium.port });
  const target = targets.find((candidate) => candidate.type === 'page' && candidate.url.includes(urlPart));
  if (!target) throw new Error(`no page at ${urlPart}`);
  const client = await CDP({ host: '127.0.0.1', port: f.chromium.port, target: target.id });
  try {
    const { result, exceptionDetails } = await client.Runtime.evaluate({ expression, returnByValue: true, awaitPromise: true });
    if (exceptionDetails) throw new Error(`evaluate failed: ${exceptionDetails.text}`);
    return result.value as T;
  } finally {
    await client.close();
  }
}

/** Snapshot + click "Mark done" in a popup tab; the click lands there (trusted, capture phase). */
async function clickDoneIn(tabId: string, urlPart: string): Promise<void> {
  const address = { ...base, tab_id: tabId };
  const snapshot = await f.driver.snapshot({ ...address, snapshot_format: 'semantic_v2' });
  if (snapshot.status !== 'ok' || !('outline' in snapshot)) throw new Error(JSON.stringify(snapshot));
  expect(snapshot.outline).toContain('heading "Popup page"');
  expect(await f.driver.click({ ...address, ref: refOf(snapshot, 'button', 'Mark done').ref })).toMatchObject({ status: 'ok', action: 'click' });
  expect(await evaluateIn(urlPart, 'window.__clicks')).toEqual([{ id: 'done', trusted: true }]);
  expect(await evaluateIn(urlPart, "document.getElementById('result').textContent")).toBe('Popup clicked');
}

describe('browser_tabs', () => {
  it('a popup from window.open and a target=_blank tab are listed with opener_tab_id and are usable', async () => {
    await f.open(`${f.server.mainOrigin}/verbs/tabs.html`);
    const snapshot = await f.snapshot();
    await f.driver.click({ ...f.address, ref: refOf(snapshot, 'button', 'Open popup').ref });
    const withPopup = await waitUntil(() => tabs({ action: 'list' }), (listed) => listed.tabs.some((tab) => tab.url.includes('via=open')));
    const popup = withPopup.tabs.find((tab) => tab.url.includes('via=open'))!;
    expect(popup.opener_tab_id).toBe(f.address.tab_id);
    expect(withPopup.tabs.find((tab) => tab.tab_id === f.address.tab_id)!.opener_tab_id).toBeUndefined();
    await clickDoneIn(popup.tab_id, 'via=open');

    await f.driver.click({ ...f.address, ref: refOf(snapshot, 'link', 'Open link tab').ref });
    const withLink = await waitUntil(() => tabs({ action: 'list' }), (listed) => listed.tabs.some((tab) => tab.url.includes('via=link')));
    const linked = withLink.tabs.find((tab) => tab.url.includes('via=link'))!;
    expect(linked.opener_tab_id).toBe(f.address.tab_id);
    await clickDoneIn(linked.tab_id, 'via=link');

    for (const tab of [popup, linked]) expect((await tabs({ action: 'close', tab_id: tab.tab_id })).tabs.map((entry) => entry.tab_id)).not.toContain(tab.tab_id);
  });

  it('new opens a background tab at a url and selects it; select and close move the session; a closed tab and its refs are refused', async () => {
    await f.open(`${f.server.mainOrigin}/verbs/tabs.html`);
    const opened = await tabs({ action: 'new', url: `${f.server.mainOrigin}/verbs/popup.html?via=new` });
    expect(opened.tab_id).toMatch(/^tab-[0-9a-f]{16}$/);
    expect(opened.selected_tab_id).toBe(opened.tab_id);
    expect(opened.tabs.find((tab) => tab.tab_id === opened.tab_id)).toMatchObject({ url: expect.stringContaining('via=new') });
    expect(opened.tabs.find((tab) => tab.tab_id === opened.tab_id)!.opener_tab_id).toBeUndefined();
    await clickDoneIn(opened.tab_id!, 'via=new');
    const ref = refOf((await f.driver.snapshot({ ...base, tab_id: opened.tab_id!, snapshot_format: 'semantic_v2' })) as never, 'button', 'Mark done').ref;

    expect((await tabs({ action: 'select', tab_id: f.address.tab_id })).selected_tab_id).toBe(f.address.tab_id);
    expect((await tabs({ action: 'select', tab_id: opened.tab_id })).selected_tab_id).toBe(opened.tab_id);
    const closed = await tabs({ action: 'close', tab_id: opened.tab_id });
    expect(closed.tabs.map((tab) => tab.tab_id)).toEqual([f.address.tab_id]);
    expect(closed.selected_tab_id).toBe(f.address.tab_id);
    expect((await CDP.List({ host: '127.0.0.1', port: f.chromium.port })).some((target) => target.url.includes('via=new'))).toBe(false);

    const stale = refusalResponseSchema.parse(await f.driver.click({ ...base, tab_id: opened.tab_id!, ref }));
    expect(stale.refusal.code).toBe('browser_tab_not_found');
    const select = refusalResponseSchema.parse(await f.driver.tabs({ ...base, action: 'select', tab_id: opened.tab_id }));
    expect(select.refusal).toMatchObject({ code: 'browser_tab_not_found', detail: { field: 'tab_id' } });
    expect((await f.snapshot()).page.url).toContain('/verbs/tabs.html');
    // On the wire: the tab was created in the background, and nothing was ever brought to the front.
    const created = f.recorder.commands.filter((command) => command.method === 'Target.createTarget');
    expect(created.map((command) => (command.params as { background?: boolean }).background)).toEqual([true]);
    expect(f.recorder.commands.filter((command) => FOREGROUND_METHODS.includes(command.method))).toEqual([]);
  });

  it('bad input is refused naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: 'open' }, 'action'],
      [{ action: 'select' }, 'tab_id'],
      [{ action: 'list', url: 'http://127.0.0.1/' }, 'url'],
    ];
    for (const [extra, field] of cases) {
      const refused = refusalResponseSchema.parse(await f.driver.tabs({ ...base, ...extra }));
      expect(refused.refusal, JSON.stringify(extra)).toMatchObject({ code: 'browser_invalid_request', detail: { field } });
    }
  });
});
