import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOf, startActionsFixture, waitUntil, withoutSeq, type ActionsFixture } from './support/actions-fixture.js';
import { FOREGROUND_METHODS } from './support/actions-recorder.js';

// SPEC §6 row 6: select, scroll, press and navigate through the Driver.

let f: ActionsFixture;

beforeAll(async () => {
  f = await startActionsFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('select', () => {
  it('row 6a: selects "Sort by" by label, firing input and change like a user', async () => {
    await f.open(f.server.urls.app);
    const snapshot = await f.snapshot();
    const sort = refOf(snapshot, 'combobox', 'Sort by');
    expect(sort.actions).toContain('select');
    const result = await f.driver.select({ ...f.address, ref: sort.ref, values: ['Oldest first'] });
    expect(result).toEqual({ status: 'ok', action: 'select', ref: sort.ref, effect: 'confirmed', navigation: false });
    expect(withoutSeq(await f.journal())).toEqual([{ type: 'select', target: 'Sort by', value: 'oldest', region: 'Inbox tools' }]);
    // By option value too; the list re-sorted.
    expect(await f.driver.select({ ...f.address, ref: sort.ref, values: ['sender'] })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await f.evaluate<string>("document.getElementById('sort-select').value")).toBe('sender');
  });

  it('row 6a: unknown values are refused with the missing ones and nothing changes', async () => {
    const snapshot = await f.snapshot();
    const sort = refOf(snapshot, 'combobox', 'Sort by');
    const before = await f.journal();
    const result = await f.driver.select({ ...f.address, ref: sort.ref, values: ['Largest first'] });
    expect(result).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request', detail: { field: 'values', missing: ['Largest first'] } } });
    expect(await f.journal()).toEqual(before);
    expect(await f.evaluate<string>("document.getElementById('sort-select').value")).toBe('sender');
  });

  it('selects in the out-of-process frame', async () => {
    const snapshot = await f.snapshot();
    const target = refOf(snapshot, 'combobox', 'Translate to');
    expect(target.frame).not.toBe('main');
    expect(await f.driver.select({ ...f.address, ref: target.ref, values: ['German'] })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    const journal = withoutSeq(await waitUntil(() => f.journal(), (e) => e.some((x) => x.frame === 'translator')));
    expect(journal.filter((x) => x.frame === 'translator')).toEqual([{ type: 'select', target: 'Translate to', value: 'de', frame: 'translator' }]);
  });
});

describe('scroll', () => {
  it('row 6b: scrolling the "Messages" scroller brings an off-screen row into the viewport of the next snapshot', async () => {
    await f.open(f.server.urls.app);
    const before = await f.snapshot();
    const inViewBefore = new Set(before.refs.filter((r) => r.role === 'option' && r.visibility === 'in_viewport').map((r) => r.name));
    const scroller = before.refs.find((r) => r.actions.includes('scroll') && r.frame === 'main');
    expect(scroller).toBeDefined();
    const result = await f.driver.scroll({ ...f.address, ref: scroller!.ref, direction: 'down', amount: 800 });
    expect(result).toEqual({ status: 'ok', action: 'scroll', ref: scroller!.ref, effect: 'confirmed', navigation: false });
    const journal = withoutSeq(await waitUntil(() => f.journal(), (e) => e.some((x) => x.type === 'scroll')));
    expect(journal).toEqual([{ type: 'scroll', target: 'Messages', scrollTop: 800, firstRow: 20 }]);
    const after = await f.snapshot();
    const newlyInView = after.refs.filter((r) => r.role === 'option' && r.visibility === 'in_viewport' && !inViewBefore.has(r.name));
    expect(newlyInView.length).toBeGreaterThan(0);
    // Row 21 (index 20) was not rendered before the scroll at all.
    expect(before.refs.some((r) => r.name === newlyInView[0]!.name)).toBe(false);
  });

  it('a ref without scroll is refused; the page scrolls without a ref; at the top, scrolling up is a suspected no-op', async () => {
    const snapshot = await f.snapshot();
    const listbox = refOf(snapshot, 'listbox', 'Messages');
    if (!listbox.actions.includes('scroll')) {
      expect(await f.driver.scroll({ ...f.address, ref: listbox.ref, direction: 'down' })).toMatchObject({ status: 'refused', refusal: { code: 'browser_action_unavailable' } });
    }
    expect(await f.driver.scroll({ ...f.address, direction: 'up' })).toMatchObject({ status: 'ok', effect: 'suspected_noop' });
    expect(await f.driver.scroll({ ...f.address, direction: 'down', amount: 1200 })).toMatchObject({ status: 'ok', effect: 'confirmed', ref: null });
    const journal = await waitUntil(() => f.journal(), (e) => e.some((x) => x.target === 'page'));
    expect(withoutSeq(journal).filter((x) => x.target === 'page')).toEqual([{ type: 'scroll', target: 'page', scrollY: 1200 }]);
  });
});

describe('press', () => {
  it('row 6c: Enter in the "Search mail" form submits it', async () => {
    await f.open(f.server.urls.app);
    const snapshot = await f.snapshot();
    const search = refOf(snapshot, 'searchbox', 'Search mail');
    expect(await f.driver.type({ ...f.address, ref: search.ref, text: 'invoice' })).toMatchObject({ status: 'ok' });
    const pressed = await f.driver.press({ ...f.address, key: 'Enter' });
    expect(pressed).toEqual({ status: 'ok', action: 'press', ref: null, effect: 'confirmed', navigation: false });
    const journal = withoutSeq(await waitUntil(() => f.journal(), (e) => e.some((x) => x.type === 'submit')));
    expect(journal).toEqual([
      { type: 'type', target: 'Search mail', value: 'invoice', trusted: true },
      { type: 'click', target: 'Search', trusted: true },
      { type: 'submit', form: 'Search mail', fields: { query: 'invoice' } },
    ]);
  });

  it('chords: Control+A then Backspace clears the focused field; Shift+Tab moves focus back', async () => {
    const snapshot = await f.snapshot();
    expect(snapshot.page.focused_ref).toBe(refOf(snapshot, 'searchbox', 'Search mail').ref);
    expect(await f.driver.press({ ...f.address, key: 'Control+A' })).toMatchObject({ status: 'ok' });
    expect(await f.driver.press({ ...f.address, key: 'Backspace' })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await f.evaluate<string>("document.getElementById('search-input').value")).toBe('');
    expect(await f.driver.press({ ...f.address, key: 'Shift+Tab' })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await f.evaluate<string>('document.activeElement.id')).not.toBe('search-input');
    expect(await f.driver.press({ ...f.address, key: 'Hyper+Q' })).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request' } });
  });

  it('type with submit presses Enter after the text', async () => {
    await f.open(f.server.urls.app);
    const snapshot = await f.snapshot();
    const search = refOf(snapshot, 'searchbox', 'Search mail');
    expect(await f.driver.type({ ...f.address, ref: search.ref, text: 'budget', submit: true })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    const journal = withoutSeq(await waitUntil(() => f.journal(), (e) => e.some((x) => x.type === 'submit')));
    expect(journal.slice(-1)).toEqual([{ type: 'submit', form: 'Search mail', fields: { query: 'budget' } }]);
  });
});

describe('navigate', () => {
  it('row 6d: following "Archive folder" navigates; back and forward navigate; old snapshots are stale', async () => {
    await f.open(f.server.urls.app);
    const inbox = await f.snapshot();
    const followed = await f.driver.click({ ...f.address, ref: refOf(inbox, 'link', 'Archive folder').ref });
    expect(followed).toEqual({ status: 'ok', action: 'click', ref: expect.any(String), effect: 'confirmed', navigation: true });
    expect(await f.driver.click({ ...f.address, ref: refOf(inbox, 'button', 'Send').ref })).toMatchObject({ status: 'refused', refusal: { code: 'browser_ref_stale' } });
    const folder = await f.snapshot();
    expect(folder.page.url).toBe(f.server.urls.folder);
    expect(folder.outline).toContain('heading "Archive folder"');

    const back = await f.driver.navigate({ ...f.address, history: 'back' });
    expect(back).toEqual({ status: 'ok', action: 'navigate', ref: null, effect: 'confirmed', navigation: true });
    expect(await f.driver.click({ ...f.address, ref: refOf(folder, 'link', 'Back to Inbox').ref })).toMatchObject({ status: 'refused', refusal: { code: 'browser_ref_stale' } });
    const again = await f.snapshot();
    expect(again.page.url).toBe(f.server.urls.app);
    expect(again.refs.some((r) => r.name === 'Reply body')).toBe(true);

    expect(await f.driver.navigate({ ...f.address, history: 'forward' })).toMatchObject({ status: 'ok', navigation: true });
    expect((await f.snapshot()).page.url).toBe(f.server.urls.folder);
    expect(await f.driver.navigate({ ...f.address, history: 'reload' })).toMatchObject({ status: 'ok', navigation: true });
    const link = refOf(await f.snapshot(), 'link', 'Back to Inbox');
    expect(await f.driver.click({ ...f.address, ref: link.ref })).toMatchObject({ status: 'ok', navigation: true });
    expect((await f.snapshot()).page.url).toBe(f.server.urls.app);
  });

  it('navigate by URL, and refuse script URLs before anything is sent', async () => {
    expect(await f.driver.navigate({ ...f.address, url: f.server.urls.folder })).toEqual({ status: 'ok', action: 'navigate', ref: null, effect: 'confirmed', navigation: true });
    const mark = f.recorder.mark();
    expect(await f.driver.navigate({ ...f.address, url: 'javascript:alert(1)' })).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request' } });
    expect(f.recorder.since(mark)).toEqual([]);
  });

  it('row 8: nothing in this file raised the tab or the window', () => {
    expect(f.recorder.commands.filter((c) => FOREGROUND_METHODS.includes(c.method))).toEqual([]);
  });
});
