import { describe, expect, it } from 'vitest';
import { visibleCentre } from './click-point.js';

const viewport = { width: 1280, height: 800 };
const rect = (x: number, y: number, w: number, h: number) => [x, y, x + w, y, x + w, y + h, x, y + h];

describe('visibleCentre', () => {
  it('is the centre of the first quad', () => {
    expect(visibleCentre([rect(100, 200, 80, 20), rect(0, 0, 10, 10)], viewport)).toEqual({ x: 140, y: 210 });
  });

  it('clips to the viewport before taking the centre', () => {
    expect(visibleCentre([rect(1200, 780, 200, 100)], viewport)).toEqual({ x: 1240, y: 790 });
    expect(visibleCentre([rect(-50, -10, 100, 30)], viewport)).toEqual({ x: 25, y: 10 });
  });

  it('skips quads with less than a pixel on screen, and answers null when none is left', () => {
    expect(visibleCentre([rect(2000, 10, 50, 50), rect(10, 10, 0.5, 20), rect(10, 10, 20, 20)], viewport)).toEqual({ x: 20, y: 20 });
    expect(visibleCentre([rect(10, 900, 50, 50)], viewport)).toBeNull();
    expect(visibleCentre([], viewport)).toBeNull();
  });
});
