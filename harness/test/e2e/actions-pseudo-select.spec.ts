import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOf, startActionsFixture, waitUntil, type ActionsFixture } from './support/actions-fixture.js';
import { hits, hitsAtLeast, layoutUrl } from './support/layout-hits.js';

// Issue #12 items 2, 3, 6 (SPEC §6): a hit on the target's own pseudo-elements, descendants or
// label is the target; an <option> of a native <select> is selected through its select, never clicked.

let f: ActionsFixture;

beforeAll(async () => {
  f = await startActionsFixture('pseudo');
});
afterAll(async () => {
  await f?.close();
});

describe('pseudo-elements count as their element', () => {
  it('an icon-font button drawn with ::before is clicked, not refused as covered', async () => {
    await f.open(layoutUrl(f, 'pseudo-elements.html'));
    const menu = refOf(await f.snapshot(), 'button', 'Main menu');
    expect(await f.driver.click({ ...f.address, ref: menu.ref })).toMatchObject({ status: 'ok' });
    expect(await hitsAtLeast(f, 1)).toEqual([{ hit: 'menu', trusted: true, frame: 'top' }]);
  });

  it('a custom checkbox whose tick is an ::after toggles', async () => {
    const tick = refOf(await f.snapshot(), 'checkbox', 'Mark done');
    expect(await f.driver.click({ ...f.address, ref: tick.ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect((await hitsAtLeast(f, 2)).slice(1)).toEqual([{ hit: 'tick', trusted: true, frame: 'top' }]);
    expect(await f.evaluate<string>("document.querySelector('.tick').getAttribute('aria-checked')")).toBe('true');
  });

  it('a TodoMVC-style toggle under its label\'s ::before, then under the ::after tick, checks and unchecks', async () => {
    const before = (await hits(f)).length;
    const toggle = refOf(await f.snapshot(), 'checkbox', 'Buy milk');
    expect(await f.driver.click({ ...f.address, ref: toggle.ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    const first = await waitUntil(() => hits(f), (entries) => entries.some((e, i) => i >= before && e.change === 'todo-toggle'));
    expect(first.slice(before).filter((e) => e.change !== undefined)).toEqual([{ change: 'todo-toggle', value: true, frame: 'top' }]);
    expect(first.slice(before).filter((e) => e.hit !== undefined).every((e) => e.trusted === true)).toBe(true);
    // Now the ::after tick is drawn over the toggle's centre.
    // Its name now ends with the tick (CSS generated content is part of the label's text).
    const again = refOf(await f.snapshot(), 'checkbox', 'Buy milk ✔');
    expect(await f.driver.click({ ...f.address, ref: again.ref })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    const second = await waitUntil(() => hits(f), (entries) => entries.filter((e) => e.change === 'todo-toggle').length >= 2);
    expect(second.filter((e) => e.change !== undefined)).toEqual([
      { change: 'todo-toggle', value: true, frame: 'top' },
      { change: 'todo-toggle', value: false, frame: 'top' },
    ]);
  });
});

describe('icon-font glyphs', () => {
  it('a control drawn with icon-font glyphs is named by its title, found by it and clicked', async () => {
    await f.open(layoutUrl(f, 'icon-fonts.html'));
    const before = (await hits(f)).length;
    const snapshot = await f.snapshot();
    // Chromium names these by their Private Use Area glyphs (its title becomes the description).
    const refresh = refOf(snapshot, 'button', 'Refresh'); // ::before glyph
    refOf(snapshot, 'button', 'Delete'); // glyph text in the DOM
    refOf(snapshot, 'link', 'Back to top');
    refOf(snapshot, 'button', 'Close panel'); // aria-label still comes first
    // With no title there is nothing better to say: the glyph stays the name, as Chromium has it.
    refOf(snapshot, 'button', '\ue5cd');
    expect(snapshot.refs.some((entry) => /[\uE000-\uF8FF]/u.test(entry.name) && entry.name !== '\ue5cd')).toBe(false);
    expect(await f.driver.click({ ...f.address, ref: refresh.ref })).toMatchObject({ status: 'ok' });
    expect((await hitsAtLeast(f, before + 1)).slice(before)).toEqual([{ hit: 'refresh', trusted: true, frame: 'top' }]);
    // The page's own query matches the same name, and its ref clicks that control.
    const queried = await f.snapshot({ query: 'Delete' });
    expect(queried.refs.map((entry) => [entry.role, entry.name])).toEqual([['button', 'Delete']]);
    expect(await f.driver.click({ ...f.address, ref: queried.refs[0]!.ref })).toMatchObject({ status: 'ok' });
    expect((await hitsAtLeast(f, before + 2)).slice(before + 1)).toEqual([{ hit: 'delete', trusted: true, frame: 'top' }]);
  });
});

describe('native select options', () => {
  it('an option offers select, not click; clicking it is refused before anything is sent', async () => {
    await f.open(layoutUrl(f, 'native-select.html'));
    const snapshot = await f.snapshot();
    const green = refOf(snapshot, 'option', 'Green');
    expect(green.actions).toEqual(['select']);
    const mark = f.recorder.mark();
    expect(await f.driver.click({ ...f.address, ref: green.ref })).toMatchObject({ status: 'refused', refusal: { code: 'browser_action_unavailable' } });
    expect(f.recorder.since(mark).filter((c) => c.method.startsWith('Input.') || c.method.startsWith('DOM.'))).toEqual([]);
    expect(await hits(f)).toEqual([]);
  });

  it('select on an option chooses it through its select (input and change fire)', async () => {
    const green = refOf(await f.snapshot(), 'option', 'Green');
    expect(await f.driver.select({ ...f.address, ref: green.ref, values: ['Green'] })).toMatchObject({ status: 'ok', action: 'select', effect: 'confirmed' });
    expect(await f.evaluate<string>("document.getElementById('color').value")).toBe('g');
    expect(await hitsAtLeast(f, 1)).toEqual([{ change: 'color', value: 'g', frame: 'top' }]);
    // Values that name another option are refused: the ref names this option.
    expect(await f.driver.select({ ...f.address, ref: green.ref, values: ['Red'] })).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request', detail: { field: 'values' } } });
    expect(await f.evaluate<string>("document.getElementById('color').value")).toBe('g');
  });

  it('select through the select itself works; a disabled option has no actions', async () => {
    const snapshot = await f.snapshot();
    const color = refOf(snapshot, 'combobox', 'Color');
    expect(await f.driver.select({ ...f.address, ref: color.ref, values: ['Red'] })).toMatchObject({ status: 'ok', effect: 'confirmed' });
    expect(await f.evaluate<string>("document.getElementById('color').value")).toBe('r');
    expect(snapshot.refs.some((r) => r.name === 'Blue')).toBe(false);
  });
});

describe('step failures are refusals, not transport errors', () => {
  it('a node without a layout box is refused with advice, the session stays usable', async () => {
    await f.open(layoutUrl(f, 'pseudo-elements.html'));
    const menu = refOf(await f.snapshot(), 'button', 'Main menu');
    // The button loses its box after the snapshot (display:contents keeps it attached and in the tree).
    await f.evaluate<void>("document.querySelector('.menu').style.display = 'contents'; document.querySelector('.i').remove()");
    const result = await f.driver.click({ ...f.address, ref: menu.ref });
    expect(result.status).toBe('refused');
    expect(result).toMatchObject({ refusal: { code: 'browser_action_unavailable' } });
    expect(JSON.stringify(result)).toMatch(/snapshot/);
    expect(JSON.stringify(result)).not.toMatch(/Bind again/);
    expect((await f.snapshot()).status).toBe('ok');
  });
});
