import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeBrowserTransport } from '../testing/fake-ports.js';
import { fakeMailPage, fakePage } from '../testing/fake-ports-pages.js';
import {
  actionResponseSchema,
  bindResponseSchema,
  refusalResponseSchema,
  screenshotResponseSchema,
  semanticSnapshotResponseSchema,
  transportErrorResponseSchema,
} from '../contract/responses.js';
import type { PageCapture } from '../model/page-capture.js';

const formPage = (): PageCapture => {
  const capture = fakeMailPage();
  const main = capture.nodes.findIndex((node) => node.role === 'main');
  capture.nodes.push(
    { ...capture.nodes[main]!, handle: 'folder', parent: main, role: 'combobox', tag: 'select', name: 'Folder', box: { x: 10, y: 400, width: 200, height: 24 }, hit: 'clear' },
    { ...capture.nodes[main]!, handle: 'pane', parent: main, role: 'region', tag: 'div', name: 'Pane', box: { x: 10, y: 440, width: 200, height: 200 }, hit: 'clear', style: { display: 'block', visibility: 'visible', opacity: 1, scrollable: true } },
  );
  return capture;
};

async function bound(capture: PageCapture = formPage()) {
  const browser = new FakeBrowser([{ capture }]);
  const driver = new Driver({ transport: new FakeBrowserTransport(browser) });
  const bind = bindResponseSchema.parse(await driver.bind({ session: 'agent', cdp_url: 'http://127.0.0.1:9222' }));
  const address = { session: 'agent', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id };
  const tabKey = browser.firstTabKey();
  const snapshot = semanticSnapshotResponseSchema.parse(await driver.snapshot(address));
  const ref = (name: string) => {
    const found = [...snapshot.refs, ...snapshot.content_refs].find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no ref ${name}`);
    return found.ref;
  };
  return { browser, driver, address, tabKey, snapshot, ref };
}

const refusal = (result: unknown) => refusalResponseSchema.parse(result).refusal;

describe('Driver actions', () => {
  it('clicks an action ref after re-proving the node', async () => {
    const { driver, address, ref, browser, tabKey } = await bound();
    const result = actionResponseSchema.parse(await driver.click({ ...address, ref: ref('Send') }));
    expect(result).toEqual({ status: 'ok', action: 'click', ref: ref('Send'), effect: 'confirmed', navigation: false });
    const methods = browser.pageCalls().map((call) => call.method);
    expect(methods.slice(-2)).toEqual(['proveNode', 'perform']);
    const performed = browser.pageCalls('perform')[0]!;
    expect(performed.tabKey).toBe(tabKey);
    expect(performed.detail).toMatchObject({ kind: 'click', node: { handle: expect.any(String), documentKey: 'doc-1' } });
  });

  it('accepts refs with a leading @ and reports the ref without it', async () => {
    const { driver, address, ref } = await bound();
    const result = actionResponseSchema.parse(await driver.click({ ...address, ref: `@${ref('Send')}` }));
    expect(result.ref).toBe(ref('Send'));
  });

  it('refuses an action the ref does not support before anything is sent', async () => {
    const { driver, address, ref, browser } = await bound();
    const before = browser.calls.length;
    const typeIntoButton = refusal(await driver.type({ ...address, ref: ref('Send'), text: 'hello' }));
    expect(typeIntoButton.code).toBe('browser_action_unavailable');
    const clickContent = refusal(await driver.click({ ...address, ref: ref('Message') }));
    expect(clickContent.code).toBe('browser_action_unavailable');
    expect(clickContent.message).toContain('content ref');
    const selectTextbox = refusal(await driver.select({ ...address, ref: ref('Reply body'), values: ['a'] }));
    expect(selectTextbox.code).toBe('browser_action_unavailable');
    const scrollButton = refusal(await driver.scroll({ ...address, ref: ref('Send'), direction: 'down' }));
    expect(scrollButton.code).toBe('browser_action_unavailable');
    expect(browser.calls.slice(before)).toEqual([]);
  });

  it('refuses actions on a node that became disabled (it has none), carrying E forward', async () => {
    const { driver, address, ref, browser, tabKey } = await bound();
    const element = ref('Send').split(':')[1];
    const capture = formPage();
    capture.nodes.find((node) => node.name === 'Send')!.states = { disabled: true };
    browser.setCapture(tabKey, capture);
    const second = semanticSnapshotResponseSchema.parse(await driver.snapshot(address));
    expect(second.refs.some((candidate) => candidate.name === 'Send')).toBe(false);
    const before = browser.calls.length;
    const result = refusal(await driver.click({ ...address, ref: `${second.snapshot.id}:${element}` }));
    expect(result.code).toBe('browser_action_unavailable');
    expect(result.message).toContain('disabled');
    expect(browser.calls.slice(before)).toEqual([]);
  });

  it('refuses a covered click naming the covering role and name', async () => {
    const { driver, address, ref, browser, tabKey } = await bound();
    browser.cover(tabKey, 'Send', { role: 'dialog', name: 'Cookie consent' });
    const result = refusal(await driver.click({ ...address, ref: ref('Send') }));
    expect(result.code).toBe('browser_target_covered');
    expect(result.message).toContain('dialog "Cookie consent"');
    expect(result.detail).toMatchObject({ covering: { role: 'dialog', name: 'Cookie consent' } });
  });

  it('types without echoing the text, in any result', async () => {
    const { driver, address, ref, browser } = await bound();
    const secret = 'correct horse battery staple';
    const ok = await driver.type({ ...address, ref: ref('Reply body'), text: secret, submit: true });
    expect(actionResponseSchema.parse(ok).action).toBe('type');
    expect(JSON.stringify(ok)).not.toContain(secret);
    expect(browser.pageCalls('perform').at(-1)!.detail).toMatchObject({ kind: 'type', text: secret, replace: false, submit: true, mode: 'insert_text' });
    const password = await driver.type({ ...address, ref: ref('Password'), text: secret });
    expect(JSON.stringify(password)).not.toContain(secret);
    browser.failNext('perform');
    const failed = await driver.type({ ...address, ref: ref('Reply body'), text: secret });
    expect(failed.status).toBe('error');
    expect(JSON.stringify(failed)).not.toContain(secret);
  });

  it('selects, refusing values that match no option by naming them', async () => {
    const { driver, address, ref, browser, tabKey } = await bound();
    browser.setOptions(tabKey, 'Folder', ['Inbox', 'Archive']);
    expect(actionResponseSchema.parse(await driver.select({ ...address, ref: ref('Folder'), values: ['Inbox'] })).action).toBe('select');
    const missing = refusal(await driver.select({ ...address, ref: ref('Folder'), values: ['Inbox', 'Spam'] }));
    expect(missing.code).toBe('browser_invalid_request');
    expect(missing.detail).toMatchObject({ field: 'values', missing: ['Spam'] });
    expect(missing.message).toContain('"Spam"');
  });

  it('scrolls the page without a ref, and a scroll container with one', async () => {
    const { driver, address, ref, browser } = await bound();
    expect(actionResponseSchema.parse(await driver.scroll({ ...address, direction: 'down' })).ref).toBeNull();
    expect(browser.pageCalls('perform').at(-1)!.detail).toEqual({ kind: 'scroll', node: null, direction: 'down', amount: 600 });
    expect(actionResponseSchema.parse(await driver.scroll({ ...address, ref: ref('Pane'), direction: 'up', amount: 50 })).ref).toBe(ref('Pane'));
  });

  it('presses a key on the tab', async () => {
    const { driver, address, browser } = await bound();
    expect(actionResponseSchema.parse(await driver.press({ ...address, key: 'Control+A' }))).toMatchObject({ action: 'press', ref: null });
    expect(browser.pageCalls('perform').at(-1)!.detail).toEqual({ kind: 'press', key: 'Control+A' });
  });

  it('navigates, reports the navigation, and makes old refs stale', async () => {
    const { driver, address, ref } = await bound();
    const result = actionResponseSchema.parse(await driver.navigate({ ...address, url: 'http://127.0.0.1:8080/next' }));
    expect(result).toMatchObject({ action: 'navigate', ref: null, navigation: true });
    expect(refusal(await driver.click({ ...address, ref: ref('Send') })).code).toBe('browser_ref_stale');
    expect(actionResponseSchema.parse(await driver.navigate({ ...address, history: 'back' })).navigation).toBe(true);
  });

  it('refuses script URLs and navigate requests with both or neither of url and history', async () => {
    const { driver, address, browser } = await bound();
    const before = browser.calls.length;
    expect(refusal(await driver.navigate({ ...address, url: 'javascript:alert(1)' })).detail).toMatchObject({ field: 'url' });
    expect(refusal(await driver.navigate({ ...address })).detail).toMatchObject({ field: 'url' });
    expect(refusal(await driver.navigate({ ...address, url: 'http://x', history: 'back' })).detail).toMatchObject({ field: 'url' });
    expect(browser.calls.length).toBe(before);
  });

  it('refuses an action on a tab the browser no longer has', async () => {
    const { driver, address, ref, browser, tabKey } = await bound();
    browser.tabs.delete(tabKey);
    const result = refusal(await driver.click({ ...address, ref: ref('Send') }));
    expect(result.code).toBe('browser_tab_not_found');
    expect(browser.pageCalls('perform')).toEqual([]);
  });

  it('reports a transport failure during delivery as an error, never a partial success', async () => {
    const { driver, address, ref, browser } = await bound();
    browser.failNext('perform');
    const result = transportErrorResponseSchema.parse(await driver.click({ ...address, ref: ref('Send') }));
    expect(result.error.code).toBe('browser_transport_error');
    browser.failNext('proveNode');
    expect((await driver.click({ ...address, ref: ref('Send') })).status).toBe('error');
  });

  it('refuses invalid action fields by name', async () => {
    const { driver, address, ref } = await bound();
    const cases: Array<[Promise<unknown>, string]> = [
      [driver.click({ ...address }), 'ref'],
      [driver.click({ ...address, ref: 'send-button' }), 'ref'],
      [driver.type({ ...address, ref: ref('Reply body') }), 'text'],
      [driver.type({ ...address, ref: ref('Reply body'), text: 'x', mode: 'paste' }), 'mode'],
      [driver.select({ ...address, ref: ref('Folder'), values: [] }), 'values'],
      [driver.scroll({ ...address, direction: 'sideways' }), 'direction'],
      [driver.scroll({ ...address, direction: 'down', amount: 0 }), 'amount'],
      [driver.press({ ...address, key: '' }), 'key'],
      [driver.screenshot({ ...address, annotate: 'yes' }), 'annotate'],
      [driver.endSession({}), 'session'],
    ];
    for (const [pending, field] of cases) {
      const result = refusal(await pending);
      expect(result.code).toBe('browser_invalid_request');
      expect(result.detail?.field).toBe(field);
    }
  });
});

describe('Driver.screenshot', () => {
  it('labels the current snapshot’s in-viewport action refs 1..n', async () => {
    const capture = fakeMailPage({ extra: 2 });
    const { driver, address, snapshot, browser } = await bound(capture);
    const result = screenshotResponseSchema.parse(await driver.screenshot({ ...address, annotate: true }));
    const inView = snapshot.refs.filter((ref) => ref.visibility === 'in_viewport').map((ref) => ref.ref);
    expect(result.labels.map((label) => label.ref)).toEqual(inView);
    expect(result.labels.map((label) => label.label)).toEqual(inView.map((_, index) => index + 1));
    expect(result.image.mime_type).toBe('image/png');
    const sent = browser.pageCalls('screenshot')[0]!.detail as Array<{ label: number; box: unknown }>;
    expect(sent).toHaveLength(inView.length);
    expect(sent.every((label) => label.box !== undefined)).toBe(true);
  });

  it('draws no labels without annotate', async () => {
    const { driver, address } = await bound();
    expect(screenshotResponseSchema.parse(await driver.screenshot(address)).labels).toEqual([]);
  });
});

describe('Driver.endSession', () => {
  it('drops the session’s capabilities and detaches from a browser it did not launch', async () => {
    const { driver, address, ref, browser } = await bound(fakePage({ nodes: [{ role: 'button', name: 'Send' }] }));
    const ended = await driver.endSession({ session: 'agent' });
    expect(ended).toEqual({ status: 'ok', mode: 'end_session', session: 'agent', closed_browsers: 0 });
    expect(browser.connections[0]!.closed).toBe(true);
    expect(refusal(await driver.click({ ...address, ref: ref('Send') })).code).toBe('browser_ref_stale');
  });
});
