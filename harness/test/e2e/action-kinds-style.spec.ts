import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionRef, SemanticSnapshotResponse } from '@sightline/semantic-core';
import { refOf, startActionsFixture, waitUntil, type ActionsFixture } from './support/actions-fixture.js';

// Action kinds decided by style or markup alone (semantic-core README, "Action kinds"), on a real
// page in Chromium: the page walk and the core agree, and the verbs reach what the kinds promise.
// harness/app/verbs/kinds.html: a palette of cursor:move draggables, a nameless scroll-container
// canvas, a todo title that is a <label> of no control, and a label of a field.

type LogEntry = Record<string, unknown> & { type: string };

let f: ActionsFixture;

beforeAll(async () => {
  f = await startActionsFixture('action-kinds-style');
});
afterAll(async () => {
  await f?.close();
});

const page = (): string => `${f.server.mainOrigin}/verbs/kinds.html`;
const log = (): Promise<LogEntry[]> => f.evaluate<LogEntry[]>('window.__log');
const status = (): Promise<string> => f.evaluate<string>("document.getElementById('status').textContent");

/** The ref on the line right above `- text "<text>"` (one level shallower): the ref holding that text. */
function refHolding(snapshot: SemanticSnapshotResponse, text: string): ActionRef | undefined {
  const lines = snapshot.outline.split('\n');
  const at = lines.findIndex((line) => line.trim() === `- text ${JSON.stringify(text)}`);
  const match = at > 0 ? /\[ref=([^\]]+)\]$/.exec(lines[at - 1]!.trim()) : null;
  return match ? snapshot.refs.find((ref) => ref.ref === match[1]) : undefined;
}

describe('action kinds from style and markup', () => {
  it('a cursor:move palette entry drags (its label and icon, inheriting the cursor, do not); the canvas scrolls', async () => {
    await f.open(page());
    const snapshot = await f.snapshot();
    const inject = refHolding(snapshot, 'inject');
    expect(inject).toMatchObject({ role: 'generic', actions: ['drag'] });
    // One ref per entry: the inheriting label span and icon get none.
    expect(snapshot.refs.filter((ref) => ref.actions.includes('drag')).length).toBe(2);
    const canvas = snapshot.refs.find((ref) => ref.actions.includes('scroll'));
    expect(canvas).toMatchObject({ role: 'generic', actions: ['scroll'] });

    const result = await f.driver.drag({ ...f.address, ref: inject!.ref, to_ref: canvas!.ref });
    expect(result).toEqual({ status: 'ok', action: 'drag', ref: inject!.ref, effect: 'confirmed', navigation: false });
    const events = await waitUntil(log, (entries) => entries.some((e) => e.type === 'dropped'));
    expect(events.filter((e) => e.type === 'mousedown')).toEqual([expect.objectContaining({ target: 'inject', button: 0, trusted: true })]);
    expect(events.filter((e) => e.type === 'dropped')).toEqual([expect.objectContaining({ entry: 'inject', onCanvas: true })]);
    expect(await status()).toBe('Dropped inject on the canvas');
    expect(await f.evaluate<number>("document.querySelectorAll('#canvas .node').length")).toBe(1);
  });

  it('a <label> of no control is clickable and a double-click reaches it; a label of a field gets no ref of its own', async () => {
    await f.open(page());
    const snapshot = await f.snapshot();
    const title = refHolding(snapshot, 'buy milk');
    expect(title).toMatchObject({ role: 'generic', actions: ['click'] });
    // The field's label: its control has the ref (named by it), the label none.
    expect(refOf(snapshot, 'textbox', 'Owner').actions).toEqual(['type', 'click']);
    expect(refHolding(snapshot, 'Owner')).toBeUndefined();

    const result = await f.driver.click({ ...f.address, ref: title!.ref, double: true });
    expect(result).toMatchObject({ status: 'ok', action: 'click', ref: title!.ref });
    const events = await waitUntil(log, (entries) => entries.some((e) => e.type === 'dblclick'));
    expect(events.filter((e) => e.type === 'dblclick')).toEqual([expect.objectContaining({ target: 'buy milk', trusted: true })]);
    expect(await status()).toBe('Editing buy milk');
  });
});
