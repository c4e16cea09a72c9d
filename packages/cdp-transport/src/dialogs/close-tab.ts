import type { CdpConnection } from '../connection/cdp-connection.js';
import type { CdpTab } from '../tab/cdp-tab.js';
import type { BeforeUnloadPolicy } from './dialog-tracker.js';

/** How long a tab may take to go away after it was asked to close (ms). */
export const CLOSE_TIMEOUT_MS = 10_000;

export interface CloseTabResult {
  /** The tab is gone. */
  closed: boolean;
  /** A `beforeunload` dialog was dismissed, so the page stays open. */
  keptByBeforeUnload: boolean;
}

/**
 * Closes a tab without ever wedging on its `beforeunload` handler (SPEC §12). With the tab
 * attached, `Page.close` runs the page's unload handlers like a user closing it; a beforeunload
 * dialog that raises is answered with `policy` (accept: the tab closes; dismiss: it stays). Any
 * other open dialog blocks the page, so then (and when nothing else works in time) the target is
 * closed outright with `Target.closeTarget`, which runs no handler. Bounded: never waits longer than
 * CLOSE_TIMEOUT_MS for the browser to report the target destroyed.
 */
export async function closeTab(connection: CdpConnection, targetId: string, tab: CdpTab | null, policy: BeforeUnloadPolicy = 'accept'): Promise<CloseTabResult> {
  let offDestroyed: () => void = () => undefined;
  const destroyed = new Promise<'destroyed'>((resolve) => {
    offDestroyed = connection.root.on('Target.targetDestroyed', ({ targetId: id }) => {
      if (id === targetId) resolve('destroyed');
    });
  });
  try {
    if (tab && !tab.dialogs.open) {
      let offSignal: () => void = () => undefined;
      const dismissed = new Promise<'dismissed'>((resolve) => {
        offSignal = tab.dialogs.onSignal((signal) => {
          if (signal.kind === 'beforeunload_handled' && !signal.accepted) resolve('dismissed');
        });
      });
      try {
        const outcome = await tab.dialogs.withBeforeUnloadPolicy(policy, async () => {
          tab.session.send('Page.close').catch(() => undefined);
          return Promise.race([destroyed, dismissed, delay(CLOSE_TIMEOUT_MS)]);
        });
        if (outcome === 'destroyed') return { closed: true, keptByBeforeUnload: false };
        if (outcome === 'dismissed') return { closed: false, keptByBeforeUnload: true };
      } finally {
        offSignal();
      }
    }
    // A blocking dialog, an unattached tab, or a page that would not close in time: close the target itself.
    await connection.root.send('Target.closeTarget', { targetId }).catch(() => undefined);
    const outcome = await Promise.race([destroyed, delay(CLOSE_TIMEOUT_MS)]);
    return { closed: outcome === 'destroyed', keptByBeforeUnload: false };
  } finally {
    offDestroyed();
  }
}

function delay(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    timer.unref?.();
  });
}
