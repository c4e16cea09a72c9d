import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOf, startActionsFixture, waitUntil, withoutSeq, type ActionsFixture } from './support/actions-fixture.js';
import { FOREGROUND_METHODS } from './support/actions-recorder.js';

// SPEC §6 row 5: the hit test refuses a click whose point another element would receive.

let f: ActionsFixture;

beforeAll(async () => {
  f = await startActionsFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('hit-tested clicks', () => {
  it('row 5: with the modal open, a still-current ref to a covered control is refused, naming the dialog', async () => {
    await f.open(f.server.urls.app);
    // The ref is taken before the modal opens: a fresh snapshot would classify "Send" page_occluded and give it no ref.
    const snapshot = await f.snapshot();
    const send = refOf(snapshot, 'button', 'Send');
    const opened = await f.driver.click({ ...f.address, ref: refOf(snapshot, 'button', 'Open settings').ref });
    expect(opened).toMatchObject({ status: 'ok', effect: 'confirmed', navigation: false });
    await waitUntil(() => f.journal(), (e) => e.some((x) => x.type === 'dialog'));
    const mark = f.recorder.mark();
    const covered = await f.driver.click({ ...f.address, ref: send.ref });
    expect(covered).toMatchObject({
      status: 'refused',
      refusal: { code: 'browser_target_covered', detail: { ref: send.ref, covering: { role: 'dialog', name: 'Settings' } } },
    });
    // The hit test ran; no mouse button went down.
    const sent = f.recorder.since(mark);
    expect(sent.some((c) => c.method === 'DOM.getNodeForLocation')).toBe(true);
    expect(sent.filter((c) => c.method === 'Input.dispatchMouseEvent')).toEqual([]);
    expect(withoutSeq(await f.journal())).toEqual([
      { type: 'click', target: 'Open settings', trusted: true },
      { type: 'dialog', target: 'Settings', state: 'open', via: 'button' },
    ]);
    // A fresh snapshot agrees: Send is occluded (no ref), the dialog's controls are offered.
    const fresh = await f.snapshot();
    expect(fresh.refs.some((r) => r.name === 'Send')).toBe(false);
    expect(fresh.refs.some((r) => r.name === 'Enable keyboard shortcuts')).toBe(true);
  });

  it('press Escape closes the modal; the same control is then clicked normally', async () => {
    const pressed = await f.driver.press({ ...f.address, key: 'Escape' });
    expect(pressed).toEqual({ status: 'ok', action: 'press', ref: null, effect: 'confirmed', navigation: false });
    const journal = withoutSeq(await waitUntil(() => f.journal(), (e) => e.some((x) => x.state === 'closed')));
    expect(journal.slice(-1)).toEqual([{ type: 'dialog', target: 'Settings', state: 'closed', via: 'Escape' }]);
    const snapshot = await f.snapshot();
    expect(await f.driver.click({ ...f.address, ref: refOf(snapshot, 'button', 'Send').ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
  });

  it('a covering overlay without a dialog is named by its own role and label', async () => {
    await f.open(f.server.urls.app);
    const snapshot = await f.snapshot();
    const rerender = refOf(snapshot, 'button', 'Rerender');
    await f.evaluate<void>(`(() => {
      const banner = document.createElement('div');
      banner.setAttribute('role', 'alert');
      banner.setAttribute('aria-label', 'Cookie notice');
      banner.style.cssText = 'position:fixed;inset:0;z-index:500;background:rgba(0,0,0,.1)';
      document.body.appendChild(banner);
    })()`);
    const covered = await f.driver.click({ ...f.address, ref: rerender.ref });
    expect(covered).toMatchObject({ status: 'refused', refusal: { code: 'browser_target_covered', detail: { covering: { role: 'alert', name: 'Cookie notice' } } } });
    expect(withoutSeq(await f.journal())).toEqual([]);
  });

  it('row 8: nothing in this file raised the tab or the window', () => {
    expect(f.recorder.commands.filter((c) => FOREGROUND_METHODS.includes(c.method))).toEqual([]);
  });
});
