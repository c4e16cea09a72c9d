import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeBrowserTransport } from '../testing/fake-ports.js';
import { fakeMailPage } from '../testing/fake-ports-pages.js';
import { actionResponseSchema, bindResponseSchema, refusalResponseSchema, semanticSnapshotResponseSchema } from '../contract/responses.js';
import type { PageCapture } from '../model/page-capture.js';

// SPEC §12 pointer and keyboard verbs through the Driver over fake ports.

const cardPage = (): PageCapture => {
  const capture = fakeMailPage();
  const main = capture.nodes.findIndex((node) => node.role === 'main');
  capture.nodes.push(
    { ...capture.nodes[main]!, handle: 'card', parent: main, role: 'listitem', tag: 'li', name: 'Card A', box: { x: 10, y: 400, width: 200, height: 24 }, hit: 'clear', attributes: { draggable: true } },
    { ...capture.nodes[main]!, handle: 'file', parent: main, role: 'button', tag: 'input', name: 'Attachment', box: { x: 10, y: 440, width: 200, height: 24 }, hit: 'clear', attributes: { inputType: 'file' } },
  );
  return capture;
};

async function bound() {
  const browser = new FakeBrowser([{ capture: cardPage() }]);
  const driver = new Driver({ transport: new FakeBrowserTransport(browser) });
  const bind = bindResponseSchema.parse(await driver.bind({ session: 'agent', cdp_url: 'http://127.0.0.1:9222' }));
  const address = { session: 'agent', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id };
  const snapshot = semanticSnapshotResponseSchema.parse(await driver.snapshot(address));
  const ref = (name: string) => {
    const found = [...snapshot.refs, ...snapshot.content_refs].find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no ref ${name} in ${JSON.stringify(snapshot.refs.map((r) => r.name))}`);
    return found.ref;
  };
  return { browser, driver, address, snapshot, ref };
}

const refusal = (result: unknown) => refusalResponseSchema.parse(result).refusal;

describe('Driver pointer verbs (SPEC §12)', () => {
  it('lists drag on a draggable element and upload on a file input', async () => {
    const { snapshot } = await bound();
    expect(snapshot.refs.find((r) => r.name === 'Card A')!.actions).toEqual(['drag']);
    expect(snapshot.refs.find((r) => r.name === 'Attachment')!.actions).toEqual(['upload', 'click']);
  });

  it('click passes double, button and modifiers only when given', async () => {
    const { driver, address, ref, browser } = await bound();
    actionResponseSchema.parse(await driver.click({ ...address, ref: ref('Send') }));
    expect(browser.pageCalls('perform').at(-1)!.detail).toEqual({ kind: 'click', node: expect.any(Object) });
    const result = actionResponseSchema.parse(await driver.click({ ...address, ref: ref('Send'), double: true, button: 'right', modifiers: ['Shift', 'Alt'] }));
    expect(result.action).toBe('click');
    expect(browser.pageCalls('perform').at(-1)!.detail).toMatchObject({ kind: 'click', double: true, button: 'right', modifiers: ['Shift', 'Alt'] });
    expect(refusal(await driver.click({ ...address, ref: ref('Send'), button: 'back' })).detail).toMatchObject({ field: 'button' });
    expect(refusal(await driver.click({ ...address, ref: ref('Send'), modifiers: ['Shift', 'Shift'] })).detail).toMatchObject({ field: 'modifiers' });
    expect(refusal(await driver.click({ ...address, ref: ref('Send'), modifiers: ['Hyper'] })).detail).toMatchObject({ field: 'modifiers.0' });
  });

  it('hovers anything clickable, and refuses content refs', async () => {
    const { driver, address, ref, browser } = await bound();
    const ok = actionResponseSchema.parse(await driver.hover({ ...address, ref: ref('Send') }));
    expect(ok).toMatchObject({ action: 'hover', ref: ref('Send') });
    expect(browser.pageCalls('perform').at(-1)!.detail).toMatchObject({ kind: 'hover' });
    const before = browser.calls.length;
    expect(refusal(await driver.hover({ ...address, ref: ref('Message') })).code).toBe('browser_action_unavailable');
    expect(refusal(await driver.hover({ ...address, ref: ref('Card A') })).message).toContain('hover or click');
    expect(browser.calls.slice(before)).toEqual([]);
  });

  it('drags a draggable ref onto any current ref, and names to_ref when it is stale or missing', async () => {
    const { driver, address, ref, browser } = await bound();
    const ok = actionResponseSchema.parse(await driver.drag({ ...address, ref: ref('Card A'), to_ref: ref('Message') }));
    expect(ok).toMatchObject({ action: 'drag', ref: ref('Card A') });
    const performed = browser.pageCalls('perform').at(-1)!.detail as { kind: string; node: { handle: string }; to: { handle: string } };
    expect(performed.kind).toBe('drag');
    expect(performed.node.handle).toBe('card');
    expect(performed.to.handle).not.toBe('card');
    const before = browser.calls.length;
    const stale = refusal(await driver.drag({ ...address, ref: ref('Card A'), to_ref: 'p999:1' }));
    expect(stale).toMatchObject({ code: 'browser_ref_stale', detail: { field: 'to_ref' } });
    expect(stale.message).toContain('to_ref');
    expect(refusal(await driver.drag({ ...address, ref: ref('Card A') })).detail).toMatchObject({ field: 'to_ref' });
    expect(refusal(await driver.drag({ ...address, ref: ref('Card A'), to_ref: '#zone' })).detail).toMatchObject({ field: 'to_ref' });
    expect(refusal(await driver.drag({ ...address, ref: ref('Send'), to_ref: ref('Message') })).code).toBe('browser_action_unavailable');
    expect(browser.calls.slice(before)).toEqual([]);
  });

  it('re-proves to_ref at delivery: a detached drop target is refused naming to_ref', async () => {
    const { driver, address, ref, browser } = await bound();
    const to = ref('Send');
    const capture = browser.tabs.get(browser.firstTabKey())!.capture;
    capture.nodes = capture.nodes.filter((node) => node.name !== 'Send');
    const stale = refusal(await driver.drag({ ...address, ref: ref('Card A'), to_ref: to }));
    expect(stale).toMatchObject({ code: 'browser_ref_stale', detail: { field: 'to_ref' } });
    expect(browser.pageCalls('perform')).toEqual([]);
  });

  it('uploads absolute paths; relative, empty and too many paths are refused naming paths', async () => {
    const { driver, address, ref, browser } = await bound();
    const ok = actionResponseSchema.parse(await driver.upload({ ...address, ref: ref('Attachment'), paths: ['/tmp/a.txt', 'C:\\data\\b.txt'] }));
    expect(ok).toMatchObject({ action: 'upload' });
    expect(browser.pageCalls('perform').at(-1)!.detail).toMatchObject({ kind: 'upload', paths: ['/tmp/a.txt', 'C:\\data\\b.txt'] });
    // A clickable control may open a file chooser.
    expect(actionResponseSchema.parse(await driver.upload({ ...address, ref: ref('Send'), paths: ['/tmp/a.txt'] })).action).toBe('upload');
    expect(refusal(await driver.upload({ ...address, ref: ref('Attachment'), paths: ['notes.txt'] })).detail).toMatchObject({ field: 'paths.0' });
    expect(refusal(await driver.upload({ ...address, ref: ref('Attachment'), paths: [] })).detail).toMatchObject({ field: 'paths' });
    expect(refusal(await driver.upload({ ...address, ref: ref('Attachment'), paths: Array.from({ length: 21 }, (_, i) => `/tmp/${i}`) })).detail).toMatchObject({ field: 'paths' });
    expect(refusal(await driver.upload({ ...address, ref: ref('Attachment'), paths: ['/tmp/a\u0000b'] })).detail).toMatchObject({ field: 'paths.0' });
    expect(refusal(await driver.upload({ ...address, ref: ref('Message'), paths: ['/tmp/a.txt'] })).code).toBe('browser_action_unavailable');
  });

  it('type keystrokes: true is mode keystrokes; a contradicting mode is refused naming keystrokes', async () => {
    const { driver, address, ref, browser } = await bound();
    actionResponseSchema.parse(await driver.type({ ...address, ref: ref('Reply body'), text: 'ab', keystrokes: true }));
    expect(browser.pageCalls('perform').at(-1)!.detail).toMatchObject({ kind: 'type', mode: 'keystrokes' });
    actionResponseSchema.parse(await driver.type({ ...address, ref: ref('Reply body'), text: 'ab', keystrokes: true, mode: 'keystrokes' }));
    actionResponseSchema.parse(await driver.type({ ...address, ref: ref('Reply body'), text: 'ab', mode: 'keystrokes' }));
    expect(browser.pageCalls('perform').at(-1)!.detail).toMatchObject({ mode: 'keystrokes' });
    const before = browser.calls.length;
    expect(refusal(await driver.type({ ...address, ref: ref('Reply body'), text: 'ab', keystrokes: true, mode: 'insert_text' })).detail).toMatchObject({ field: 'keystrokes' });
    expect(refusal(await driver.type({ ...address, ref: ref('Reply body'), text: 'ab', keystrokes: 'yes' })).detail).toMatchObject({ field: 'keystrokes' });
    expect(browser.calls.slice(before)).toEqual([]);
  });
});
