import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionRef, SemanticSnapshotResponse } from '@sightline/semantic-core';
import { contentRefOf, refOf, startActionsFixture, waitUntil, type ActionsFixture } from './support/actions-fixture.js';
import { FOREGROUND_METHODS } from './support/actions-recorder.js';

// SPEC §12 pointer verbs (hover, click variants, drag) through the Driver and CdpBrowserTransport,
// on the verb pages under harness/app/verbs/. Each row asserts where the events landed (the page's
// capture-phase log), not only the result.

type LogEntry = Record<string, unknown> & { type: string };

let f: ActionsFixture;

beforeAll(async () => {
  f = await startActionsFixture('pointer-verbs');
});
afterAll(async () => {
  await f?.close();
});

const page = (name: string): string => `${f.server.mainOrigin}/verbs/${name}.html`;
const log = (): Promise<LogEntry[]> => f.evaluate<LogEntry[]>('window.__log');
const clearLog = (): Promise<void> => f.evaluate<void>('void (window.__log.length = 0)');
const status = (): Promise<string> => f.evaluate<string>("document.getElementById('status').textContent");
/**
 * The action ref whose outline line is directly followed by `- text "<text>"` one level deeper (an
 * item named by its content, as an agent reads it off the outline).
 */
function refByText(snapshot: SemanticSnapshotResponse, role: string, text: string): ActionRef {
  const lines = snapshot.outline.split('\n');
  for (let i = 0; i + 1 < lines.length; i++) {
    const match = /^(\s*)- (\S+)[^[]*\[ref=([^\]]+)\]/.exec(lines[i]!);
    if (!match || match[2] !== role) continue;
    if (lines[i + 1]!.trim() === `- text ${JSON.stringify(text)}`) return snapshot.refs.find((r) => r.ref === match[3])!;
  }
  throw new Error(`no ${role} with text "${text}" in\n${snapshot.outline}`);
}
const hasRef = (snapshot: SemanticSnapshotResponse, role: string, name: string): boolean => snapshot.refs.some((r) => r.role === role && r.name === name);

describe('hover', () => {
  it('hovering a row reveals its delete button, which a snapshot then lists and a click reaches', async () => {
    await f.open(page('hover'));
    const before = await f.snapshot();
    expect(hasRef(before, 'button', 'Delete Buy milk')).toBe(false);
    const link = refOf(before, 'link', 'Buy milk');
    expect(link.actions).toContain('hover');
    const hovered = await f.driver.hover({ ...f.address, ref: link.ref });
    // The reveal is pure CSS (:hover), which no mutation reports: unverifiable, never a no-op.
    expect(hovered).toEqual({ status: 'ok', action: 'hover', ref: link.ref, effect: 'unverifiable', navigation: false });
    expect((await log()).filter((e) => e.type === 'mouseover')).toEqual([expect.objectContaining({ type: 'mouseover', target: 'Buy milk', trusted: true, buttons: 0 })]);
    expect((await log()).some((e) => e.type === 'click')).toBe(false);

    const after = await f.snapshot();
    const remove = refOf(after, 'button', 'Delete Buy milk');
    expect(hasRef(after, 'button', 'Delete Buy eggs')).toBe(false);
    await clearLog();
    expect(await f.driver.click({ ...f.address, ref: remove.ref })).toMatchObject({ status: 'ok', action: 'click', effect: 'confirmed' });
    expect((await log()).filter((e) => e.type === 'click')).toEqual([expect.objectContaining({ target: 'Delete Buy milk', trusted: true, button: 0 })]);
    expect(await status()).toBe('Deleted Buy milk');
    expect(await f.evaluate<number>("document.querySelectorAll('#items li').length")).toBe(2);
  });

  it('points at anything clickable (a checkbox has no hover of its own), and refuses a content ref', async () => {
    await f.open(page('hover'));
    const snapshot = await f.snapshot();
    const toggle = refOf(snapshot, 'checkbox', 'Toggle Buy bread');
    expect(toggle.actions).not.toContain('hover');
    expect(await f.driver.hover({ ...f.address, ref: toggle.ref })).toMatchObject({ status: 'ok', action: 'hover' });
    expect(await f.evaluate<boolean>("document.querySelector('#items li:last-child').matches(':hover')")).toBe(true);
    expect(await f.evaluate<boolean>("document.getElementById('items').querySelector('input').checked")).toBe(false);
    expect(hasRef(await f.snapshot(), 'button', 'Delete Buy bread')).toBe(true);

    const heading = contentRefOf(await f.snapshot(), 'heading', 'Shopping list');
    const mark = f.recorder.mark();
    expect(await f.driver.hover({ ...f.address, ref: heading.ref })).toMatchObject({ status: 'refused', refusal: { code: 'browser_action_unavailable' } });
    expect(f.recorder.since(mark)).toEqual([]);
  });
});

