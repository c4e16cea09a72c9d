import { TransportError, type PageOpenReport, type PageWait } from '@sightline/semantic-core';
import { raceDialog } from '../dialogs/dialog-race.js';
import type { CdpTab } from './cdp-tab.js';

/** Requests listed by URL in a report; the rest are only counted. */
const LISTED_REQUESTS = 10;
/** How often a wait looks again when no event wakes it (ms). */
const POLL_MS = 100;
/** A quiet period never adds more than this to the wait (ms). */
const QUIET_MAX_MS = 1_500;

/** The wait a launch uses when the caller does not say (issue 16: what a person waits for). */
export const DEFAULT_OPEN_WAIT: PageWait = { until: 'ready', timeoutMs: 30_000, quietMs: 0 };

/**
 * Issue 16: `Page.navigate` to `url`, then wait for what a person waits for, bounded — not for the
 * full load event (one slow image must not hold the page back when its text is on screen):
 *
 * - `ready`: the new document's `DOMContentLoaded` plus its `firstContentfulPaint` (lifecycle events
 *   of that loader), or `load` when it comes first (a page with nothing contentful to paint);
 * - `load`: the load event;
 * - then, with `quietMs`, until no request has started or ended for that long (at most 1.5 s more),
 *   running `whileQuiet` meanwhile (a one-shot's warm-up walk: the page is parsed, and its first
 *   walk is the slow one; waited for, so the snapshot after it does not queue behind it).
 *
 * When `timeoutMs` runs out, or a JavaScript dialog blocks the page first, the page is used as it
 * is (`ready: 'timeout'`; a snapshot then shows the dialog): never an error. A
 * navigation the browser refuses (DNS, connection refused) is a `protocol_error`.
 */
export async function openPage(tab: CdpTab, url: string, wait: PageWait, whileQuiet?: () => Promise<unknown>): Promise<PageOpenReport> {
  const started = performance.now();
  const seen = new Map<string, Set<string>>();
  let wake: () => void = () => undefined;
  const off = [
    // A dialog that blocks the page ends the wait (see `until`): wake it at once.
    tab.dialogs.onSignal(() => wake()),
    tab.session.on('Page.lifecycleEvent', ({ frameId, loaderId, name }) => {
      if (frameId !== tab.mainFrameId) return;
      let names = seen.get(loaderId);
      if (!names) seen.set(loaderId, (names = new Set()));
      names.add(name);
      wake();
    }),
  ];
  try {
    // Lifecycle events are on since the tab was attached (cdp-tab.ts).
    const result = await tab.session.send('Page.navigate', { url });
    if (result.errorText) throw new TransportError('protocol_error', `could not open ${url}: ${result.errorText}`, 'Page.navigate');
    const loaderId = result.loaderId;
    const names = (): Set<string> => (loaderId ? seen.get(loaderId) : undefined) ?? new Set();
    const loaded = (): boolean => names().has('load');
    const painted = (): boolean => names().has('DOMContentLoaded') && names().has('firstContentfulPaint');
    const deadline = started + wait.timeoutMs;
    // A dialog that blocks the page (an alert while it parses) ends the wait like the bound does:
    // nothing loads until it is handled, and the first snapshot shows the dialog (SPEC §12).
    // `dueIn`: when the condition may next hold without an event to wake the wait (ms).
    const until = async (condition: () => boolean, by: number, dueIn: () => number = () => POLL_MS): Promise<boolean> => {
      while (!condition()) {
        if (tab.dialogs.blocksPage) return false;
        const left = by - performance.now();
        if (left <= 0) return false;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(1, Math.min(left, POLL_MS, dueIn())));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = () => undefined;
      }
      return true;
    };
    // A same-document navigation (a fragment) has no new loader: nothing to wait for.
    let ready: PageOpenReport['ready'] = 'load';
    if (loaderId) {
      const met = await until(wait.until === 'load' ? loaded : () => loaded() || painted(), deadline);
      ready = !met ? 'timeout' : loaded() ? 'load' : 'painted';
    }
    // The accessibility tree is not built here: most shown elements get their role and name from the
    // page's rules (page facts), and a build would compete with the first snapshot's walk for the
    // renderer (inbox 100k one-shot: collect 1.5 s with it, see the cdp-transport README).
    let warmUpMs: number | undefined;
    if (wait.quietMs > 0 && ready !== 'timeout') {
      const warming = whileQuiet && !tab.dialogs.blocksPage ? timedWarmUp(tab, whileQuiet) : undefined;
      // Woken when the quiet period is due, not at the next poll (up to 0.1 s more at 1k elements).
      const quietLeft = (): number => wait.quietMs - tab.network.idleForMs;
      await until(() => quietLeft() <= 0, Math.min(deadline, performance.now() + QUIET_MAX_MS), quietLeft);
      warmUpMs = await warming;
      if (loaded()) ready = 'load';
    }
    tab.network.quietForMs([...tab.frames.values()]); // forgets requests of documents and frames gone since
    const pending = tab.network.pending();
    return {
      ready,
      loadEvent: loaderId ? loaded() : true,
      stillLoading: pending.slice(0, LISTED_REQUESTS),
      stillLoadingCount: pending.length,
      launchMs: 0,
      loadWaitMs: performance.now() - started,
      ...(warmUpMs === undefined ? {} : { warmUpMs }),
    };
  } finally {
    for (const unsubscribe of off) unsubscribe();
  }
}

/**
 * Runs the warm-up against the tab's dialogs: one that opens ends it like any call into the page
 * (its main thread is blocked). Its time (ms), or undefined when it did not finish; never an error.
 */
async function timedWarmUp(tab: CdpTab, warmUp: () => Promise<unknown>): Promise<number | undefined> {
  const started = performance.now();
  const raced = await raceDialog(tab.dialogs, warmUp).catch(() => null);
  return raced?.kind === 'done' ? performance.now() - started : undefined;
}
