import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOf, startActionsFixture, waitUntil, type ActionsFixture } from './support/actions-fixture.js';
import { FOREGROUND_METHODS } from './support/actions-recorder.js';

// SPEC §12 upload and key-by-key typing through the Driver and CdpBrowserTransport, on the verb
// pages under harness/app/verbs/. Rows read the result back from the page.

type LogEntry = Record<string, unknown> & { type: string };

let f: ActionsFixture;
let files: string;

beforeAll(async () => {
  f = await startActionsFixture('upload-keys');
  files = await mkdtemp(join(tmpdir(), 'sightline-upload-'));
  await writeFile(join(files, 'report.txt'), 'quarterly numbers\n');
  await writeFile(join(files, 'notes.md'), '# notes\n');
  await mkdir(join(files, 'folder'));
});
afterAll(async () => {
  await f?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

const page = (name: string): string => `${f.server.mainOrigin}/verbs/${name}.html`;
const log = (): Promise<LogEntry[]> => f.evaluate<LogEntry[]>('window.__log');
const text = (id: string): Promise<string> => f.evaluate<string>(`document.getElementById(${JSON.stringify(id)}).textContent`);

describe('upload', () => {
  it('sets the files of a file input: the page reads their names back', async () => {
    await f.open(page('upload'));
    const snapshot = await f.snapshot();
    const input = refOf(snapshot, 'button', 'Attachments');
    expect(input.actions).toContain('upload');
    const result = await f.driver.upload({ ...f.address, ref: input.ref, paths: [join(files, 'report.txt'), join(files, 'notes.md')] });
    expect(result).toEqual({ status: 'ok', action: 'upload', ref: input.ref, effect: 'confirmed', navigation: false });
    expect(await text('names')).toBe('report.txt (18 bytes), notes.md (8 bytes)');
    expect((await log()).filter((e) => e.type === 'change')).toEqual([expect.objectContaining({ target: 'files', trusted: true })]);
  });

  it('fills the file chooser a button opens (the hidden input behind it), with no native dialog', async () => {
    await f.open(page('upload'));
    const choose = refOf(await f.snapshot(), 'button', 'Choose photo');
    expect(choose.actions).not.toContain('upload');
    const result = await f.driver.upload({ ...f.address, ref: choose.ref, paths: [join(files, 'report.txt')] });
    expect(result).toEqual({ status: 'ok', action: 'upload', ref: choose.ref, effect: 'confirmed', navigation: false });
    expect(await waitUntil(() => text('photo'), (value) => value !== '')).toBe('report.txt (18 bytes)');
    // Interception is switched off again: nothing is left armed on the tab.
    const sent = f.recorder.commands.filter((c) => c.method === 'Page.setInterceptFileChooserDialog').map((c) => (c.params as { enabled: boolean }).enabled);
    expect(sent.slice(-2)).toEqual([true, false]);
  });

  it('refuses a missing path and a directory naming field paths, before anything reaches the page', async () => {
    await f.open(page('upload'));
    const input = refOf(await f.snapshot(), 'button', 'Attachments');
    const mark = f.recorder.mark();
    const missing = await f.driver.upload({ ...f.address, ref: input.ref, paths: [join(files, 'report.txt'), join(files, 'nope.txt')] });
    expect(missing).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request', detail: { field: 'paths', index: 1, problem: 'not found' } } });
    expect((missing as { refusal: { message: string } }).refusal.message).toContain('nope.txt');
    const directory = await f.driver.upload({ ...f.address, ref: input.ref, paths: [join(files, 'folder')] });
    expect(directory).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request', detail: { field: 'paths', problem: 'not a regular file' } } });
    const relative = await f.driver.upload({ ...f.address, ref: input.ref, paths: ['report.txt'] });
    expect(relative).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request', detail: { field: 'paths.0' } } });
    expect(f.recorder.since(mark).filter((c) => c.method === 'DOM.setFileInputFiles' || c.method.startsWith('Input.'))).toEqual([]);
    expect(await text('names')).toBe('');
    expect(await log()).toEqual([]);
  });

  it('refuses two files for a single-file input, and a control that opens no chooser', async () => {
    await f.open(page('upload'));
    const snapshot = await f.snapshot();
    const avatar = refOf(snapshot, 'button', 'Avatar');
    const two = await f.driver.upload({ ...f.address, ref: avatar.ref, paths: [join(files, 'report.txt'), join(files, 'notes.md')] });
    expect(two).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request', detail: { field: 'paths', problem: 'single file' } } });
    expect(await text('names')).toBe('');
    const plain = await f.driver.upload({ ...f.address, ref: refOf(snapshot, 'button', 'Does nothing').ref, paths: [join(files, 'report.txt')] });
    expect(plain).toMatchObject({ status: 'refused', refusal: { code: 'browser_action_unavailable' } });
    expect((plain as { refusal: { message: string } }).refusal.message).toContain('opened no file chooser');
  });
});

describe('type with keystrokes', () => {
  it('keystrokes: true sends keydown/keypress/input/keyup per character, so a keyup filter sees each key', async () => {
    await f.open(page('keys'));
    const filter = refOf(await f.snapshot(), 'textbox', 'Filter fruit');
    const result = await f.driver.type({ ...f.address, ref: filter.ref, text: 'Ap', keystrokes: true });
    expect(result).toEqual({ status: 'ok', action: 'type', ref: filter.ref, effect: 'confirmed', navigation: false });
    const keys = (await log()).map((e) => `${e.type}:${String(e.key ?? e.inputType)}`);
    expect(keys).toEqual([
      'keydown:Shift',
      'keydown:A',
      'keypress:A',
      'input:insertText',
      'keyup:A',
      'keyup:Shift',
      'keydown:p',
      'keypress:p',
      'input:insertText',
      'keyup:p',
    ]);
    expect((await log()).every((e) => e.trusted === true && e.target === 'Filter fruit')).toBe(true);
    expect(await text('status')).toBe('2 shown');
  });

  it('without keystrokes one input event arrives and the keyup filter never runs (why the flag exists)', async () => {
    await f.open(page('keys'));
    const filter = refOf(await f.snapshot(), 'textbox', 'Filter fruit');
    expect(await f.driver.type({ ...f.address, ref: filter.ref, text: 'Ap' })).toMatchObject({ status: 'ok' });
    expect((await log()).map((e) => e.type)).toEqual(['input']);
    expect(await text('status')).toBe('');
  });

  it('nothing in this file raised the tab or the window', () => {
    expect(f.recorder.commands.filter((c) => FOREGROUND_METHODS.includes(c.method))).toEqual([]);
  });
});
