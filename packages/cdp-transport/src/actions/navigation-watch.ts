import type { CdpTab } from '../tab/cdp-tab.js';

/** How long after delivery a navigation may still start and be waited for (ms). */
export const NAVIGATION_START_GRACE_MS = 150;
/** How long a started main-frame navigation may take to commit (ms). */
export const NAVIGATION_COMMIT_TIMEOUT_MS = 15_000;
/** How long a committed document may take to fire `load` before we stop waiting (ms). */
export const LOAD_TIMEOUT_MS = 10_000;
/** How long a stop without a commit is trusted to be final (ms). */
export const STOP_GRACE_MS = 500;

/**
 * Watches the tab's main frame across one action: did a navigation start, did a new document
 * commit, did it load. Created before delivery; `settle()` waits as long as a started navigation
 * needs (bounded), then reports whether the main frame's document changed.
 */
export class NavigationWatch {
  private started = false;
  private committedLoader: string | null = null;
  private sameDocument = false;
  private loaded = false;
  /** When the main frame last stopped loading (0: not since the last commit). */
  private stoppedAt = 0;
  private readonly offs: Array<() => void> = [];
  private readonly beforeLoader: string | undefined;
  private wake: () => void = () => undefined;

  constructor(private readonly tab: CdpTab) {
    const main = tab.mainFrameId;
    this.beforeLoader = tab.frames.get(main)?.loaderId;
    const session = tab.session;
    const poke = () => this.wake();
    const onMain = (frameId: string, update: () => void) => {
      if (frameId !== main) return;
      update();
      poke();
    };
    this.offs.push(
      session.on('Page.frameRequestedNavigation', ({ frameId }) => onMain(frameId, () => (this.started = true))),
      // A stop seen before this start belongs to the previous load (a new tab's first about:blank).
      session.on('Page.frameStartedLoading', ({ frameId }) =>
        onMain(frameId, () => {
          this.started = true;
          this.stoppedAt = 0;
        }),
      ),
      session.on('Page.frameStoppedLoading', ({ frameId }) => onMain(frameId, () => (this.stoppedAt = Date.now()))),
      session.on('Page.frameNavigated', ({ frame, type }) =>
        onMain(frame.id, () => {
          this.committedLoader = frame.loaderId;
          this.stoppedAt = 0;
          // Only a load after this commit is the new document's (the old one may still have been
          // loading when the action began); a back/forward-cache restore brings a loaded document
          // back, and no load event follows.
          this.loaded = type === 'BackForwardCacheRestore';
        }),
      ),
      session.on('Page.navigatedWithinDocument', ({ frameId }) => onMain(frameId, () => (this.sameDocument = true))),
      session.on('Page.loadEventFired', () => onMain(main, () => (this.loaded = true))),
      // A dialog that blocks the page ends every wait below (see `until`): wake it at once.
      tab.dialogs.onSignal(poke),
    );
  }

  /** Marks that the action itself starts a navigation (navigate, history, reload). */
  expectNavigation(): void {
    this.started = true;
  }

  /** Waits for a navigation the action may have started; answers whether the main document changed. */
  async settle(graceMs = NAVIGATION_START_GRACE_MS): Promise<{ navigation: boolean; sameDocument: boolean }> {
    try {
      await this.until(() => this.started || this.committedLoader !== null || this.sameDocument, graceMs);
      if (this.started && this.committedLoader === null && !this.sameDocument) {
        // A stop without a commit ends the wait (download, 204) — after a grace, since a
        // back/forward-cache restore can report the stop just before its commit.
        await this.until(() => this.committedLoader !== null || this.sameDocument || (this.stoppedAt > 0 && Date.now() - this.stoppedAt > STOP_GRACE_MS), NAVIGATION_COMMIT_TIMEOUT_MS);
      }
      if (this.committedLoader !== null && this.committedLoader !== this.beforeLoader) {
        await this.until(() => this.loaded, LOAD_TIMEOUT_MS);
      }
      const loader = this.committedLoader ?? this.tab.frames.get(this.tab.mainFrameId)?.loaderId;
      return { navigation: loader !== undefined && loader !== this.beforeLoader, sameDocument: this.sameDocument };
    } finally {
      this.dispose();
    }
  }

  dispose(): void {
    for (const off of this.offs.splice(0)) off();
  }

  /**
   * Waits for `condition`, at most `timeoutMs`. A dialog that blocks the page (an alert while the
   * new document parses) ends the wait: nothing loads until it is handled, and the caller's next
   * snapshot shows it. (An action's own dialog already ends the action, see dialog-race.ts; this
   * is for navigations outside that race, like `browser_tabs new` with a url.)
   */
  private async until(condition: () => boolean, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition() && !this.tab.dialogs.blocksPage && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, Math.min(50, deadline - Date.now())));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.wake = () => undefined;
  }
}
