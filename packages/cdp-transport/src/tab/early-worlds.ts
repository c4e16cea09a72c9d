import type { CdpSession } from '../connection/cdp-session.js';
import { PAGE_SCRIPT } from '../generated/page-script.js';

interface SeenWorld {
  session: CdpSession;
  contextId: number;
  /** The frame's commit count when the world was created (see `commitOf`). */
  commit: number;
}

/**
 * Issue 16: the collector's isolated world made by the browser as each document is created, not by
 * the first snapshot. `Page.addScriptToEvaluateOnNewDocument {worldName, runImmediately}` has
 * Chromium create the named world in every new document of the session (and at once in the ones
 * that exist) and load the collector into it; `Runtime.executionContextCreated` (Runtime is on for
 * the console) tells which context that is. Saves the first snapshot of a document its
 * `Page.createIsolatedWorld` + collector evaluation (two round trips and a 54 KB parse; measured
 * 40 ms at load average ~7, 50–300 ms at ~20, inbox 100k).
 *
 * A world is used only when it was created after the frame's latest commit seen here (`commitOf`):
 * one that arrives before its document's `frameNavigated` is ignored, and the transport creates
 * the world itself as before (`Page.createIsolatedWorld` with the same name returns this world,
 * and the collector entry is idempotent), so a misordered event costs time, never correctness.
 */
export class EarlyWorlds {
  private readonly worlds = new Map<string, SeenWorld>();

  constructor(
    private readonly worldName: string,
    private readonly commitOf: (frameId: string) => number,
  ) {}

  /** Registers the collector for the session's documents; never fails the attach. */
  async watch(session: CdpSession): Promise<void> {
    session.on('Runtime.executionContextCreated', ({ context }) => {
      const aux = context.auxData as { frameId?: unknown; type?: unknown } | undefined;
      if (context.name !== this.worldName || aux?.type !== 'isolated' || typeof aux.frameId !== 'string') return;
      this.worlds.set(aux.frameId, { session, contextId: context.id, commit: this.commitOf(aux.frameId) });
    });
    session.on('Runtime.executionContextDestroyed', ({ executionContextId }) => {
      for (const [frameId, world] of this.worlds) if (world.session === session && world.contextId === executionContextId) this.worlds.delete(frameId);
    });
    session.on('Runtime.executionContextsCleared', () => {
      for (const [frameId, world] of this.worlds) if (world.session === session) this.worlds.delete(frameId);
    });
    session.onDetach(() => {
      for (const [frameId, world] of this.worlds) if (world.session === session) this.worlds.delete(frameId);
    });
    await session.send('Page.addScriptToEvaluateOnNewDocument', { source: PAGE_SCRIPT, worldName: this.worldName, runImmediately: true }).catch(() => undefined);
  }

  /** The collector world of the frame's current document, when the browser already made it. */
  take(frameId: string, session: CdpSession): number | undefined {
    const world = this.worlds.get(frameId);
    if (!world || world.session !== session || world.commit !== this.commitOf(frameId)) return undefined;
    return world.contextId;
  }

  forget(frameId: string): void {
    this.worlds.delete(frameId);
  }
}
