import CDP from 'chrome-remote-interface';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdpBrowserTransport, type CdpBrowserConnection } from '@sightline/cdp-transport';
import type { SemanticSnapshotResponse } from '@sightline/semantic-core';
import { refOf, startActionsFixture, waitUntil, type ActionsFixture } from './support/actions-fixture.js';

// SPEC §12: JavaScript dialogs never wedge a session. Headless Chromium, the harness fixture server
// (harness/app/dialogs/: buttons that open alert/confirm/prompt, a cross-site iframe that alerts, a
// beforeunload handler with ?beforeunload). Every call goes through the Driver; what the page's
// dialogs returned is read from `window.answers` over the test's own CDP connection once no dialog
// blocks the page. No wall-clock limits: a wedge shows up as the transport's own timeout error.

let f: ActionsFixture;
let page: string;

beforeAll(async () => {
  f = await startActionsFixture('dialogs');
  page = `${f.server.mainOrigin}/dialogs/index.html`;
});
afterAll(async () => {
  await f?.close();
});

async function click(name: string) {
  const snap = await f.snapshot();
  return f.driver.click({ ...f.address, ref: refOf(snap, 'button', name).ref });
}

const answers = () => f.evaluate<Array<Record<string, unknown>>>('window.answers');

describe('a dialog opened by a click', () => {
  it('alert: the click returns with the dialog, the snapshot shows it, other actions are refused, accept closes it', async () => {
    await f.open(page);
    const clicked = await click('Show alert');
    expect(clicked).toEqual({ status: 'ok', action: 'click', ref: expect.any(String), effect: 'confirmed', navigation: false, dialog: { type: 'alert', message: 'Saved: all done' } });

    const snap = await f.snapshot();
    expect(snap.page.dialog).toEqual({ type: 'alert', message: 'Saved: all done' });
    expect(snap.outline.split('\n')[0]).toBe('- dialog "Saved: all done" [type=alert]');
    expect(snap.refs).toEqual([]);
    expect(snap.snapshot.limits_hit).toEqual(['dialog_open']);
    expect(snap.page.url).toBe(page);

    // Every other mutation (and the screenshot, which would read the blocked page) is refused.
    const refusals = await Promise.all([
      f.driver.press({ ...f.address, key: 'Enter' }),
      f.driver.scroll({ ...f.address, direction: 'down' }),
      f.driver.navigate({ ...f.address, url: `${f.server.mainOrigin}/folder.html` }),
      f.driver.screenshot({ ...f.address }),
    ]);
    for (const refused of refusals) {
      expect(refused).toMatchObject({ status: 'refused', refusal: { code: 'browser_dialog_open', detail: { dialog: { type: 'alert', message: 'Saved: all done' } } } });
      expect((refused as { refusal: { message: string } }).refusal.message).toMatch(/browser_dialog/);
    }

    const accepted = await f.driver.dialog({ ...f.address, action: 'accept' });
    expect(accepted).toEqual({ status: 'ok', action: 'dialog', ref: null, effect: 'confirmed', navigation: false });
    expect(await answers()).toEqual([{ kind: 'alert', returned: 'closed' }]);
    const after = await f.snapshot();
    expect(after.page.dialog).toBeUndefined();
    expect(refOf(after, 'button', 'Show alert')).toBeDefined();
  });

  it('a click while a dialog is open is refused browser_dialog_open with nothing delivered', async () => {
    await f.open(page);
    const snap = await f.snapshot();
    const confirmRef = refOf(snap, 'button', 'Ask confirm').ref;
    const alertRef = refOf(snap, 'button', 'Show alert').ref;
    expect(await f.driver.click({ ...f.address, ref: alertRef })).toMatchObject({ status: 'ok', dialog: { type: 'alert' } });
    const refused = await f.driver.click({ ...f.address, ref: confirmRef });
    expect(refused).toMatchObject({ status: 'refused', refusal: { code: 'browser_dialog_open' } });
    expect(await f.driver.dialog({ ...f.address, action: 'dismiss' })).toMatchObject({ status: 'ok', action: 'dialog' });
    // Only the alert ran: the refused click never reached the page.
    expect(await answers()).toEqual([{ kind: 'alert', returned: 'closed' }]);
  });

  it('confirm: accept → true, dismiss → false', async () => {
    await f.open(page);
    expect(await click('Ask confirm')).toMatchObject({ status: 'ok', effect: 'confirmed', dialog: { type: 'confirm', message: 'Delete 3 messages?' } });
    expect((await f.snapshot()).outline.split('\n')[0]).toBe('- dialog "Delete 3 messages?" [type=confirm]');
    expect(await f.driver.dialog({ ...f.address, action: 'accept' })).toMatchObject({ status: 'ok', action: 'dialog' });
    expect(await click('Ask confirm')).toMatchObject({ status: 'ok', dialog: { type: 'confirm' } });
    expect(await f.driver.dialog({ ...f.address, action: 'dismiss' })).toMatchObject({ status: 'ok', action: 'dialog' });
    expect(await answers()).toEqual([
      { kind: 'confirm', returned: true },
      { kind: 'confirm', returned: false },
    ]);
  });

  it('prompt: prompt_text is what the page gets; dismiss gives null; prompt_text on a non-prompt is refused naming the field', async () => {
    await f.open(page);
    expect(await click('Ask prompt')).toMatchObject({ status: 'ok', dialog: { type: 'prompt', message: 'Name of the folder?' } });
    expect(await f.driver.dialog({ ...f.address, action: 'accept', prompt_text: 'Receipts 2026' })).toMatchObject({ status: 'ok' });
    expect(await click('Ask prompt')).toMatchObject({ status: 'ok', dialog: { type: 'prompt' } });
    expect(await f.driver.dialog({ ...f.address, action: 'dismiss' })).toMatchObject({ status: 'ok' });
    expect(await click('Show alert')).toMatchObject({ status: 'ok', dialog: { type: 'alert' } });
    expect(await f.driver.dialog({ ...f.address, action: 'accept', prompt_text: 'x' })).toMatchObject({
      status: 'refused',
      refusal: { code: 'browser_invalid_request', detail: { field: 'prompt_text' } },
    });
    expect(await f.driver.dialog({ ...f.address, action: 'accept' })).toMatchObject({ status: 'ok' });
    expect(await answers()).toEqual([
      { kind: 'prompt', returned: 'Receipts 2026' },
      { kind: 'prompt', returned: null },
      { kind: 'alert', returned: 'closed' },
    ]);
  });

  it('a second dialog right after the first: the dialog answer carries it', async () => {
    await f.open(page);
    expect(await click('Alert twice')).toMatchObject({ status: 'ok', dialog: { type: 'alert', message: 'first' } });
    expect(await f.driver.dialog({ ...f.address, action: 'accept' })).toMatchObject({ status: 'ok', action: 'dialog', dialog: { type: 'alert', message: 'second' } });
    expect((await f.snapshot()).page.dialog).toEqual({ type: 'alert', message: 'second' });
    expect(await f.driver.dialog({ ...f.address, action: 'accept' })).toEqual({ status: 'ok', action: 'dialog', ref: null, effect: 'confirmed', navigation: false });
    expect(await answers()).toEqual([{ kind: 'twice', returned: 'closed' }]);
  });

  it('a dialog from the out-of-process iframe is seen, blocks, and is handled the same way', async () => {
    await f.open(page);
    const snap = await f.snapshot();
    const frameButton = refOf(snap, 'button', 'Alert from frame');
    expect(frameButton.frame).not.toBe(refOf(snap, 'button', 'Show alert').frame);
    expect(await f.driver.click({ ...f.address, ref: frameButton.ref })).toMatchObject({ status: 'ok', effect: 'confirmed', dialog: { type: 'alert', message: 'Hello from the frame' } });
    expect((await f.snapshot()).page.dialog).toEqual({ type: 'alert', message: 'Hello from the frame' });
    expect(await f.driver.press({ ...f.address, key: 'Tab' })).toMatchObject({ status: 'refused', refusal: { code: 'browser_dialog_open' } });
    expect(await f.driver.dialog({ ...f.address, action: 'accept' })).toMatchObject({ status: 'ok' });
    const after = await waitUntil(() => f.snapshot(), (s) => s.outline.includes('frame alert closed'), 20_000);
    expect(after.outline).toContain('frame alert closed');
  });

  it('bad input: a dialog action with no dialog open is refused naming field action; a bad action names it too', async () => {
    await f.open(page);
    expect(await f.driver.dialog({ ...f.address, action: 'accept' })).toMatchObject({
      status: 'refused',
      refusal: { code: 'browser_invalid_request', detail: { field: 'action', problem: 'no dialog is open' } },
    });
    expect(await f.driver.dialog({ ...f.address, action: 'ok' })).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request', detail: { field: 'action' } } });
  });
});

