import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeBrowserTransport } from '../testing/fake-ports.js';
import { fakeMailPage } from '../testing/fake-ports-pages.js';
import { actionResponseSchema, bindResponseSchema, consoleResponseSchema, refusalResponseSchema, semanticSnapshotResponseSchema } from '../contract/responses.js';
import type { BrowserConnection, BrowserTransport, ConsoleQuery, DialogInfo, DialogReply } from '../ports/browser-transport.js';

/** The fake transport plus SPEC §12 dialog state the test controls (what the CDP transport tracks). */
async function bound() {
  const browser = new FakeBrowser([{ capture: fakeMailPage() }]);
  const fake = new FakeBrowserTransport(browser);
  const state: { dialog: DialogInfo | null; replies: DialogReply[]; queries: ConsoleQuery[]; captures: number } = { dialog: null, replies: [], queries: [], captures: 0 };
  const withDialogs = (connection: BrowserConnection): BrowserConnection => {
    const capture = connection.capture.bind(connection);
    return Object.assign(connection, {
      capture: async (...args: Parameters<BrowserConnection['capture']>) => {
        state.captures += 1;
        return capture(...args);
      },
      openDialog: async () => state.dialog,
      handleDialog: async (_tabKey: string, reply: DialogReply) => {
        if (!state.dialog) return null;
        state.replies.push(reply);
        state.dialog = null;
        return { delivered: true as const, effect: 'confirmed' as const, navigation: false };
      },
      consoleEntries: async (_tabKey: string, query: ConsoleQuery) => {
        state.queries.push(query);
        return { entries: [{ seq: 7, level: 'error' as const, text: 'boom', time: '2026-01-01T00:00:00.000Z', source: 'exception' as const }], nextSince: 7 };
      },
    });
  };
  const transport: BrowserTransport = {
    connect: async (endpoint) => withDialogs(await fake.connect(endpoint)),
    launch: async (options) => withDialogs(await fake.launch(options)),
  };
  const driver = new Driver({ transport });
  const bind = bindResponseSchema.parse(await driver.bind({ session: 'agent', cdp_url: 'http://127.0.0.1:9222' }));
  const address = { session: 'agent', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id };
  return { driver, address, state };
}

const refusal = (result: unknown) => refusalResponseSchema.parse(result).refusal;

describe('Driver: JavaScript dialogs and the console (SPEC §12)', () => {
  it('a snapshot while a dialog is open is the dialog, without reading the page', async () => {
    const { driver, address, state } = await bound();
    state.dialog = { type: 'confirm', message: 'Delete 3\nmessages?' };
    const snap = semanticSnapshotResponseSchema.parse(await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }));
    expect(state.captures).toBe(0);
    expect(snap.page.dialog).toEqual({ type: 'confirm', message: 'Delete 3\nmessages?' });
    expect(snap.outline).toBe('- dialog "Delete 3 messages?" [type=confirm]');
    expect(snap.refs).toEqual([]);
    expect(snap.snapshot).toMatchObject({ complete: false, limits_hit: ['dialog_open'] });
  });

  it('dialog: accept with prompt_text reaches the transport; no dialog open is refused naming action', async () => {
    const { driver, address, state } = await bound();
    expect(refusal(await driver.dialog({ ...address, action: 'accept' }))).toMatchObject({ code: 'browser_invalid_request', detail: { field: 'action', problem: 'no dialog is open' } });
    state.dialog = { type: 'prompt', message: 'Name?' };
    expect(actionResponseSchema.parse(await driver.dialog({ ...address, action: 'accept', prompt_text: 'Ann' }))).toEqual({ status: 'ok', action: 'dialog', ref: null, effect: 'confirmed', navigation: false });
    state.dialog = { type: 'alert', message: 'Hi' };
    expect(refusal(await driver.dialog({ ...address, action: 'accept', prompt_text: 'x' }))).toMatchObject({ code: 'browser_invalid_request', detail: { field: 'prompt_text' } });
    expect(actionResponseSchema.parse(await driver.dialog({ ...address, action: 'dismiss', prompt_text: undefined }))).toMatchObject({ status: 'ok' });
    expect(state.replies).toEqual([{ accept: true, promptText: 'Ann' }, { accept: false }]);
  });

  it('console: defaults, ranges and the answer shape', async () => {
    const { driver, address, state } = await bound();
    const answer = consoleResponseSchema.parse(await driver.console({ ...address }));
    expect(answer).toEqual({ status: 'ok', mode: 'console', entries: [{ seq: 7, level: 'error', text: 'boom', time: '2026-01-01T00:00:00.000Z', source: 'exception' }], next_since: 7 });
    await driver.console({ ...address, since: 3, level: 'warn', limit: 200 });
    expect(state.queries).toEqual([{ limit: 50 }, { since: 3, level: 'warn', limit: 200 }]);
    expect(refusal(await driver.console({ ...address, limit: 201 }))).toMatchObject({ code: 'browser_invalid_request', detail: { field: 'limit' } });
    expect(refusal(await driver.console({ ...address, limit: 0 }))).toMatchObject({ detail: { field: 'limit' } });
  });
});
