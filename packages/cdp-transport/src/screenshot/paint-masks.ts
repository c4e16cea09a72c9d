import { PNG } from 'pngjs';
import type { Rect } from '@sightline/semantic-core';

/** The masks' colour: opaque black (RGBA). */
const MASK = [0, 0, 0, 255] as const;

export interface PaintedImage {
  /** PNG bytes, base64. */
  data: string;
  width: number;
  height: number;
}

/**
 * Paints opaque boxes onto a PNG (boxes in CSS px; `scale` image px per CSS px). Each box grows to
 * whole pixels outwards, plus one pixel of margin for antialiased edges, so no partly covered pixel
 * carries anything of what lies under it.
 */
export function paintMasks(base64Png: string, boxes: readonly Rect[], scale: number): PaintedImage {
  const png = PNG.sync.read(Buffer.from(base64Png, 'base64'));
  const { width, height, data } = png;
  for (const box of boxes) {
    const left = Math.max(0, Math.floor(box.x * scale) - 1);
    const top = Math.max(0, Math.floor(box.y * scale) - 1);
    const right = Math.min(width, Math.ceil((box.x + box.width) * scale) + 1);
    const bottom = Math.min(height, Math.ceil((box.y + box.height) * scale) + 1);
    for (let y = top; y < bottom; y++) {
      for (let x = left; x < right; x++) {
        const at = (y * width + x) * 4;
        data[at] = MASK[0];
        data[at + 1] = MASK[1];
        data[at + 2] = MASK[2];
        data[at + 3] = MASK[3];
      }
    }
  }
  return { data: PNG.sync.write(png).toString('base64'), width, height };
}

/** Width and height from a PNG's IHDR (no decode). */
export function pngSize(base64Png: string): { width: number; height: number } {
  const header = Buffer.from(base64Png.slice(0, 32), 'base64');
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
}
