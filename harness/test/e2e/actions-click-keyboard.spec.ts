import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Driver, type SemanticSnapshotResponse } from '@sightline/semantic-core';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { expectOneReplySent, refOf, startActionsFixture, waitUntil, withoutSeq, type ActionsFixture } from './support/actions-fixture.js';
import { FOREGROUND_METHODS, type RecordedCommand } from './support/actions-recorder.js';

// SPEC §6 decision: keyboard delivery of clicks (`clickDelivery: 'keyboard'`, what `auto` picks
// for a headful browser, where a CDP pointer press raises the window — see native-window row 4c).
// Same headless fixture as the other action rows; a second Driver with keyboard delivery is bound
// through the same CDP recorder, so the wire shows exactly how each click was delivered.

let f: ActionsFixture;
let kbd: Driver;
let address: { session: string; target_id: string; tab_id: string };

beforeAll(async () => {
  f = await startActionsFixture('actions-mouse');
  kbd = new Driver({ transport: new CdpBrowserTransport({ clickDelivery: 'keyboard' }) });
  const bound = await kbd.bind({ session: 'actions-keyboard', cdp_url: f.recorder.endpoint });
  if (bound.status !== 'ok') throw new Error(`bind failed: ${JSON.stringify(bound)}`);
  address = { session: 'actions-keyboard', target_id: bound.target_id, tab_id: bound.tabs[0]!.tab_id };
});
afterAll(async () => {
  await kbd?.close();
  await f?.close();
});

async function snapshot(): Promise<SemanticSnapshotResponse> {
  const result = await kbd.snapshot({ ...address, snapshot_format: 'semantic_v2' });
  if (result.status !== 'ok' || !('outline' in result)) throw new Error(`snapshot failed: ${JSON.stringify(result)}`);
  return result;
}

const inputs = (commands: RecordedCommand[]) => commands.filter((c) => c.method.startsWith('Input.'));
const keyDowns = (commands: RecordedCommand[]) => inputs(commands).filter((c) => c.method === 'Input.dispatchKeyEvent' && c.params.type !== 'keyUp').map((c) => c.params.key);

/** A fixed panel at the top left of the mail app with controls the fixture does not have; `record` journals into the page. */
async function injectPanel(html: string, script = ''): Promise<void> {
  await f.evaluate<void>(`(() => {
    const panel = document.createElement('div');
    panel.id = 'kbd-panel';
    panel.style.cssText = 'position:fixed;left:8px;top:8px;z-index:1000;background:#fff;border:1px solid #888;padding:6px;font:13px sans-serif';
    panel.innerHTML = ${JSON.stringify(html)};
    document.body.appendChild(panel);
    const record = (entry) => window.sightlineJournal.record(entry);
    ${script}
  })()`);
}