describe('beforeunload', () => {
  async function openGuarded(): Promise<void> {
    await f.open(`${page}?beforeunload`);
    // Chromium only asks "leave this page?" after the user interacted with it: one trusted click.
    expect(await click('Write console')).toMatchObject({ status: 'ok' });
  }

  it('navigate with on_beforeunload dismiss stays; the default (accept) leaves', async () => {
    await openGuarded();
    const stayed = await f.driver.navigate({ ...f.address, url: `${f.server.mainOrigin}/folder.html`, on_beforeunload: 'dismiss' });
    expect(stayed).toEqual({ status: 'ok', action: 'navigate', ref: null, effect: 'suspected_noop', navigation: false });
    const still = await f.snapshot();
    expect(still.page.url).toBe(`${page}?beforeunload`);
    expect(still.page.dialog).toBeUndefined();

    // Dismissing used up the page's user activation: interact once more so it asks again.
    expect(await click('Write console')).toMatchObject({ status: 'ok' });
    const left = await f.driver.navigate({ ...f.address, url: `${f.server.mainOrigin}/folder.html` });
    expect(left).toEqual({ status: 'ok', action: 'navigate', ref: null, effect: 'confirmed', navigation: true });
    expect((await f.snapshot()).page.url).toBe(`${f.server.mainOrigin}/folder.html`);
  });

  it('reload with on_beforeunload accept reloads', async () => {
    await openGuarded();
    const reloaded = await f.driver.navigate({ ...f.address, history: 'reload', on_beforeunload: 'accept' });
    expect(reloaded).toMatchObject({ status: 'ok', action: 'navigate', navigation: true });
  });

  it('bad input: on_beforeunload outside accept|dismiss is refused naming the field', async () => {
    expect(await f.driver.navigate({ ...f.address, url: page, on_beforeunload: 'maybe' })).toMatchObject({
      status: 'refused',
      refusal: { code: 'browser_invalid_request', detail: { field: 'on_beforeunload' } },
    });
  });
});

