import type { Rect, Screenshot } from '@sightline/semantic-core';
import type { CdpTab } from '../tab/cdp-tab.js';
import { secretMasks } from './secret-masks.js';
import { paintMasks, pngSize } from './paint-masks.js';

/**
 * A screenshot of the tab's viewport with every secret field painted over (SPEC §4). The boxes are
 * read before and after the capture and both are painted, so a field the page moves while the
 * shot is taken is covered where it was and where it went. `decorate` draws (and `undecorate`
 * removes) what the caller wants in the image, such as numbered labels.
 */
export async function takeMaskedScreenshot(tab: CdpTab, decorate?: () => Promise<void>, undecorate?: () => Promise<void>): Promise<Screenshot> {
  await tab.refreshFrames();
  const before = await secretMasks(tab);
  let data: string;
  try {
    if (decorate) await decorate();
    ({ data } = await tab.session.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: false }));
  } finally {
    if (undecorate) await undecorate().catch(() => undefined);
  }
  const after = await secretMasks(tab);
  // The image's own size (IHDR), scrollbars included, over the layout viewport's: image px per CSS px.
  const size = pngSize(data);
  const scale = before.viewport.width > 0 ? size.width / before.viewport.width : 1;
  const boxes: Rect[] = [...before.boxes, ...after.boxes];
  if (boxes.length === 0) return { data, ...size };
  return paintMasks(data, boxes, scale);
}
