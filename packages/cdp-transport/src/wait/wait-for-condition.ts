import { SightlineError, TransportError, type WaitCondition, type WaitOutcome } from '@sightline/semantic-core';
import { checkCondition, type CheckResult, type WaitContext } from './wait-checks.js';

/** Longest a single look may run past the deadline before the wait answers `met: false` anyway. */
export const WAIT_OVERRUN_MS = 250;
const FIRST_INTERVAL_MS = 50;
const MAX_INTERVAL_MS = 200;

/**
 * SPEC §12 `browser_wait` on one tab: look, sleep a little (50 ms, growing to 200 ms), look again,
 * until the condition holds or the deadline passes. Every look is raced against the deadline
 * (plus a small overrun), so the wait never blocks much longer than `timeoutMs`. The tab closing
 * meanwhile is a `browser_tab_not_found` refusal.
 */
export async function waitForCondition(context: WaitContext, condition: WaitCondition, timeoutMs: number, tabAlive: () => Promise<boolean>, signal?: AbortSignal): Promise<WaitOutcome> {
  const deadline = performance.now() + timeoutMs;
  let interval = FIRST_INTERVAL_MS;
  for (;;) {
    // Cancelled (issue 17): no further check; the Driver has already answered `cancelled`.
    if (signal?.aborted) return { met: false };
    let result: CheckResult | 'late';
    try {
      result = await raceDeadline(checkCondition(context, condition), deadline + WAIT_OVERRUN_MS);
    } catch (error) {
      if (TransportError.isInstance(error) && error.failure === 'target_closed' && !(await tabAlive())) {
        throw new SightlineError('browser_tab_not_found', 'the tab closed while waiting', { field: 'tab_id' });
      }
      throw error;
    }
    if (result === 'met') return { met: true };
    if (context.tab.session.detached && !(await tabAlive())) {
      throw new SightlineError('browser_tab_not_found', 'the tab closed while waiting', { field: 'tab_id' });
    }
    if (result === 'never' || result === 'late') return { met: false };
    const left = deadline - performance.now();
    if (left <= 0) return { met: false };
    await sleep(Math.min(interval, left));
    interval = Math.min(interval * 1.5, MAX_INTERVAL_MS);
  }
}

async function raceDeadline<T>(work: Promise<T>, at: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), Math.max(0, at - performance.now()));
  });
  // A look that loses the race may still fail later: nobody is waiting for it then.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
