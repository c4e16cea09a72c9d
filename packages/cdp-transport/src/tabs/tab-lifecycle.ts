import { TransportError } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';

/** How long `closeTab` waits for the browser to report the tab destroyed. */
export const CLOSE_TAB_TIMEOUT_MS = 10_000;

/**
 * SPEC §12 `browser_tabs new`: a new page target created in the background
 * (`Target.createTarget {background: true}`; never `Page.bringToFront` or `Target.activateTarget`),
 * so the user's selected tab stays selected and visible. Answers the target id.
 */
export async function createBackgroundTab(root: CdpSession): Promise<string> {
  const { targetId } = await root.send('Target.createTarget', { url: 'about:blank', background: true });
  return targetId;
}

/**
 * SPEC §12 `browser_tabs close`: `Target.closeTarget`, then wait (bounded) until the browser reports
 * the target destroyed, so a listing taken afterwards no longer shows it. A tab that stays open
 * (e.g. a `beforeunload` handler asked the user) is a timeout, never reported as closed.
 */
export async function closeTabTarget(root: CdpSession, targetId: string, isGone: () => Promise<boolean>): Promise<void> {
  let off: () => void = () => undefined;
  const destroyed = new Promise<void>((resolve) => {
    off = root.on('Target.targetDestroyed', (event) => {
      if (event.targetId === targetId) resolve();
    });
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await root.send('Target.closeTarget', { targetId });
    const outcome = await Promise.race([
      destroyed.then(() => 'closed' as const),
      new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), CLOSE_TAB_TIMEOUT_MS);
      }),
    ]);
    if (outcome === 'timeout' && !(await isGone())) {
      throw new TransportError('timeout', `the tab did not close within ${CLOSE_TAB_TIMEOUT_MS / 1000} s (a beforeunload prompt may hold it); list the tabs again`, 'Target.closeTarget');
    }
  } finally {
    clearTimeout(timer);
    off();
  }
}
