import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeBrowserTransport } from '../testing/fake-ports.js';
import { fakeMailPage } from '../testing/fake-ports-pages.js';
import { bindResponseSchema, listTabsResponseSchema, refusalResponseSchema, transportErrorResponseSchema } from '../contract/responses.js';
import { TAB_ID_PATTERN } from '../contract/patterns.js';

async function bound() {
  const browser = new FakeBrowser([{ capture: fakeMailPage(), title: 'Inbox', active: true }]);
  const transport = new FakeBrowserTransport(browser);
  const internal: unknown[] = [];
  const driver = new Driver({ transport, onInternalError: (error) => internal.push(error) });
  const bind = bindResponseSchema.parse(await driver.bind({ session: 's1', cdp_url: 'http://127.0.0.1:9222' }));
  return { browser, driver, bind, internal };
}

describe('Driver.listTabs', () => {
  it('mints ids for tabs opened after bind and keeps existing ids', async () => {
    const { browser, driver, bind } = await bound();
    browser.openTab({ capture: fakeMailPage({ subject: 'Later' }), title: 'Later', active: false });
    const listed = listTabsResponseSchema.parse(await driver.listTabs({ session: 's1', target_id: bind.target_id }));
    expect(listed.tabs).toHaveLength(2);
    expect(listed.tabs[0]!.tab_id).toBe(bind.tabs[0]!.tab_id);
    expect(listed.tabs[1]!.tab_id).toMatch(TAB_ID_PATTERN);
    expect(listed.tabs[1]!.title).toBe('Later');
    const snapshot = await driver.snapshot({ session: 's1', target_id: bind.target_id, tab_id: listed.tabs[1]!.tab_id });
    expect(snapshot.status).toBe('ok');
  });

  it('drops tabs that closed, so their ids are refused', async () => {
    const { browser, driver, bind } = await bound();
    const tabId = bind.tabs[0]!.tab_id;
    browser.closeTab([...browser.tabs.keys()][0]!);
    const listed = listTabsResponseSchema.parse(await driver.listTabs({ session: 's1', target_id: bind.target_id }));
    expect(listed.tabs).toHaveLength(0);
    const refused = refusalResponseSchema.parse(await driver.snapshot({ session: 's1', target_id: bind.target_id, tab_id: tabId }));
    expect(refused.refusal.code).toBe('browser_tab_not_found');
  });

  it('refuses a target of another session and names bad fields', async () => {
    const { driver, bind } = await bound();
    const foreign = refusalResponseSchema.parse(await driver.listTabs({ session: 'other', target_id: bind.target_id }));
    expect(foreign.refusal.code).toBe('browser_ref_stale');
    const invalid = refusalResponseSchema.parse(await driver.listTabs({ session: 's1', target_id: 'nope' }));
    expect(invalid.refusal.code).toBe('browser_invalid_request');
    expect(invalid.refusal.detail?.field).toBe('target_id');
  });
});

describe('Driver onInternalError', () => {
  it('sees unexpected exceptions, which still become a stack-free error result', async () => {
    const { browser, driver, bind, internal } = await bound();
    browser.failures.set('capture', new TypeError('boom inside a collector'));
    const result = transportErrorResponseSchema.parse(
      await driver.snapshot({ session: 's1', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id }),
    );
    expect(result.error.message).toContain('internal failure (TypeError)');
    expect(result.error.message).not.toContain('boom');
    expect(internal).toHaveLength(1);
    expect((internal[0] as Error).message).toBe('boom inside a collector');
  });
});