describe('click variants', () => {
  it('double-click edits a label in place: two press/release pairs, then dblclick, all on the label', async () => {
    await f.open(page('clicks'));
    const snapshot = await f.snapshot();
    const label = refOf(snapshot, 'generic', 'Double-click to rename');
    const result = await f.driver.click({ ...f.address, ref: label.ref, double: true });
    expect(result).toEqual({ status: 'ok', action: 'click', ref: label.ref, effect: 'confirmed', navigation: false });
    const events = (await log()).map((e) => ({ type: e.type, target: e.target, detail: e.detail, button: e.button, trusted: e.trusted }));
    const on = { target: 'Quarterly report', button: 0, trusted: true };
    expect(events).toEqual([
      { type: 'mousedown', detail: 1, ...on },
      { type: 'mouseup', detail: 1, ...on },
      { type: 'click', detail: 1, ...on },
      { type: 'mousedown', detail: 2, ...on },
      { type: 'mouseup', detail: 2, ...on },
      { type: 'click', detail: 2, ...on },
      { type: 'dblclick', detail: 2, ...on },
    ]);
    expect(await status()).toBe('Editing');
    expect(await f.evaluate<string>("document.activeElement.id + ':' + document.activeElement.value")).toBe('rename:Quarterly report');
    expect(hasRef(await f.snapshot(), 'textbox', 'Rename Quarterly report')).toBe(true);
  });

  it('a right click fires contextmenu on the target (button 2) and opens its menu', async () => {
    await f.open(page('clicks'));
    const folder = refOf(await f.snapshot(), 'button', 'Project folder');
    expect(await f.driver.click({ ...f.address, ref: folder.ref, button: 'right' })).toMatchObject({ status: 'ok', action: 'click', effect: 'confirmed' });
    const events = await log();
    expect(events.filter((e) => e.type === 'contextmenu')).toEqual([expect.objectContaining({ target: 'Project folder', button: 2, trusted: true })]);
    expect(events.filter((e) => e.type === 'mousedown')).toEqual([expect.objectContaining({ target: 'Project folder', button: 2, buttons: 2 })]);
    expect(events.some((e) => e.type === 'click')).toBe(false);
    expect(await status()).toBe('Menu open');
    expect(hasRef(await f.snapshot(), 'menuitem', 'Rename')).toBe(true);
  });

  it('a middle click presses button 1 on the target', async () => {
    await f.open(page('clicks'));
    const folder = refOf(await f.snapshot(), 'button', 'Project folder');
    expect(await f.driver.click({ ...f.address, ref: folder.ref, button: 'middle' })).toMatchObject({ status: 'ok', action: 'click' });
    expect((await log()).filter((e) => e.type === 'mousedown' || e.type === 'auxclick')).toEqual([
      expect.objectContaining({ type: 'mousedown', target: 'Project folder', button: 1, buttons: 4, trusted: true }),
      expect.objectContaining({ type: 'auxclick', target: 'Project folder', button: 1, trusted: true }),
    ]);
  });

  it('a Shift click carries shiftKey on its mouse events and extends the selection', async () => {
    await f.open(page('clicks'));
    const snapshot = await f.snapshot();
    expect(await f.driver.click({ ...f.address, ref: refOf(snapshot, 'option', 'alpha.txt').ref })).toMatchObject({ status: 'ok' });
    await clearLog();
    const beta = refOf(snapshot, 'option', 'beta.txt');
    expect(await f.driver.click({ ...f.address, ref: beta.ref, modifiers: ['Shift'] })).toMatchObject({ status: 'ok', action: 'click', effect: 'confirmed' });
    const clicks = (await log()).filter((e) => e.type === 'click' || e.type === 'mousedown');
    expect(clicks).toEqual([
      expect.objectContaining({ type: 'mousedown', target: 'beta.txt', shiftKey: true, ctrlKey: false, altKey: false, metaKey: false, trusted: true }),
      expect.objectContaining({ type: 'click', target: 'beta.txt', shiftKey: true, ctrlKey: false, trusted: true }),
    ]);
    expect(await status()).toBe('2 selected');
  });
});

