import { SightlineError, TransportError, type WaitCondition, type WaitOutcome } from '@sightline/semantic-core';
import { checkCondition, type CheckResult, type WaitContext } from './wait-checks.js';
import { pageBlocked } from '../dialogs/page-blocked.js';
import { raceDeadline } from '../race-deadline.js';

/** Longest a single look may run past the deadline before the wait answers `met: false` anyway. */
export const WAIT_OVERRUN_MS = 250;
const FIRST_INTERVAL_MS = 50;
const MAX_INTERVAL_MS = 200;

/**
 * SPEC §12 `browser_wait` on one tab: look, sleep a little (50 ms, growing to 200 ms), look again,
 * until the condition holds or the deadline passes. Every look is raced against the deadline
 * (plus a small overrun), so the wait never blocks much longer than `timeoutMs`. The tab closing
 * meanwhile is a `browser_tab_not_found` refusal. A JavaScript dialog that blocks the page (open
 * when the wait starts or opening during it) ends the wait at once, see `whileBlocked`.
 */
export async function waitForCondition(context: WaitContext, condition: WaitCondition, timeoutMs: number, tabAlive: () => Promise<boolean>, signal?: AbortSignal): Promise<WaitOutcome> {
  const deadline = performance.now() + timeoutMs;
  let interval = FIRST_INTERVAL_MS;
  const page = pageBlocked(context.tab.dialogs);
  try {
    for (;;) {
      // Cancelled (issue 17): no further check; the Driver has already answered `cancelled`.
      if (signal?.aborted) return { met: false };
      if (context.tab.dialogs.blocksPage) return whileBlocked(context, condition, deadline);
      let result: CheckResult | 'late' | 'blocked';
      try {
        // A look that calls into the page hangs once a dialog opens: the dialog ends it too.
        result = await raceDeadline(Promise.race([checkCondition(context, condition), page.blocked]), deadline + WAIT_OVERRUN_MS);
      } catch (error) {
        if (TransportError.isInstance(error) && error.failure === 'target_closed' && !(await tabAlive())) {
          throw new SightlineError('browser_tab_not_found', 'the tab closed while waiting', { field: 'tab_id' });
        }
        throw error;
      }
      if (result === 'met') return { met: true };
      if (result === 'blocked') return whileBlocked(context, condition, deadline);
      if (context.tab.session.detached && !(await tabAlive())) {
        throw new SightlineError('browser_tab_not_found', 'the tab closed while waiting', { field: 'tab_id' });
      }
      if (result === 'never' || result === 'late') return { met: false };
      const left = deadline - performance.now();
      if (left <= 0) return { met: false };
      await Promise.race([sleep(Math.min(interval, left)), page.blocked]);
      interval = Math.min(interval * 1.5, MAX_INTERVAL_MS);
    }
  } finally {
    page.off();
  }
}

/**
 * The answer while a dialog blocks the page: nothing in it can change until the dialog is
 * handled, so waiting on only runs out the timeout (SPEC §12: never wedge; the caller's next
 * snapshot shows the dialog). A URL is read from the browser, not the page: that one last look is
 * still answered; every other condition is `met: false`.
 */
async function whileBlocked(context: WaitContext, condition: WaitCondition, deadline: number): Promise<WaitOutcome> {
  if (condition.kind !== 'url') return { met: false };
  const result = await raceDeadline(checkCondition(context, condition), deadline + WAIT_OVERRUN_MS);
  return { met: result === 'met' };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
