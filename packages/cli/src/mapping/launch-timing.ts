/**
 * A one-shot's `timing_ms` also says how long the browser's launch and the page's load took (issue
 * 16): the in-process one-shot takes them from its bind, the warm one (daemon) measures them. Pure.
 */
export function withLaunchTiming(snapshot: unknown, timing: { launch: number; load_wait: number; warm_up?: number } | undefined): unknown {
  const record = snapshot as { status?: string; timing_ms?: Record<string, number> };
  if (!timing || record.status !== 'ok' || !record.timing_ms) return snapshot;
  const round = (value: number): number => Math.round(value * 10) / 10;
  const warmUp = timing.warm_up === undefined ? {} : { warm_up: round(timing.warm_up) };
  return { ...record, timing_ms: { ...record.timing_ms, launch: round(timing.launch), load_wait: round(timing.load_wait), ...warmUp } };
}