describe('drag', () => {
  it('reorders a pointer-events sortable list: press on Alpha, several moves, release over Gamma', async () => {
    await f.open(page('drag'));
    const snapshot = await f.snapshot();
    const alpha = refByText(snapshot, 'listitem', 'Alpha');
    const gamma = refByText(snapshot, 'listitem', 'Gamma');
    expect(alpha.actions).toContain('drag');
    const result = await f.driver.drag({ ...f.address, ref: alpha.ref, to_ref: gamma.ref });
    expect(result).toEqual({ status: 'ok', action: 'drag', ref: alpha.ref, effect: 'confirmed', navigation: false });
    const events = await log();
    expect(events.filter((e) => e.type === 'mousedown')).toEqual([expect.objectContaining({ target: 'Alpha', button: 0, trusted: true })]);
    expect(events.filter((e) => e.type === 'mouseup')).toEqual([expect.objectContaining({ target: 'Gamma', trusted: true })]);
    const sorted = events.find((e) => e.type === 'sorted')!;
    expect(sorted).toMatchObject({ item: 'Alpha', over: 'Gamma' });
    expect(sorted.moves as number).toBeGreaterThanOrEqual(5);
    expect(await status()).toBe('Order: Beta, Gamma, Alpha, Delta');
  });

  it('HTML5 drag and drop: the drop lands on the drop zone with the dragged card\'s data', async () => {
    await f.open(page('drag'));
    const snapshot = await f.snapshot();
    const card = refByText(snapshot, 'generic', 'Write report');
    expect(card.actions).toEqual(['drag']);
    const done = contentRefOf(snapshot, 'region', 'Done column');
    const result = await f.driver.drag({ ...f.address, ref: card.ref, to_ref: done.ref });
    expect(result).toEqual({ status: 'ok', action: 'drag', ref: card.ref, effect: 'confirmed', navigation: false });
    const events = await waitUntil(log, (entries) => entries.some((e) => e.type === 'dragend'));
    expect(events.filter((e) => e.type === 'dragstart')).toEqual([expect.objectContaining({ target: 'Write report', trusted: true })]);
    expect(events.filter((e) => e.type === 'drop')).toEqual([expect.objectContaining({ target: 'Done column', trusted: true })]);
    expect(events.filter((e) => e.type === 'dropped')).toEqual([{ type: 'dropped', zone: 'Done column', data: 'card-1', trusted: true }]);
    expect(await f.evaluate<string>("Array.from(document.getElementById('done').children, (c) => c.id).join(',')")).toBe('card-1');
    expect(await status()).toBe('Moved Write report to Done column');
    // The drag is over: a click afterwards is an ordinary click.
    await clearLog();
    const fresh = await f.snapshot();
    expect(await f.driver.click({ ...f.address, ref: refByText(fresh, 'listitem', 'Beta').ref })).toMatchObject({ status: 'ok' });
    expect((await log()).filter((e) => e.type === 'mouseup')).toEqual([expect.objectContaining({ target: 'Beta', buttons: 0 })]);
  });

  it('refuses a stale or unknown to_ref naming the field, before any input is sent', async () => {
    await f.open(page('drag'));
    const first = await f.snapshot();
    const oldGamma = refByText(first, 'listitem', 'Gamma');
    const current = await f.snapshot();
    const alpha = refByText(current, 'listitem', 'Alpha');
    const mark = f.recorder.mark();
    const stale = await f.driver.drag({ ...f.address, ref: alpha.ref, to_ref: oldGamma.ref });
    expect(stale).toMatchObject({ status: 'refused', refusal: { code: 'browser_ref_stale', detail: { field: 'to_ref' } } });
    const unknown = await f.driver.drag({ ...f.address, ref: alpha.ref, to_ref: `${current.snapshot.id}:99999` });
    expect(unknown).toMatchObject({ status: 'refused', refusal: { code: 'browser_ref_stale', detail: { field: 'to_ref' } } });
    const malformed = await f.driver.drag({ ...f.address, ref: alpha.ref, to_ref: '#gamma' });
    expect(malformed).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request', detail: { field: 'to_ref' } } });
    expect(f.recorder.since(mark).filter((c) => c.method.startsWith('Input.'))).toEqual([]);
    // A node removed after the snapshot is caught by the re-proof at delivery.
    await f.evaluate<void>("document.querySelectorAll('#sortable li')[2].remove()");
    const gone = await f.driver.drag({ ...f.address, ref: alpha.ref, to_ref: refByText(current, 'listitem', 'Gamma').ref });
    expect(gone).toMatchObject({ status: 'refused', refusal: { code: 'browser_ref_stale', detail: { field: 'to_ref' } } });
    expect(f.recorder.since(mark).filter((c) => c.method.startsWith('Input.'))).toEqual([]);
    expect((await log()).filter((e) => e.type === 'mousedown')).toEqual([]);
  });
});

describe('background safety', () => {
  it('nothing in this file raised the tab or the window', () => {
    expect(f.recorder.commands.filter((c) => FOREGROUND_METHODS.includes(c.method))).toEqual([]);
    expect(f.recorder.commands.some((c) => c.method === 'Input.dispatchDragEvent')).toBe(true);
  });
});
