import type { PageCapture } from '../model/page-capture.js';
import type { SnapshotTiming } from '../contract/responses.js';

function ms(value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.max(0, Math.round(value * 10) / 10);
}

/** Issue 16: the transport's phase timings of a capture as `timing_ms` fields (absent ones stay absent). */
export function capturePhaseTiming(capture: PageCapture): Partial<SnapshotTiming> {
  const timings = capture.timings;
  if (!timings) return {};
  const phases: Partial<SnapshotTiming> = {
    world_setup: ms(timings.worldSetup),
    ax_enable: ms(timings.axEnable),
    walk: ms(timings.walk),
    hit_test: ms(timings.hitTest),
    rank: ms(timings.rank),
    ax: ms(timings.ax),
    warm_up_wait: ms(timings.warmUpWait),
  };
  return Object.fromEntries(Object.entries(phases).filter(([, value]) => value !== undefined));
}
