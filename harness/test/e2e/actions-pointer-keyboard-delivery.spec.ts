import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Driver, type SemanticSnapshotResponse } from '@sightline/semantic-core';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { refOf, startActionsFixture, waitUntil, type ActionsFixture } from './support/actions-fixture.js';
import { FOREGROUND_METHODS } from './support/actions-recorder.js';

// SPEC §12 verbs under keyboard click delivery (what `auto` picks for a headful browser), on the
// headless fixture: a second Driver with `clickDelivery: 'keyboard'` bound through the same recorder.
// Only plain left single clicks may be delivered by key; the chooser an upload opens is reached by
// key; every other variant still needs (and gets) the mouse.

type LogEntry = Record<string, unknown> & { type: string };

let f: ActionsFixture;
let kbd: Driver;
let address: { session: string; target_id: string; tab_id: string };
let files: string;

beforeAll(async () => {
  f = await startActionsFixture('pointer-keyboard');
  kbd = new Driver({ transport: new CdpBrowserTransport({ clickDelivery: 'keyboard' }) });
  const bound = await kbd.bind({ session: 'pointer-keyboard-kbd', cdp_url: f.recorder.endpoint });
  if (bound.status !== 'ok') throw new Error(`bind failed: ${JSON.stringify(bound)}`);
  address = { session: 'pointer-keyboard-kbd', target_id: bound.target_id, tab_id: bound.tabs[0]!.tab_id };
  files = await mkdtemp(join(tmpdir(), 'sightline-upload-kbd-'));
  await writeFile(join(files, 'photo.txt'), 'not really a photo\n');
});
afterAll(async () => {
  await kbd?.close();
  await f?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

const page = (name: string): string => `${f.server.mainOrigin}/verbs/${name}.html`;
const log = (): Promise<LogEntry[]> => f.evaluate<LogEntry[]>('window.__log');

async function open(name: string): Promise<SemanticSnapshotResponse> {
  const navigated = await kbd.navigate({ ...address, url: page(name) });
  if (navigated.status !== 'ok') throw new Error(`navigate failed: ${JSON.stringify(navigated)}`);
  const snapshot = await kbd.snapshot({ ...address, snapshot_format: 'semantic_v2' });
  if (snapshot.status !== 'ok' || !('outline' in snapshot)) throw new Error(`snapshot failed: ${JSON.stringify(snapshot)}`);
  return snapshot;
}

describe('keyboard click delivery and the SPEC §12 verbs', () => {
  it('an upload through a button opens the chooser by key: no mouse press is sent', async () => {
    const snapshot = await open('upload');
    const mark = f.recorder.mark();
    const result = await kbd.upload({ ...address, ref: refOf(snapshot, 'button', 'Choose photo').ref, paths: [join(files, 'photo.txt')] });
    expect(result).toMatchObject({ status: 'ok', action: 'upload', effect: 'confirmed' });
    expect(await waitUntil(() => f.evaluate<string>("document.getElementById('photo').textContent"), (v) => v !== '')).toBe('photo.txt (19 bytes)');
    const sent = f.recorder.since(mark);
    expect(sent.filter((c) => c.method === 'Input.dispatchMouseEvent')).toEqual([]);
    expect(sent.some((c) => c.method === 'Input.dispatchKeyEvent')).toBe(true);
  });

  it('a double click still uses the mouse (no key stands in for it), and dblclick lands on the label', async () => {
    const snapshot = await open('clicks');
    const mark = f.recorder.mark();
    const result = await kbd.click({ ...address, ref: refOf(snapshot, 'generic', 'Double-click to rename').ref, double: true });
    expect(result).toMatchObject({ status: 'ok', action: 'click', effect: 'confirmed' });
    const presses = f.recorder.since(mark).filter((c) => c.method === 'Input.dispatchMouseEvent' && (c.params as { type: string }).type === 'mousePressed');
    expect(presses.map((c) => (c.params as { clickCount: number }).clickCount)).toEqual([1, 2]);
    expect((await log()).filter((e) => e.type === 'dblclick')).toEqual([expect.objectContaining({ target: 'Quarterly report', trusted: true })]);
  });

  it('a right click on a button a key could activate still goes by mouse and fires contextmenu, not click', async () => {
    const snapshot = await open('clicks');
    const result = await kbd.click({ ...address, ref: refOf(snapshot, 'button', 'Project folder').ref, button: 'right' });
    expect(result).toMatchObject({ status: 'ok', action: 'click' });
    const events = await log();
    expect(events.filter((e) => e.type === 'contextmenu')).toEqual([expect.objectContaining({ target: 'Project folder', button: 2, trusted: true })]);
    expect(events.some((e) => e.type === 'click')).toBe(false);
  });

  it('nothing raised the tab or the window', () => {
    expect(f.recorder.commands.filter((c) => FOREGROUND_METHODS.includes(c.method))).toEqual([]);
  });
});