describe('browser_console', () => {
  it('console.log/warn/error and an uncaught error: levels, since, limit, redaction of secret field values', async () => {
    await f.open(page);
    const snap = await f.snapshot();
    expect(await f.driver.type({ ...f.address, ref: refOf(snap, 'textbox', 'Password').ref, text: 'hunter2-secret' })).toMatchObject({ status: 'ok' });
    expect(await f.driver.type({ ...f.address, ref: refOf(snap, 'textbox', 'Code').ref, text: '987654' })).toMatchObject({ status: 'ok' });
    const before = await f.driver.console({ ...f.address });
    if (before.status !== 'ok') throw new Error(JSON.stringify(before));
    const mark = before.next_since;

    expect(await click('Write console')).toMatchObject({ status: 'ok' });
    expect(await click('Throw error')).toMatchObject({ status: 'ok' });
    const all = await waitUntil(
      () => f.driver.console({ ...f.address, since: mark }),
      (r) => r.status === 'ok' && r.entries.some((e) => e.source === 'exception'),
      20_000,
    );
    if (all.status !== 'ok') throw new Error(JSON.stringify(all));
    expect(all.entries.map((e) => [e.level, e.text, e.source])).toEqual([
      ['debug', 'debug line', 'console'],
      ['log', 'log line one of 2 {a: 1}', 'console'],
      ['info', 'info line', 'console'],
      ['warn', 'warn line', 'console'],
      ['error', 'error line', 'console'],
      ['log', 'password is [redacted] and code [redacted]', 'console'],
      ['error', expect.stringContaining('boom from the page'), 'exception'],
    ]);
    for (const entry of all.entries) {
      expect(entry.seq).toBeGreaterThan(mark);
      expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
    }
    expect(JSON.stringify(all)).not.toContain('hunter2-secret');
    expect(JSON.stringify(all)).not.toContain('987654');
    expect(all.next_since).toBe(all.entries[all.entries.length - 1]!.seq);

    // level: that severity and above.
    const errors = await f.driver.console({ ...f.address, since: mark, level: 'warn' });
    expect(errors).toMatchObject({ status: 'ok' });
    if (errors.status !== 'ok') return;
    expect(errors.entries.map((e) => e.level)).toEqual(['warn', 'error', 'error']);

    // limit with since pages forward without loss; without since it is the newest entries.
    const first = await f.driver.console({ ...f.address, since: mark, limit: 2 });
    if (first.status !== 'ok') throw new Error(JSON.stringify(first));
    expect(first.entries.map((e) => e.text)).toEqual(['debug line', 'log line one of 2 {a: 1}']);
    const next = await f.driver.console({ ...f.address, since: first.next_since, limit: 2 });
    if (next.status !== 'ok') throw new Error(JSON.stringify(next));
    expect(next.entries.map((e) => e.text)).toEqual(['info line', 'warn line']);
    const newest = await f.driver.console({ ...f.address, limit: 1 });
    if (newest.status !== 'ok') throw new Error(JSON.stringify(newest));
    expect(newest.entries.map((e) => e.source)).toEqual(['exception']);
    // Nothing new since the last answer.
    expect(await f.driver.console({ ...f.address, since: all.next_since })).toMatchObject({ status: 'ok', entries: [], next_since: all.next_since });
  });

  it('answers while a dialog blocks the page (from what it already has), with secrets still redacted', async () => {
    await f.open(page);
    const snap = await f.snapshot();
    expect(await f.driver.type({ ...f.address, ref: refOf(snap, 'textbox', 'Password').ref, text: 'blocked-secret-1' })).toMatchObject({ status: 'ok' });
    expect(await f.driver.console({ ...f.address, limit: 1 })).toMatchObject({ status: 'ok' }); // learns the secret
    expect(await click('Write console')).toMatchObject({ status: 'ok' });
    expect(await click('Show alert')).toMatchObject({ status: 'ok', dialog: { type: 'alert' } });
    const during = await f.driver.console({ ...f.address, limit: 3 });
    expect(during).toMatchObject({ status: 'ok' });
    expect(JSON.stringify(during)).toContain('password is [redacted]');
    expect(JSON.stringify(during)).not.toContain('blocked-secret-1');
    expect(await f.driver.dialog({ ...f.address, action: 'accept' })).toMatchObject({ status: 'ok' });
  });

  it('bad input: limit out of range, a negative since and an unknown level are refused naming the field', async () => {
    for (const [input, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 201 }, 'limit'],
      [{ since: -1 }, 'since'],
      [{ level: 'fatal' }, 'level'],
    ] as const) {
      expect(await f.driver.console({ ...f.address, ...input })).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request', detail: { field } } });
    }
  });
});

