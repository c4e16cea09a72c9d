import CDP from 'chrome-remote-interface';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Driver } from '@sightline/semantic-core';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { launchTestChromium, type TestChromium } from '../../src/index.js';
import { waitFor } from '../helpers/cdp-page.js';
import { SECRET_A, SECRET_B, startMaskPages, type MaskPages } from './support/mask-pages.js';

// SPEC §4 for pixels (issue 17): masks are painted onto the image in Node, from boxes read in the
// isolated world, for every secret kind (password, cc-*, one-time-code on input, select, textarea,
// contenteditable, in shadow roots, in same-process and out-of-process frames). Two shots of the
// same page with different secret values must be pixel-identical; without Sightline they differ.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

let chromium: TestChromium;
let pages: MaskPages;
let driver: Driver;
let address: { session: string; target_id: string; tab_id: string };
let side: CDP.Client;

beforeAll(async () => {
  chromium = await launchTestChromium();
  pages = await startMaskPages();
  driver = new Driver({ transport: new CdpBrowserTransport() });
  const bound = await driver.bind({ session: 'masks', cdp_url: chromium.httpEndpoint });
  if (bound.status !== 'ok') throw new Error(`bind failed: ${JSON.stringify(bound)}`);
  address = { session: 'masks', target_id: bound.target_id, tab_id: bound.tabs[0]!.tab_id };
  const targets = await CDP.List({ host: '127.0.0.1', port: chromium.port });
  side = await CDP({ host: '127.0.0.1', port: chromium.port, target: targets.find((t) => t.type === 'page')!.id });
});
afterAll(async () => {
  await side?.close().catch(() => undefined);
  await driver?.close();
  await chromium?.close();
  await pages?.close();
});

async function evaluate<T>(expression: string): Promise<T> {
  const { result, exceptionDetails } = await side.Runtime.evaluate({ expression, returnByValue: true });
  if (exceptionDetails) throw new Error(exceptionDetails.text);
  return result.value as T;
}

async function open(url: string): Promise<void> {
  const result = await driver.navigate({ ...address, url });
  if (result.status !== 'ok') throw new Error(`navigate failed: ${JSON.stringify(result)}`);
  // Both frames have loaded and told the top page so.
  await waitFor(() => evaluate<number>('window.__framesReady'), (ready) => ready === 2);
}

async function sightlineShot(annotate = false): Promise<PNG> {
  const shot = await driver.screenshot({ ...address, annotate });
  if (shot.status !== 'ok') throw new Error(JSON.stringify(shot));
  return PNG.sync.read(Buffer.from(shot.image.data, 'base64'));
}

async function rawShot(): Promise<PNG> {
  const { data } = await side.Page.captureScreenshot({ format: 'png' });
  return PNG.sync.read(Buffer.from(data, 'base64'));
}

/** Pixels that differ between two images inside a box (whole image when no box). */
function differing(a: PNG, b: PNG, box?: Box): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  const area = box ?? { x: 0, y: 0, width: a.width, height: a.height };
  let count = 0;
  for (let y = Math.max(0, Math.floor(area.y)); y < Math.min(a.height, Math.ceil(area.y + area.height)); y++) {
    for (let x = Math.max(0, Math.floor(area.x)); x < Math.min(a.width, Math.ceil(area.x + area.width)); x++) {
      const at = (y * a.width + x) * 4;
      if (a.data[at] !== b.data[at] || a.data[at + 1] !== b.data[at + 1] || a.data[at + 2] !== b.data[at + 2]) count += 1;
    }
  }
  return count;
}

function coloursIn(png: PNG, box: Box): Set<number> {
  const colours = new Set<number>();
  for (let y = Math.ceil(box.y); y < Math.floor(box.y + box.height); y++) {
    for (let x = Math.ceil(box.x); x < Math.floor(box.x + box.width); x++) {
      const at = (y * png.width + x) * 4;
      colours.add((png.data[at]! << 16) | (png.data[at + 1]! << 8) | png.data[at + 2]!);
    }
  }
  return colours;
}

/** Secret regions of the top page (main-world boxes; the shadow field's host; both iframes). */
const REGIONS = `(() => {
  const rect = window.__realRect ? (el) => window.__realRect.call(el) : (el) => el.getBoundingClientRect();
  const box = (el) => { const r = rect(el); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  return {
    fields: ['#pw', '#cc', '#exp', '#otp', '#ce'].map((s) => box(document.querySelector(s))),
    shadow: box(document.getElementById('host').shadowRoot.querySelector('input')),
    frames: ['#same', '#cross'].map((s) => box(document.querySelector(s))),
    plain: box(document.getElementById('plain')),
  };
})()`;

interface Regions {
  fields: Box[];
  shadow: Box;
  frames: Box[];
  plain: Box;
}

async function expectMasked(hostile: boolean): Promise<void> {
  await open(pages.page(SECRET_A, { hostile }));
  const regions = await evaluate<Regions>(REGIONS);
  const rawA = await rawShot();
  const shotA = await sightlineShot();
  await open(pages.page(SECRET_B, { hostile }));
  const rawB = await rawShot();
  const shotB = await sightlineShot();

  // Canary: without Sightline every secret region shows its value (A and B differ there; the
  // password field, first, shows bullets either way).
  for (const box of [...regions.fields.slice(1), regions.shadow, ...regions.frames]) expect(differing(rawA, rawB, box)).toBeGreaterThan(0);
  // With Sightline the two shots are the same image: masked regions identical, the rest unchanged.
  expect(differing(shotA, shotB)).toBe(0);
  // The masks are opaque black over each top-level field, and the page's plain field is not masked.
  for (const box of [...regions.fields, regions.shadow]) expect([...coloursIn(shotA, box)]).toEqual([0]);
  expect(coloursIn(shotA, regions.plain).size).toBeGreaterThan(2);
  expect(differing(rawA, shotA, regions.plain)).toBe(0);
  // Nothing was added to the page: there is nothing a page script could remove.
  expect(await evaluate<number>('document.documentElement.children.length')).toBe(2);
}

describe('screenshot masks are painted in Node, for every secret field kind, in every frame', () => {
  it('a benign page: two shots with different secret values are pixel-identical', async () => {
    await expectMasked(false);
  });

  it('a hostile page (MutationObserver removing injected nodes, lying geometry): still identical', async () => {
    await expectMasked(true);
    expect(await evaluate<number>('window.__removed')).toBe(0);
  });

  it('annotated shots mask too (labels drawn, secrets covered)', async () => {
    await open(pages.page(SECRET_A));
    const snapshot = await driver.snapshot({ ...address, snapshot_format: 'semantic_v2' });
    expect(snapshot.status).toBe('ok');
    const regions = await evaluate<Regions>(REGIONS);
    const shot = await sightlineShot(true);
    for (const box of [...regions.fields, regions.shadow]) expect([...coloursIn(shot, box)]).toEqual([0]);
  });
});
