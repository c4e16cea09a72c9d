import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeBrowserTransport } from '../testing/fake-ports.js';
import { fakeMailPage } from '../testing/fake-ports-pages.js';
import { bindResponseSchema, consoleResponseSchema, refusalResponseSchema, semanticSnapshotResponseSchema } from '../contract/responses.js';
import type { BrowserConnection, BrowserTransport, DialogInfo } from '../ports/browser-transport.js';

/**
 * Issue 17: the first call after a dropped remote link is the one that re-opens it, and the
 * transport announces `reconnected` while that call is in flight. Calls that name no earlier node
 * (the dialog check a snapshot starts with, the console) answer over the new link; refs minted
 * before stay stale.
 */
async function bound() {
  const browser = new FakeBrowser([{ capture: fakeMailPage() }]);
  const fake = new FakeBrowserTransport(browser);
  // The next transport call re-opens the link first (what CdpConnection does after a drop).
  const link = { down: false };
  const reopen = () => {
    if (!link.down) return;
    link.down = false;
    browser.emit({ type: 'reconnected' });
  };
  const withDialogs = (connection: BrowserConnection): BrowserConnection => {
    const capture = connection.capture.bind(connection);
    return Object.assign(connection, {
      capture: async (...args: Parameters<BrowserConnection['capture']>) => {
        reopen();
        return capture(...args);
      },
      openDialog: async (): Promise<DialogInfo | null> => {
        reopen();
        return null;
      },
      consoleEntries: async () => {
        reopen();
        return { entries: [], nextSince: 0 };
      },
    });
  };
  const transport: BrowserTransport = {
    connect: async (endpoint) => withDialogs(await fake.connect(endpoint)),
    launch: async (options) => withDialogs(await fake.launch(options)),
  };
  const driver = new Driver({ transport });
  const bind = bindResponseSchema.parse(await driver.bind({ session: 'agent', cdp_url: 'http://10.0.0.2:9222' }));
  const address = { session: 'agent', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id };
  return { driver, address, link };
}

describe('Driver: the first call after a re-opened link (issue 17)', () => {
  it('a snapshot whose dialog check re-opens the link answers ok; refs of before are stale', async () => {
    const { driver, address, link } = await bound();
    const before = semanticSnapshotResponseSchema.parse(await driver.snapshot(address));
    const send = before.refs.find((ref) => ref.name === 'Send')!.ref;
    link.down = true;
    const after = semanticSnapshotResponseSchema.parse(await driver.snapshot(address));
    expect(after.outline).toContain('button "Send"');
    expect(after.snapshot.id).not.toBe(before.snapshot.id);
    // The snapshot taken over the new link is current; a ref of the old link is not.
    expect(refusalResponseSchema.parse(await driver.click({ ...address, ref: send })).refusal.code).toBe('browser_ref_stale');
    const fresh = after.refs.find((ref) => ref.name === 'Send')!.ref;
    expect(await driver.click({ ...address, ref: fresh })).toMatchObject({ status: 'ok' });
  });

  it('the console read that re-opens the link answers ok', async () => {
    const { driver, address, link } = await bound();
    link.down = true;
    expect(consoleResponseSchema.parse(await driver.console(address))).toMatchObject({ status: 'ok', entries: [] });
  });
});