describe('closing a tab that has a beforeunload handler', () => {
  let side: CDP.Client;
  let transport: CdpBrowserConnection;

  beforeAll(async () => {
    side = await CDP({ host: '127.0.0.1', port: f.chromium.port });
    transport = (await new CdpBrowserTransport().connect(f.recorder.endpoint)) as CdpBrowserConnection;
  });
  afterAll(async () => {
    await transport?.close();
    await side?.close();
  });

  /** A background tab on the guarded page, given the user activation Chromium wants before it asks; its key and tab id. */
  async function guardedTab(): Promise<{ key: string; address: { session: string; target_id: string; tab_id: string } }> {
    const { targetId } = await side.Target.createTarget({ url: `${page}?beforeunload`, background: true });
    const listed = await f.driver.listTabs({ session: f.address.session, target_id: f.address.target_id });
    if (listed.status !== 'ok') throw new Error(JSON.stringify(listed));
    const tab = listed.tabs.find((t) => t.url === `${page}?beforeunload`);
    if (!tab) throw new Error('the guarded tab is not listed');
    const address = { ...f.address, tab_id: tab.tab_id };
    // The page's own script (which installs the handler) has run once the load event fired.
    const client = await CDP({ host: '127.0.0.1', port: f.chromium.port, target: targetId });
    try {
      await waitUntil(async () => (await client.Runtime.evaluate({ expression: 'document.readyState' })).result.value as string, (state) => state === 'complete', 20_000);
    } finally {
      await client.close();
    }
    await activate(address);
    return { key: targetId, address };
  }

  async function activate(address: { session: string; target_id: string; tab_id: string }): Promise<void> {
    const snap = (await waitUntil(
      () => f.driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }),
      (r) => r.status === 'ok' && 'refs' in r && r.refs.some((ref) => ref.name === 'Write console'),
      20_000,
    )) as SemanticSnapshotResponse;
    expect(await f.driver.click({ ...address, ref: refOf(snap, 'button', 'Write console').ref })).toMatchObject({ status: 'ok' });
  }

  const stillThere = async (key: string) => (await side.Target.getTargets()).targetInfos.some((t) => t.targetId === key);

  it('the transport closeTabWithPolicy answers the beforeunload: dismiss keeps the tab, accept closes it; the session goes on', async () => {
    const { key, address } = await guardedTab();
    expect(await transport.closeTabWithPolicy(key, 'dismiss')).toEqual({ closed: false, keptByBeforeUnload: true });
    expect(await stillThere(key)).toBe(true);
    expect(await f.driver.snapshot({ ...address, snapshot_format: 'semantic_v2' })).toMatchObject({ status: 'ok', page: { url: `${page}?beforeunload` } });
    await activate(address);
    expect(await transport.closeTabWithPolicy(key, 'accept')).toEqual({ closed: true, keptByBeforeUnload: false });
    expect(await stillThere(key)).toBe(false);
    expect(await f.driver.snapshot({ ...address, snapshot_format: 'semantic_v2' })).toMatchObject({ status: 'refused', refusal: { code: 'browser_tab_not_found' } });
    // The session's first tab is not wedged.
    expect((await f.snapshot()).status).toBe('ok');
  });

  it('Page.close from elsewhere: the beforeunload dialog shows in the snapshot, browser_dialog accept lets the tab close', async () => {
    const { key, address } = await guardedTab();
    const client = await CDP({ host: '127.0.0.1', port: f.chromium.port, target: key });
    try {
      void client.Page.close().catch(() => undefined);
      const blocked = await waitUntil(
        () => f.driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }),
        (r) => r.status === 'ok' && 'page' in r && r.page.dialog !== undefined,
        20_000,
      );
      expect(blocked).toMatchObject({ status: 'ok', page: { dialog: { type: 'beforeunload' } } });
      // Chromium may finish a close it was asked for on its own once the dialog has shown, so the
      // answer is either ours (ok) or a refusal saying the tab or its dialog is gone — never a hang.
      const accepted = await f.driver.dialog({ ...address, action: 'accept' });
      if (accepted.status === 'ok') expect(accepted).toMatchObject({ action: 'dialog' });
      else expect(accepted, JSON.stringify(accepted)).toMatchObject({ status: 'refused', refusal: { code: expect.stringMatching(/^browser_(tab_not_found|invalid_request)$/) } });
      await waitUntil(() => stillThere(key), (there) => !there, 20_000);
      expect(await stillThere(key)).toBe(false);
    } finally {
      await client.close().catch(() => undefined);
    }
    expect((await f.snapshot()).status).toBe('ok');
  });

  it('Target.closeTarget from elsewhere closes the guarded tab without a dialog; nothing wedges', async () => {
    const { key, address } = await guardedTab();
    await side.Target.closeTarget({ targetId: key });
    await waitUntil(() => stillThere(key), (there) => !there, 20_000);
    // Once the browser's targetDestroyed event is in, the closed tab is refused (before it, a read may race the close).
    const gone = await waitUntil(() => f.driver.snapshot({ ...address, snapshot_format: 'semantic_v2' }), (r) => r.status === 'refused', 20_000);
    expect(gone).toMatchObject({ status: 'refused', refusal: { code: 'browser_tab_not_found' } });
    expect((await f.snapshot()).status).toBe('ok');
  });
});

