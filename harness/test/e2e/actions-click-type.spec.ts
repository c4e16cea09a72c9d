import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentRefOf, expectOneReplySent, refOf, startActionsFixture, waitUntil, withoutSeq, type ActionsFixture } from './support/actions-fixture.js';
import { FOREGROUND_METHODS } from './support/actions-recorder.js';

// SPEC §2/§6 action rows 1–4 through the Driver and CdpBrowserTransport against the mail app.

let f: ActionsFixture;

beforeAll(async () => {
  f = await startActionsFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('typing and clicking through refs', () => {
  it('row 1: types a reply into "Reply body" and clicks "Send": the journal holds exactly that text and one send', async () => {
    await f.open(f.server.urls.app);
    const snapshot = await f.snapshot();
    const reply = refOf(snapshot, 'textbox', 'Reply body');
    const send = refOf(snapshot, 'button', 'Send');
    const typed = await f.driver.type({ ...f.address, ref: reply.ref, text: 'Thanks — see you Thursday.' });
    expect(typed).toEqual({ status: 'ok', action: 'type', ref: reply.ref, effect: 'confirmed', navigation: false });
    const clicked = await f.driver.click({ ...f.address, ref: `@${send.ref}` });
    expect(clicked).toEqual({ status: 'ok', action: 'click', ref: send.ref, effect: 'confirmed', navigation: false });
    await expectOneReplySent(f, 'Thanks — see you Thursday.');
  });

  it('row 1b: replace + keystrokes mode types key by key over the old value', async () => {
    await f.open(f.server.urls.app);
    const snapshot = await f.snapshot();
    const reply = refOf(snapshot, 'textbox', 'Reply body');
    await f.driver.type({ ...f.address, ref: reply.ref, text: 'first draft' });
    const retyped = await f.driver.type({ ...f.address, ref: reply.ref, text: 'Final: A+B?', replace: true, mode: 'keystrokes' });
    expect(retyped).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await f.evaluate<string>("document.getElementById('reply-body').value")).toBe('Final: A+B?');
    const keys = await f.evaluate<string[]>(`(() => { const seen = []; const el = document.getElementById('reply-body'); el.addEventListener('keydown', (e) => seen.push(e.key + ':' + e.code)); window.__keys = seen; return seen; })()`);
    expect(keys).toEqual([]);
    await f.driver.type({ ...f.address, ref: reply.ref, text: 'x', mode: 'keystrokes' });
    expect(await f.evaluate<string[]>('window.__keys')).toEqual(['x:KeyX']);
    const journal = withoutSeq(await f.journal());
    expect(journal).toEqual([{ type: 'type', target: 'Reply body', value: 'Final: A+B?x', trusted: true }]);
  });

  it('row 2: clicks "Archive" in the second region ("Message tools") only', async () => {
    await f.open(f.server.urls.app);
    const snapshot = await f.snapshot();
    expect(snapshot.refs.filter((r) => r.role === 'button' && r.name === 'Archive')).toHaveLength(2);
    const region = contentRefOf(snapshot, 'region', 'Message tools');
    const scoped = await f.snapshot({ scope_ref: region.ref });
    const archive = refOf(scoped, 'button', 'Archive');
    const result = await f.driver.click({ ...f.address, ref: archive.ref });
    expect(result).toMatchObject({ status: 'ok', action: 'click', effect: 'confirmed', navigation: false });
    expect(withoutSeq(await f.journal())).toEqual([{ type: 'click', target: 'Archive', trusted: true, region: 'Message tools' }]);
    expect(await f.evaluate<string>("document.getElementById('status').textContent")).toBe('Archived from Message tools');
  });

  it('clicks inside the same-process frame, the out-of-process frame and the closed shadow root', async () => {
    await f.open(f.server.urls.app);
    const snapshot = await f.snapshot();
    for (const name of ['Accept invite', 'Translate message', 'Reveal note', 'Call sender']) {
      const result = await f.driver.click({ ...f.address, ref: refOf(snapshot, 'button', name).ref });
      expect(result, name).toMatchObject({ status: 'ok', action: 'click', navigation: false });
    }
    const journal = withoutSeq(await waitUntil(() => f.journal(), (e) => e.length >= 4));
    expect(journal).toEqual([
      { type: 'click', target: 'Accept invite', trusted: true, frame: 'calendar' },
      { type: 'click', target: 'Translate message', trusted: true, frame: 'translator' },
      { type: 'click', target: 'Reveal note', trusted: true, shadow: 'closed' },
      { type: 'click', target: 'Call sender', trusted: true, shadow: 'open' },
    ]);
  });

  it('row 3: an action the ref does not offer is refused before anything reaches the browser', async () => {
    await f.open(f.server.urls.app);
    const snapshot = await f.snapshot();
    const before = await f.journal();
    const send = refOf(snapshot, 'button', 'Send');
    const heading = contentRefOf(snapshot, 'heading', 'Quarterly planning review');
    const mark = f.recorder.mark();
    const typed = await f.driver.type({ ...f.address, ref: send.ref, text: 'should never arrive' });
    expect(typed).toMatchObject({ status: 'refused', refusal: { code: 'browser_action_unavailable', detail: { ref: send.ref, action: 'type', actions: ['click'] } } });
    const clicked = await f.driver.click({ ...f.address, ref: heading.ref });
    expect(clicked).toMatchObject({ status: 'refused', refusal: { code: 'browser_action_unavailable' } });
    const selected = await f.driver.select({ ...f.address, ref: send.ref, values: ['x'] });
    expect(selected).toMatchObject({ status: 'refused', refusal: { code: 'browser_action_unavailable' } });
    // Nothing at all went over the wire: no Input.*, no Runtime call, not even a tab listing.
    expect(f.recorder.since(mark)).toEqual([]);
    expect(await f.journal()).toEqual(before);
  });

  it('row 4: after "Rerender" the old refs are refused as stale and the journal does not change', async () => {
    await f.open(f.server.urls.app);
    const snapshot = await f.snapshot();
    const send = refOf(snapshot, 'button', 'Send');
    const reply = refOf(snapshot, 'textbox', 'Reply body');
    const rerender = await f.driver.click({ ...f.address, ref: refOf(snapshot, 'button', 'Rerender').ref });
    expect(rerender).toMatchObject({ status: 'ok', effect: 'confirmed', navigation: false });
    const journal = await waitUntil(() => f.journal(), (e) => e.some((x) => x.type === 'rerender'));
    const mark = f.recorder.mark();
    const clicked = await f.driver.click({ ...f.address, ref: send.ref });
    expect(clicked).toMatchObject({ status: 'refused', refusal: { code: 'browser_ref_stale' } });
    const typed = await f.driver.type({ ...f.address, ref: reply.ref, text: 'lost' });
    expect(typed).toMatchObject({ status: 'refused', refusal: { code: 'browser_ref_stale' } });
    const sent = f.recorder.since(mark);
    expect(sent.filter((c) => c.method.startsWith('Input.'))).toEqual([]);
    expect(await f.journal()).toEqual(journal);
    // A new snapshot names the re-rendered Send; acting on it works.
    const fresh = await f.snapshot();
    expect(await f.driver.click({ ...f.address, ref: refOf(fresh, 'button', 'Send').ref })).toMatchObject({ status: 'ok' });
    expect(withoutSeq(await f.journal()).slice(-1)).toEqual([{ type: 'send', text: '' }]);
  });

  it('row 8: nothing in this file raised the tab or the window', () => {
    expect(f.recorder.commands.length).toBeGreaterThan(0);
    expect(f.recorder.commands.filter((c) => FOREGROUND_METHODS.includes(c.method))).toEqual([]);
    expect(f.recorder.commands.some((c) => c.method === 'Input.dispatchMouseEvent')).toBe(true);
  });
});
