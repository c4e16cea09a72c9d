import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeBrowserTransport } from '../testing/fake-ports.js';
import { fakeMailPage } from '../testing/fake-ports-pages.js';
import { bindResponseSchema, refusalResponseSchema } from '../contract/responses.js';
import { tabsResponseSchema } from '../contract/tabs.js';

async function bound() {
  const browser = new FakeBrowser([{ capture: fakeMailPage(), title: 'Inbox', active: true }]);
  const driver = new Driver({ transport: new FakeBrowserTransport(browser) });
  const bind = bindResponseSchema.parse(await driver.bind({ session: 's', cdp_url: 'http://127.0.0.1:9222' }));
  const base = { session: 's', target_id: bind.target_id };
  return { browser, driver, bind, base, first: bind.tabs[0]!.tab_id };
}

const tabs = async (driver: Driver, input: Record<string, unknown>) => tabsResponseSchema.parse(await driver.tabs(input));
const refusal = (result: unknown) => refusalResponseSchema.parse(result).refusal;

describe('Driver.tabs', () => {
  it('new opens a background tab, answers its id and selects it; select and list report selected_tab_id', async () => {
    const { browser, driver, base, first } = await bound();
    const listed = await tabs(driver, { ...base, action: 'list' });
    expect(listed.tabs.map((tab) => tab.tab_id)).toEqual([first]);
    expect(listed.selected_tab_id).toBeUndefined();
    const opened = await tabs(driver, { ...base, action: 'new', url: 'http://127.0.0.1/other' });
    expect(opened.tab_id).toMatch(/^tab-[0-9a-f]{16}$/);
    expect(opened.selected_tab_id).toBe(opened.tab_id);
    expect(opened.tabs.map((tab) => tab.url)).toEqual([expect.any(String), 'http://127.0.0.1/other']);
    expect(browser.calls.filter((call) => call.method === 'openTab')).toEqual([{ method: 'openTab', detail: { url: 'http://127.0.0.1/other' } }]);
    const selected = await tabs(driver, { ...base, action: 'select', tab_id: first });
    expect(selected.selected_tab_id).toBe(first);
    expect((await tabs(driver, { ...base, action: 'list' })).selected_tab_id).toBe(first);
    // The new tab is usable.
    expect((await driver.snapshot({ ...base, tab_id: opened.tab_id! })).status).toBe('ok');
  });

  it('lists popups with opener_tab_id', async () => {
    const { browser, driver, base, first } = await bound();
    const popup = browser.openTab({ capture: fakeMailPage({ subject: 'Popup' }), title: 'Popup', active: false });
    browser.openers.set(popup, browser.firstTabKey());
    const listed = await tabs(driver, { ...base, action: 'list' });
    expect(listed.tabs).toHaveLength(2);
    expect(listed.tabs[0]!.opener_tab_id).toBeUndefined();
    expect(listed.tabs[1]!.opener_tab_id).toBe(first);
  });

  it('close kills the tab and its refs; closing the selected tab selects its opener, then none after the last', async () => {
    const { browser, driver, base, first } = await bound();
    const popupKey = browser.openTab({ capture: fakeMailPage({ subject: 'Popup' }), title: 'Popup', active: false });
    browser.openers.set(popupKey, browser.firstTabKey());
    browser.openTab({ capture: fakeMailPage({ subject: 'Other' }), title: 'Other', active: false });
    const listed = await tabs(driver, { ...base, action: 'list' });
    const popup = listed.tabs[1]!.tab_id;
    await tabs(driver, { ...base, action: 'select', tab_id: popup });
    const snapshot = await driver.snapshot({ ...base, tab_id: popup, snapshot_format: 'semantic_v2' });
    expect(snapshot.status).toBe('ok');
    const closed = await tabs(driver, { ...base, action: 'close', tab_id: popup });
    expect(closed.tabs.map((tab) => tab.tab_id)).not.toContain(popup);
    expect(closed.selected_tab_id).toBe(first);
    expect(refusal(await driver.snapshot({ ...base, tab_id: popup })).code).toBe('browser_tab_not_found');
    const again = refusal(await driver.tabs({ ...base, action: 'select', tab_id: popup }));
    expect(again).toMatchObject({ code: 'browser_tab_not_found', detail: { field: 'tab_id' } });
    // Close everything: allowed; the session keeps its target and can open a new tab.
    for (const tab of closed.tabs) await tabs(driver, { ...base, action: 'close', tab_id: tab.tab_id });
    const empty = await tabs(driver, { ...base, action: 'list' });
    expect(empty.tabs).toEqual([]);
    expect(empty.selected_tab_id).toBeUndefined();
    const fresh = await tabs(driver, { ...base, action: 'new' });
    expect(fresh.tabs).toHaveLength(1);
  });

  it('refuses bad input naming the field', async () => {
    const { driver, base, first } = await bound();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: 'open' }, 'action'],
      [{}, 'action'],
      [{ action: 'select' }, 'tab_id'],
      [{ action: 'close' }, 'tab_id'],
      [{ action: 'list', url: 'http://x' }, 'url'],
      [{ action: 'new', tab_id: first }, 'tab_id'],
      [{ action: 'new', url: 'javascript:alert(1)' }, 'url'],
      [{ action: 'select', tab_id: 'tab-1' }, 'tab_id'],
    ];
    for (const [extra, field] of cases) {
      expect(refusal(await driver.tabs({ ...base, ...extra })), JSON.stringify(extra)).toMatchObject({ code: 'browser_invalid_request', detail: { field } });
    }
    expect(refusal(await driver.tabs({ ...base, action: 'select', tab_id: 'tab-0000000000000000' }))).toMatchObject({ code: 'browser_tab_not_found', detail: { field: 'tab_id' } });
  });
});
