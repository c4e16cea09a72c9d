import type { Size } from '../model/geometry.js';
import type { CapturedFrame, CapturedNode, CaptureCoverage, PageCapture } from '../model/page-capture.js';

/** The viewport every test capture has unless it says otherwise. */
export const TEST_VIEWPORT: Size = { width: 1280, height: 800 };

/**
 * The page around a test capture's frames and nodes: url and title from the main frame (the first),
 * nothing scrolled, everything included unless `coverage` says otherwise. The one place the
 * builders (`buildCapture`, `fakePage`, `syntheticInbox`) state what a whole capture holds.
 */
export function captureOf(
  frames: CapturedFrame[],
  nodes: CapturedNode[],
  page: { viewport?: Size; focused?: number | null; activeDialog?: number | null; coverage?: Partial<CaptureCoverage> } = {},
): PageCapture {
  const main = frames[0];
  if (!main) throw new Error('a capture needs its main frame first');
  return {
    url: main.url,
    title: main.title,
    viewport: page.viewport ?? TEST_VIEWPORT,
    scroll: { x: 0, y: 0 },
    frames,
    nodes,
    focused: page.focused ?? null,
    activeDialog: page.activeDialog ?? null,
    coverage: { included: 'all', exhausted: [], oopif: { status: 'none', frames: 0 }, ...page.coverage },
  };
}
