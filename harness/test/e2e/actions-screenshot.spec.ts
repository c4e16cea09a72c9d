import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOf, startActionsFixture, type ActionsFixture } from './support/actions-fixture.js';
import { FOREGROUND_METHODS } from './support/actions-recorder.js';

// SPEC §6 row 7: annotated screenshots label the current snapshot's in-viewport action refs.

let f: ActionsFixture;

beforeAll(async () => {
  f = await startActionsFixture();
});
afterAll(async () => {
  await f?.close();
});

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('screenshots', () => {
  it('row 7: an annotated PNG whose labels map to refs of the current snapshot, in viewport', async () => {
    await f.open(f.server.urls.app);
    const snapshot = await f.snapshot();
    const shot = await f.driver.screenshot({ ...f.address, annotate: true });
    if (shot.status !== 'ok') throw new Error(JSON.stringify(shot));
    const png = Buffer.from(shot.image.data, 'base64');
    expect(shot.image.mime_type).toBe('image/png');
    expect(pngSize(png)).toEqual({ width: shot.image.width, height: shot.image.height });
    // The explicit route leaves the window's own viewport alone: compare with the page's, scrollbars included.
    expect(shot.image).toEqual(expect.objectContaining(await f.evaluate<{ width: number; height: number }>('({ width: innerWidth, height: innerHeight })')));
    const path = process.env.SIGHTLINE_SCREENSHOT_OUT ?? '/tmp/sightline-annotated.png';
    writeFileSync(path, png);

    // Labels 1..n, each a distinct in-viewport action ref of this snapshot.
    expect(shot.labels.length).toBeGreaterThan(10);
    expect(shot.labels.map((l) => l.label)).toEqual(shot.labels.map((_, i) => i + 1));
    const byRef = new Map(snapshot.refs.map((r) => [r.ref, r]));
    expect(new Set(shot.labels.map((l) => l.ref)).size).toBe(shot.labels.length);
    for (const { ref } of shot.labels) {
      const listed = byRef.get(ref);
      expect(listed, ref).toBeDefined();
      expect(listed!.visibility).toBe('in_viewport');
      expect(listed!.actions.length).toBeGreaterThan(0);
    }
    const labelled = new Set(shot.labels.map((l) => l.ref));
    for (const name of ['Reply body', 'Send', 'Open settings', 'Accept invite', 'Translate message']) {
      const ref = snapshot.refs.find((r) => r.name === name)!;
      expect(labelled.has(ref.ref), name).toBe(true);
    }
    // Off-screen and layout-less refs get no label.
    for (const ref of snapshot.refs.filter((r) => r.visibility !== 'in_viewport')) expect(labelled.has(ref.ref)).toBe(false);
    // The overlay is gone after the shot: the page is unchanged.
    expect(await f.evaluate<number>('document.documentElement.children.length')).toBe(2);
  });

  it('a plain screenshot has no labels; after an action the labels follow the new snapshot', async () => {
    const plain = await f.driver.screenshot({ ...f.address });
    expect(plain).toMatchObject({ status: 'ok', labels: [] });
    const snapshot = await f.snapshot();
    await f.driver.click({ ...f.address, ref: refOf(snapshot, 'button', 'Open settings').ref });
    const modal = await f.snapshot();
    const shot = await f.driver.screenshot({ ...f.address, annotate: true });
    if (shot.status !== 'ok') throw new Error(JSON.stringify(shot));
    const names = shot.labels.map((l) => modal.refs.find((r) => r.ref === l.ref)?.name);
    expect(names).toContain('Enable keyboard shortcuts');
    expect(names).not.toContain('Send');
    expect(shot.labels.every((l) => l.ref.startsWith(`${modal.snapshot.id}:`))).toBe(true);
  });

  it('row 8: nothing in this file raised the tab or the window', () => {
    expect(f.recorder.commands.filter((c) => FOREGROUND_METHODS.includes(c.method))).toEqual([]);
  });
});
