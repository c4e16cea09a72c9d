import { refusalResponse, type Driver } from '@sightline/semantic-core';
import { nextSessionState, type SessionState } from '../mapping/session-state.js';
import { WARM_ONE_SHOT_SESSION } from './protocol.js';
import { withLaunchTiming } from '../mapping/launch-timing.js';

/** How long a warm one-shot waits for the page's load event before it reads what is there. */
export const WARM_LOAD_TIMEOUT_MS = 10_000;

type WarmDriver = Pick<Driver, 'bind' | 'tabs' | 'wait' | 'snapshot' | 'endSession'>;

interface Answer {
  status?: string;
  refusal?: { code?: string };
}

function failed(result: unknown): boolean {
  return (result as Answer | null)?.status !== 'ok';
}

/** A failure that says the warm browser (or its connection) is gone: worth one fresh launch. */
function browserGone(result: unknown): boolean {
  const answer = result as Answer | null;
  if (!answer || answer.status === 'ok') return false;
  const code = answer.refusal?.code;
  return answer.status === 'error' || code === 'browser_binding_stale' || code === 'browser_requires_setup';
}

/**
 * A warm one-shot's answer, and the closing of its tab, which is still running when the answer is
 * ready: tearing down a 100k-element page takes ~0.25 s that the caller need not wait for. The
 * daemon sends the answer at once and runs the session's next request after `closing`.
 */
export interface WarmOneShotResult {
  answer: unknown;
  closing: Promise<void>;
}

const NOTHING_TO_CLOSE: Promise<void> = Promise.resolve();

/**
 * `sightline snapshot <url> --warm`: the daemon keeps one headless managed Chromium (fresh
 * profile, launched by the first warm one-shot, ended with the daemon: idle exit, `close --all`,
 * a signal) and answers each warm one-shot from a background tab of it — open the URL, wait for
 * the load event (bounded), snapshot, close the tab (after the answer). The browser's launch is
 * paid once, not per call. A browser that died meanwhile is replaced once. Pages of earlier warm
 * one-shots share its profile (cookies, storage) until the daemon exits.
 */
export async function warmOneShot(
  driver: WarmDriver,
  sessions: Map<string, SessionState>,
  params: Record<string, unknown>,
): Promise<WarmOneShotResult> {
  const { url, ...snapshotParams } = params;
  if (typeof url !== 'string' || url.length === 0) {
    return {
      answer: refusalResponse('browser_invalid_request', 'a warm one-shot needs the URL to open: sightline snapshot <url> --warm', { field: 'url' }),
      closing: NOTHING_TO_CLOSE,
    };
  }
  const session = WARM_ONE_SHOT_SESSION;
  for (let attempt = 0; ; attempt += 1) {
    let launch = 0;
    let state = sessions.get(session);
    if (!state) {
      const started = performance.now();
      // No url: the launch's own blank tab stays open, so the browser always has a tab.
      const bind = await driver.bind({ session, launch: {} });
      const next = nextSessionState(undefined, bind);
      if (failed(bind) || !next) return { answer: bind, closing: NOTHING_TO_CLOSE };
      sessions.set(session, next);
      state = next;
      launch = performance.now() - started;
    }
    const loadStarted = performance.now();
    const opened = (await driver.tabs({ session, target_id: state.targetId, action: 'new', url })) as { status?: string; tab_id?: string };
    if (failed(opened) || !opened.tab_id) {
      // A refusal about the request (a bad URL) keeps the browser; one that died is replaced once.
      if (!browserGone(opened)) return { answer: opened, closing: NOTHING_TO_CLOSE };
      sessions.delete(session);
      await driver.endSession({ session }).catch(() => undefined);
      if (attempt === 0) continue;
      return { answer: opened, closing: NOTHING_TO_CLOSE };
    }
    const address = { session, target_id: state.targetId, tab_id: opened.tab_id };
    const close = (): Promise<void> =>
      driver.tabs({ session, target_id: address.target_id, action: 'close', tab_id: address.tab_id }).then(
        () => undefined,
        () => undefined,
      );
    let answer: unknown;
    try {
      const loaded = await driver.wait({ ...address, load_state: 'load', timeout_ms: WARM_LOAD_TIMEOUT_MS });
      if (failed(loaded)) answer = loaded;
      else {
        const loadWait = performance.now() - loadStarted;
        answer = withLaunchTiming(await driver.snapshot({ ...address, ...snapshotParams }), { launch, load_wait: loadWait });
      }
    } catch (error) {
      await close();
      throw error;
    }
    return { answer, closing: close() };
  }
}