describe('a tab held by a dialog it opened before Sightline attached', () => {
  it('the snapshot answers within the command timeout naming the dialog and what to do; the tab can be closed; the session goes on', async () => {
    const side = await CDP({ host: '127.0.0.1', port: f.chromium.port });
    const key = 'unwatched-alert';
    const url = `${f.server.mainOrigin}/dialogs/alert-unwatched.html?key=${key}`;
    // No client watches the new tab: its alert (opened in the same task as the held request) is
    // offered to no DevTools client attaching later, and its renderer answers nothing until it ends.
    // (A foreground tab: Chromium dismisses a dialog of a background tab by itself.)
    const { targetId } = await side.Target.createTarget({ url, background: false });
    try {
      await f.server.held.arrived(key);
      const listed = await f.driver.tabs({ session: f.address.session, target_id: f.address.target_id, action: 'list' });
      if (listed.status !== 'ok') throw new Error(JSON.stringify(listed));
      const tab = listed.tabs.find((t) => t.url === url);
      if (!tab) throw new Error('the tab with the alert is not listed');
      const address = { ...f.address, tab_id: tab.tab_id };

      const held = await f.driver.snapshot({ ...address, snapshot_format: 'semantic_v2' });
      expect(held, JSON.stringify(held).slice(0, 1500)).toMatchObject({ status: 'error', error: { code: 'browser_transport_error' } });
      const message = (held as { error: { message: string } }).error.message;
      expect(message).toMatch(/^Page\.\w+ timed out after \d+ ms while attaching to the tab: /);
      expect(message).toContain('held by a JavaScript dialog it opened before Sightline attached');
      expect(message).toContain('answer it in the browser window, or reload or close the tab');
      expect(message).not.toContain('Nobody was watching'); // no page text

      // The session's own tab is served meanwhile, and the held tab can be closed through Sightline.
      expect((await f.snapshot()).status).toBe('ok');
      const closed = await f.driver.tabs({ session: f.address.session, target_id: f.address.target_id, action: 'close', tab_id: tab.tab_id });
      expect(closed, JSON.stringify(closed)).toMatchObject({ status: 'ok' });
      expect((await side.Target.getTargets()).targetInfos.some((t) => t.targetId === targetId)).toBe(false);
    } finally {
      f.server.held.release(key);
      await side.Target.closeTarget({ targetId }).catch(() => undefined);
      await side.close();
    }
    expect((await f.snapshot()).status).toBe('ok');
  });
});
