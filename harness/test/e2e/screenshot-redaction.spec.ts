import CDP from 'chrome-remote-interface';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionsFixture, type ActionsFixture } from './support/actions-fixture.js';

// SPEC §4: secrets never leave the process — not as text, and not as pixels of a screenshot.

let f: ActionsFixture;

beforeAll(async () => {
  f = await startActionsFixture('redaction');
});
afterAll(async () => {
  await f?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Distinct colours inside a box of a decoded PNG (CSS px = device px here, scale 1). */
function coloursIn(png: PNG, box: Box): Set<number> {
  const colours = new Set<number>();
  for (let y = Math.ceil(box.y) + 1; y < Math.floor(box.y + box.height) - 1; y++) {
    for (let x = Math.ceil(box.x) + 1; x < Math.floor(box.x + box.width) - 1; x++) {
      const at = (y * png.width + x) * 4;
      colours.add((png.data[at]! << 16) | (png.data[at + 1]! << 8) | png.data[at + 2]!);
    }
  }
  return colours;
}

async function rawScreenshot(): Promise<PNG> {
  const targets = await CDP.List({ host: '127.0.0.1', port: f.chromium.port });
  const page = targets.find((t) => t.type === 'page')!;
  const client = await CDP({ host: '127.0.0.1', port: f.chromium.port, target: page.id });
  try {
    const { data } = await client.Page.captureScreenshot({ format: 'png' });
    return PNG.sync.read(Buffer.from(data, 'base64'));
  } finally {
    await client.close();
  }
}

describe('screenshots redact secret fields', () => {
  it('covers the password and one-time-code fields, and only while the shot is taken', async () => {
    await f.open(f.server.urls.app);
    const boxes = await f.evaluate<Box[]>(
      `['input[type=password]', 'input[autocomplete="one-time-code"]'].map((s) => document.querySelector(s).getBoundingClientRect().toJSON())`,
    );
    expect(boxes).toHaveLength(2);

    // Canary: without Sightline the field shows its characters (more than background + border colours).
    const raw = await rawScreenshot();
    for (const box of boxes) expect(coloursIn(raw, box).size).toBeGreaterThan(2);

    const shot = await f.driver.screenshot({ ...f.address, annotate: true });
    if (shot.status !== 'ok') throw new Error(JSON.stringify(shot));
    const png = PNG.sync.read(Buffer.from(shot.image.data, 'base64'));
    for (const box of boxes) expect([...coloursIn(png, box)]).toEqual([0]);

    // The masks are gone afterwards: the page looks as before.
    const after = await rawScreenshot();
    for (const box of boxes) expect(coloursIn(after, box).size).toBeGreaterThan(2);
    expect(await f.evaluate<number>('document.documentElement.children.length')).toBe(2);
  });
});