describe('keyboard delivery of clicks', () => {
  it('"Send" after typing: focus + Enter, no pointer event at all; the page sees a trusted click and one send', async () => {
    await f.open(f.server.urls.app);
    const snap = await snapshot();
    const reply = refOf(snap, 'textbox', 'Reply body');
    const send = refOf(snap, 'button', 'Send');
    expect(await kbd.type({ ...address, ref: reply.ref, text: 'Keyboard reply.' })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    // What the page's own listeners see of the click (the README's trade-offs).
    await f.evaluate<void>(`(() => {
      const seen = window.__seen = [];
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'keydown', 'keyup', 'click']) {
        document.getElementById('send').addEventListener(type, (e) => seen.push(type === 'click' ? { type, trusted: e.isTrusted, detail: e.detail, pointerType: e.pointerType, x: e.clientX, y: e.clientY } : type));
      }
    })()`);
    const mark = f.recorder.mark();
    const clicked = await kbd.click({ ...address, ref: send.ref });
    expect(clicked).toEqual({ status: 'ok', action: 'click', ref: send.ref, effect: 'confirmed', navigation: false });
    const sent = f.recorder.since(mark);
    // Hit-tested first, then focused, then one Enter; never a mouse or touch event.
    const hitTest = sent.findIndex((c) => c.method === 'DOM.getNodeForLocation');
    const focus = sent.findIndex((c) => c.method === 'DOM.focus');
    expect(hitTest).toBeGreaterThanOrEqual(0);
    expect(focus).toBeGreaterThan(hitTest);
    expect(inputs(sent).map((c) => `${c.method}:${String(c.params.type)}:${String(c.params.key)}`)).toEqual(['Input.dispatchKeyEvent:keyDown:Enter', 'Input.dispatchKeyEvent:keyUp:Enter']);
    await expectOneReplySent(f, 'Keyboard reply.');
    expect(await f.evaluate<string>('document.activeElement.id')).toBe('send');
    expect(await f.evaluate<unknown[]>('window.__seen')).toEqual(['keydown', { type: 'click', trusted: true, detail: 0, pointerType: '', x: 0, y: 0 }, 'keyup']);
  });

  it('clicks inside the same-process frame, the out-of-process frame and both shadow roots, by key', async () => {
    await f.open(f.server.urls.app);
    const snap = await snapshot();
    const mark = f.recorder.mark();
    for (const name of ['Accept invite', 'Translate message', 'Reveal note', 'Call sender']) {
      const result = await kbd.click({ ...address, ref: refOf(snap, 'button', name).ref });
      expect(result, name).toMatchObject({ status: 'ok', action: 'click', effect: expect.stringMatching(/^(confirmed|unverifiable)$/), navigation: false });
    }
    const journal = withoutSeq(await waitUntil(() => f.journal(), (e) => e.length >= 4));
    expect(journal).toEqual([
      { type: 'click', target: 'Accept invite', trusted: true, frame: 'calendar' },
      { type: 'click', target: 'Translate message', trusted: true, frame: 'translator' },
      { type: 'click', target: 'Reveal note', trusted: true, shadow: 'closed' },
      { type: 'click', target: 'Call sender', trusted: true, shadow: 'open' },
    ]);
    expect(inputs(f.recorder.since(mark)).filter((c) => c.method !== 'Input.dispatchKeyEvent')).toEqual([]);
    expect(keyDowns(f.recorder.since(mark))).toEqual(['Enter', 'Enter', 'Enter', 'Enter']);
  });

  it('native checkbox and radio get Space (Enter would submit their form), a link and a summary Enter; the page does not scroll', async () => {
    await f.open(f.server.urls.app);
    await injectPanel(
      `<form id="kbd-form" aria-label="Keyboard form">
         <label><input type="checkbox" id="kbd-check" name="check"> Keep copy</label>
         <label><input type="radio" id="kbd-radio" name="pick" value="b"> Pick B</label>
         <input type="submit" value="Submit keyboard form" aria-label="Submit keyboard form">
       </form>
       <a href="#kbd-anchor" id="kbd-link">Jump to anchor</a>
       <details id="kbd-details"><summary>More details</summary><p>Hidden text</p></details>`,
    );
    const scrollBefore = await f.evaluate<number>('window.scrollY');
    const snap = await snapshot();
    const mark = f.recorder.mark();
    expect(await kbd.click({ ...address, ref: refOf(snap, 'checkbox', 'Keep copy').ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await kbd.click({ ...address, ref: refOf(snap, 'radio', 'Pick B').ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await kbd.click({ ...address, ref: refOf(snap, 'link', 'Jump to anchor').ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await f.evaluate<string>('location.hash')).toBe('#kbd-anchor');
    expect(await kbd.click({ ...address, ref: refOf(snap, 'button', 'More details').ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await f.evaluate<boolean>("document.getElementById('kbd-details').open")).toBe(true);
    expect(await f.evaluate<[boolean, boolean]>("[document.getElementById('kbd-check').checked, document.getElementById('kbd-radio').checked]")).toEqual([true, true]);
    expect(keyDowns(f.recorder.since(mark))).toEqual([' ', ' ', 'Enter', 'Enter']);
    expect(inputs(f.recorder.since(mark)).filter((c) => c.method !== 'Input.dispatchKeyEvent')).toEqual([]);
    // No implicit form submission, no Space scroll.
    expect(withoutSeq(await f.journal())).toEqual([
      { type: 'click', target: 'Keep copy', trusted: true },
      { type: 'check', target: 'Keep copy', checked: true },
      { type: 'click', target: 'Pick B', trusted: true },
      { type: 'check', target: 'Pick B', checked: true },
      { type: 'click', target: 'Jump to anchor', trusted: true },
    ]);
    expect(await f.evaluate<number>('window.scrollY')).toBe(scrollBefore);
    // The submit button submits.
    const again = await snapshot();
    expect(await kbd.click({ ...address, ref: refOf(again, 'button', 'Submit keyboard form').ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(withoutSeq(await f.journal()).slice(-2)).toEqual([
      { type: 'click', target: 'Submit keyboard form', trusted: true },
      { type: 'submit', form: 'Keyboard form', fields: { check: 'on', pick: 'b' } },
    ]);
  });

  it('focusable ARIA controls get the key a keyboard user would press; one that ignores keys is an honest suspected no-op, without scrolling the page', async () => {
    await f.open(f.server.urls.app);
    await injectPanel(
      `<div role="button" tabindex="0" id="aria-button">Star message</div>
       <div role="switch" tabindex="0" aria-checked="false" id="aria-switch">Focus mode</div>
       <div role="checkbox" tabindex="0" aria-checked="false" id="aria-mute">Mute thread</div>
       <div role="button" tabindex="0" id="aria-click-only">Pin message</div>`,
      `const star = document.getElementById('aria-button');
       star.addEventListener('keydown', (e) => { if (e.key === 'Enter') record({ type: 'star', trusted: e.isTrusted }); });
       const sw = document.getElementById('aria-switch');
       sw.addEventListener('keydown', (e) => { if (e.key === ' ') e.preventDefault(); });
       sw.addEventListener('keyup', (e) => { if (e.key === ' ') { sw.setAttribute('aria-checked', String(sw.getAttribute('aria-checked') !== 'true')); record({ type: 'switch', checked: sw.getAttribute('aria-checked') }); } });
       // These two only listen for the mouse: keys do nothing to them.
       document.getElementById('aria-mute').addEventListener('click', () => record({ type: 'mute' }));
       document.getElementById('aria-click-only').addEventListener('click', () => record({ type: 'pin' }));`,
    );
    const scrollBefore = await f.evaluate<number>('window.scrollY');
    const snap = await snapshot();
    const mark = f.recorder.mark();
    expect(await kbd.click({ ...address, ref: refOf(snap, 'button', 'Star message').ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await kbd.click({ ...address, ref: refOf(snap, 'switch', 'Focus mode').ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await kbd.click({ ...address, ref: refOf(snap, 'checkbox', 'Mute thread').ref })).toMatchObject({ status: 'ok', effect: 'suspected_noop' });
    expect(await kbd.click({ ...address, ref: refOf(snap, 'button', 'Pin message').ref })).toMatchObject({ status: 'ok', effect: 'suspected_noop' });
    expect(keyDowns(f.recorder.since(mark))).toEqual(['Enter', ' ', ' ', 'Enter']);
    expect(inputs(f.recorder.since(mark)).filter((c) => c.method !== 'Input.dispatchKeyEvent')).toEqual([]);
    expect(withoutSeq(await f.journal())).toEqual([
      { type: 'star', trusted: true },
      { type: 'switch', checked: 'true' },
    ]);
    expect(await f.evaluate<number>('window.scrollY')).toBe(scrollBefore);
  });

  it('a message row (role option, tabindex -1) is opened by Enter, as the list offers keyboard users', async () => {
    await f.open(f.server.urls.app);
    const snap = await snapshot();
    const row = snap.refs.find((r) => r.role === 'option' && r.name.includes('Team offsite ideas'));
    expect(row, snap.refs.filter((r) => r.role === 'option').map((r) => r.name).join(' | ')).toBeDefined();
    expect(await kbd.click({ ...address, ref: row!.ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    const journal = withoutSeq(await f.journal());
    expect(journal).toEqual([{ type: 'open_message', index: expect.any(Number), subject: expect.stringContaining('Team offsite ideas'), via: 'keyboard' }]);
  });

  it('a target no key activates still gets the mouse', async () => {
    await f.open(f.server.urls.app);
    await injectPanel(
      `<div id="plain-tile" style="cursor:pointer;padding:4px" aria-label="Weather tile">Sunny, 21°</div>`,
      `document.getElementById('plain-tile').addEventListener('click', (e) => record({ type: 'tile', trusted: e.isTrusted, detail: e.detail }));`,
    );
    const snap = await snapshot();
    const tile = snap.refs.find((r) => r.name === 'Weather tile' && r.actions.includes('click'));
    expect(tile, snap.outline).toBeDefined();
    const mark = f.recorder.mark();
    expect(await kbd.click({ ...address, ref: tile!.ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    const sent = f.recorder.since(mark);
    expect(inputs(sent).map((c) => `${c.method}:${String(c.params.type)}`)).toEqual([
      'Input.dispatchMouseEvent:mouseMoved',
      'Input.dispatchMouseEvent:mousePressed',
      'Input.dispatchMouseEvent:mouseReleased',
    ]);
    expect(sent.some((c) => c.method === 'DOM.focus')).toBe(false);
    expect(withoutSeq(await f.journal())).toEqual([{ type: 'tile', trusted: true, detail: 1 }]);
  });

  it('a covered target is refused before anything is focused or pressed', async () => {
    await f.open(f.server.urls.app);
    const snap = await snapshot();
    const send = refOf(snap, 'button', 'Send');
    expect(await kbd.click({ ...address, ref: refOf(snap, 'button', 'Open settings').ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    await waitUntil(() => f.journal(), (e) => e.some((x) => x.type === 'dialog'));
    const focusedBefore = await f.evaluate<string>('document.activeElement.id');
    const journalBefore = await f.journal();
    const mark = f.recorder.mark();
    const covered = await kbd.click({ ...address, ref: send.ref });
    expect(covered).toMatchObject({
      status: 'refused',
      refusal: { code: 'browser_target_covered', detail: { ref: send.ref, covering: { role: 'dialog', name: 'Settings' } } },
    });
    const sent = f.recorder.since(mark);
    expect(sent.some((c) => c.method === 'DOM.getNodeForLocation')).toBe(true);
    expect(sent.filter((c) => c.method === 'DOM.focus' || c.method.startsWith('Input.'))).toEqual([]);
    expect(await f.evaluate<string>('document.activeElement.id')).toBe(focusedBefore);
    expect(await f.journal()).toEqual(journalBefore);
  });

  it('nothing in this file raised the tab or the window', () => {
    expect(f.recorder.commands.length).toBeGreaterThan(0);
    expect(f.recorder.commands.filter((c) => FOREGROUND_METHODS.includes(c.method))).toEqual([]);
  });
});
