import type { Protocol } from 'devtools-protocol';
import { TransportError } from '@sightline/semantic-core';
import type { CdpConnection } from '../connection/cdp-connection.js';
import type { CdpSession } from '../connection/cdp-session.js';
import { NetworkTracker } from './network-tracker.js';
import { DialogTracker } from '../dialogs/dialog-tracker.js';
import { ConsoleLog } from '../dialogs/console-log.js';
import { KnownSecrets } from '../dialogs/known-secrets.js';
import { EarlyWorlds } from './early-worlds.js';
import { loadCollector } from '../page-call/page-call.js';

/** Name of the isolated world the collector runs in. */
export const WORLD_NAME = '__sightline_world';

export interface TabFrame {
  frameId: string;
  parentId: string | undefined;
  loaderId: string;
  url: string;
  /** The session that owns the frame's document (the tab's, or an OOPIF child session). */
  session: CdpSession;
  /** The frame is the root of an out-of-process iframe target. */
  outOfProcess: boolean;
}

export interface TabNavigation {
  frameId: string;
  loaderId: string;
  mainFrame: boolean;
}

interface World {
  loaderId: string;
  contextId: number;
}

/**
 * One attached page target: its flat session, the out-of-process iframe sessions auto-attached
 * beneath it, the frames it knows (kept current by Page events) and one isolated world per frame
 * document (recreated when the document changes).
 */
export class CdpTab {
  readonly frames = new Map<string, TabFrame>();
  /** OOPIF sessions by target id (= the iframe's frame id), only those attached beneath this tab. */
  readonly oopifSessions = new Map<string, CdpSession>();
  /** OOPIF target id → the frame (of this tab) Chromium reports as its parent. */
  readonly oopifParents = new Map<string, string | undefined>();
  /** OOPIF target id → the session it was auto-attached through (the tab's, or a parent OOPIF's). */
  private readonly oopifAttachedVia = new Map<string, CdpSession>();
  private readonly worlds = new Map<string, World>();
  private readonly pendingWorlds = new Map<string, Promise<World>>();
  /** Issue 16: documents committed per frame (a counter), and the collector worlds Chromium made for them. */
  private readonly commits = new Map<string, number>();
  private readonly early = new EarlyWorlds(WORLD_NAME, (frameId) => this.commits.get(frameId) ?? 0);
  /** Issue 16: per session, the document whose accessibility tree is built (or being built). */
  private readonly accessibility = new WeakMap<CdpSession, { loaderId: string; ready: Promise<void> }>();
  private closed = false;
  /** SPEC §12 `network_idle`: requests in flight in this tab and its out-of-process frames. */
  readonly network = new NetworkTracker();
  /** SPEC §12: the tab's JavaScript dialog state, console ring and the secrets console text is redacted of. */
  readonly dialogs: DialogTracker;
  readonly console = new ConsoleLog();
  readonly secrets = new KnownSecrets();

  private constructor(
    private readonly connection: CdpConnection,
    readonly targetId: string,
    readonly session: CdpSession,
    private readonly onNavigate: (navigation: TabNavigation) => void,
  ) {
    this.dialogs = new DialogTracker(session);
  }

  static async attach(connection: CdpConnection, targetId: string, onNavigate: (navigation: TabNavigation) => void): Promise<CdpTab> {
    const { sessionId } = await connection.root.send('Target.attachToTarget', { targetId, flatten: true });
    const tab = new CdpTab(connection, targetId, connection.session(sessionId), onNavigate);
    try {
      await tab.setUpSession(tab.session, false);
    } catch (error) {
      void tab.detach().catch(() => undefined);
      if (!TransportError.isInstance(error) || error.failure !== 'timeout') throw error;
      // A JavaScript dialog opened while no DevTools client watched the tab holds its renderer, and
      // Chromium offers it to no client attaching later ("No dialog is showing"); only the browser
      // window, a navigation of the tab or closing it ends it.
      throw new TransportError(
        'timeout',
        `${error.message} while attaching to the tab: its page is busy, or held by a JavaScript dialog it opened before Sightline attached (no DevTools client can answer that one: answer it in the browser window, or reload or close the tab)`,
        error.method,
      );
    }
    return tab;
  }

  get mainFrameId(): string {
    return this.targetId;
  }

  private async setUpSession(session: CdpSession, outOfProcess: boolean): Promise<void> {
    session.on('Page.frameNavigated', ({ frame }) => this.frameCommitted(session, frame, outOfProcess));
    session.on('Page.frameDetached', ({ frameId, reason }) => {
      if (reason === 'swap') return; // becomes an out-of-process frame; its target will attach
      this.dropFrame(frameId);
    });
    session.on('Target.attachedToTarget', (event) => void this.childAttached(session, event));
    session.on('Target.detachedFromTarget', ({ sessionId }) => {
      for (const [frameId, child] of this.oopifSessions) if (child.id === sessionId) this.childGone(frameId, child);
    });
    // SPEC §12 network_idle: count this session's requests from now on (never fails the attach).
    void this.network.watch(session);
    this.console.watch(session);
    // Issue 16: the collector world is made with each document (before Runtime.enable replays contexts).
    void this.early.watch(session);
    // Accessibility is turned on lazily (accessibilityFor): on while a page loads, Chromium builds
    // and maintains its tree for every element (inbox 100k: the load took 1.3 s longer).
    const [, tree] = await Promise.all([
      session.send('Page.enable'),
      session.send('Page.getFrameTree'),
      // Issue 16: opening a page waits on its lifecycle (parsed, painted); on from here, not one round trip before each navigation.
      outOfProcess ? undefined : session.send('Page.setLifecycleEventsEnabled', { enabled: true }),
      session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }),
      // Console messages and uncaught errors (SPEC §12); enabling replays what was logged before.
      session.send('Runtime.enable').catch(() => undefined),
    ]);
    this.registerTree(session, tree.frameTree, outOfProcess);
  }

  private registerTree(session: CdpSession, tree: Protocol.Page.FrameTree, outOfProcess: boolean): void {
    const frame = tree.frame;
    const isOopifRoot = outOfProcess && this.oopifSessions.get(frame.id) === session;
    // An OOPIF session's tree repeats nothing of the parent; the parent's tree may list the remote frame without a document we can read.
    const existing = this.frames.get(frame.id);
    if (existing && existing.loaderId !== frame.loaderId) this.commits.set(frame.id, (this.commits.get(frame.id) ?? 0) + 1);
    if (!existing || existing.session === session || isOopifRoot) {
      this.frames.set(frame.id, { frameId: frame.id, parentId: frame.parentId, loaderId: frame.loaderId, url: frame.url, session, outOfProcess: isOopifRoot });
    }
    for (const child of tree.childFrames ?? []) this.registerTree(session, child, outOfProcess);
  }

  private frameCommitted(session: CdpSession, frame: Protocol.Page.Frame, outOfProcess: boolean): void {
    const previous = this.frames.get(frame.id);
    if (previous && previous.session !== session && this.oopifSessions.get(frame.id) !== session) return;
    const isOopifRoot = outOfProcess && this.oopifSessions.get(frame.id) === session;
    this.frames.set(frame.id, { frameId: frame.id, parentId: frame.parentId, loaderId: frame.loaderId, url: frame.url, session, outOfProcess: isOopifRoot });
    if (!previous || previous.loaderId !== frame.loaderId) {
      this.commits.set(frame.id, (this.commits.get(frame.id) ?? 0) + 1);
      this.worlds.delete(frame.id);
      this.onNavigate({ frameId: frame.id, loaderId: frame.loaderId, mainFrame: frame.id === this.mainFrameId });
    }
  }

  private dropFrame(frameId: string): void {
    this.frames.delete(frameId);
    this.worlds.delete(frameId);
    for (const [id, frame] of this.frames) if (frame.parentId === frameId) this.dropFrame(id);
  }

  private async childAttached(parent: CdpSession, event: Protocol.Target.AttachedToTargetEvent): Promise<void> {
    const child = this.connection.session(event.sessionId);
    if (event.targetInfo.type !== 'iframe' || this.closed) {
      await child.detach();
      return;
    }
    const targetId = event.targetInfo.targetId;
    const previous = this.oopifSessions.get(targetId);
    if (previous && previous !== child) this.childGone(targetId, previous);
    this.oopifParents.set(targetId, event.targetInfo.parentFrameId);
    this.oopifSessions.set(targetId, child);
    this.oopifAttachedVia.set(targetId, parent);
    // A nested OOPIF session dies with the session it was attached through, often without an event of its own.
    child.onDetach(() => this.childGone(targetId, child));
    try {
      await this.setUpSession(child, true);
    } catch {
      // The frame went away while attaching; it is simply not there.
    }
  }

  /**
   * An OOPIF session ended (its frame navigated back in-process, was removed, or the session it was
   * attached through ended): forget it, the frames it owned, and every OOPIF session attached
   * through it (Chromium ends those too, without telling the parent session's listeners).
   */
  private childGone(targetId: string, child: CdpSession): void {
    if (this.oopifSessions.get(targetId) !== child) return;
    this.oopifSessions.delete(targetId);
    this.oopifParents.delete(targetId);
    this.oopifAttachedVia.delete(targetId);
    for (const [frameId, frame] of this.frames) if (frame.session === child) this.dropFrame(frameId);
    for (const [nestedId, via] of [...this.oopifAttachedVia]) {
      const nested = this.oopifSessions.get(nestedId);
      if (via === child && nested) {
        this.childGone(nestedId, nested);
        void nested.detach();
      }
    }
  }

  /** Execution context of this tab's collector world in the frame's current document. */
  async world(frameId: string, fresh = false): Promise<{ session: CdpSession; contextId: number; loaderId: string }> {
    const frame = this.frames.get(frameId);
    if (!frame) throw new TransportError('target_closed', `the frame is gone`, 'Page.createIsolatedWorld');
    const cached = this.worlds.get(frameId);
    if (cached && cached.loaderId === frame.loaderId && !fresh) return { session: frame.session, ...cached };
    const pendingKey = `${frameId}|${frame.loaderId}`;
    // Issue 16: the world Chromium made with the document (Page.addScriptToEvaluateOnNewDocument) —
    // unless this tab is making one itself: that world is announced before its collector is loaded.
    const made = fresh || this.pendingWorlds.has(pendingKey) ? undefined : this.early.take(frameId, frame.session);
    if (fresh) this.early.forget(frameId);
    if (made !== undefined) {
      const world = { loaderId: frame.loaderId, contextId: made };
      this.worlds.set(frameId, world);
      return { session: frame.session, ...world };
    }
    let pending = this.pendingWorlds.get(pendingKey);
    if (!pending || fresh) {
      pending = (async () => {
        const { executionContextId } = await frame.session.send('Page.createIsolatedWorld', { frameId, worldName: WORLD_NAME, grantUniveralAccess: false });
        await loadCollector({ session: frame.session, contextId: executionContextId });
        const world = { loaderId: frame.loaderId, contextId: executionContextId };
        if (this.frames.get(frameId)?.loaderId === frame.loaderId) this.worlds.set(frameId, world);
        return world;
      })();
      this.pendingWorlds.set(pendingKey, pending);
      void pending.finally(() => this.pendingWorlds.delete(pendingKey)).catch(() => undefined);
    }
    const world = await pending;
    return { session: frame.session, ...world };
  }

  forgetWorld(frameId: string): void {
    this.worlds.delete(frameId);
    this.early.forget(frameId);
  }

  /**
   * Issue 16: Chromium's accessibility tree for the session's current document, built once.
   * `Accessibility.enable` is cheap in itself; the first read after it builds the tree for the whole
   * document (inbox 100k: ~1.5 s at load average ~7; every later partial read ~10 ms). Shared: the
   * warm-up `openPage` starts once a page is ready, and the first capture of the document, wait for
   * the same build. `Accessibility.getRootAXNode` is that first read, answering a single node.
   */
  accessibilityFor(session: CdpSession): Promise<void> {
    const rootFrame = session === this.session ? this.mainFrameId : [...this.oopifSessions].find(([, child]) => child === session)?.[0];
    const loaderId = (rootFrame ? this.frames.get(rootFrame)?.loaderId : undefined) ?? '';
    const known = this.accessibility.get(session);
    if (known && known.loaderId === loaderId) return known.ready;
    const ready = (async () => {
      await session.send('Accessibility.enable');
      await session.send('Accessibility.getRootAXNode', {});
    })();
    this.accessibility.set(session, { loaderId, ready });
    // A failed build is retried by the next caller (the read itself reports the failure).
    ready.catch(() => {
      if (this.accessibility.get(session)?.ready === ready) this.accessibility.delete(session);
    });
    return ready;
  }

  /**
   * Re-read the frame trees (cheap; used before a capture so loader ids are current). An OOPIF
   * session that has ended meanwhile is forgotten, not an error: its frame is simply gone.
   */
  async refreshFrames(): Promise<void> {
    for (const [targetId, child] of [...this.oopifSessions]) if (child.detached) this.childGone(targetId, child);
    const sessions: Array<[CdpSession, boolean, string | null]> = [[this.session, false, null], ...[...this.oopifSessions].map(([id, s]) => [s, true, id] as [CdpSession, boolean, string])];
    const trees = await Promise.all(
      sessions.map(async ([session, , targetId]) => {
        try {
          return await session.send('Page.getFrameTree');
        } catch (error) {
          if (targetId === null || !TransportError.isInstance(error) || error.failure !== 'target_closed') throw error;
          this.childGone(targetId, session);
          return null;
        }
      }),
    );
    trees.forEach((tree, i) => {
      const [session, oop, targetId] = sessions[i]!;
      if (!tree || (targetId !== null && this.oopifSessions.get(targetId) !== session)) return;
      this.registerTree(session, tree.frameTree, oop);
      const frame = tree.frameTree.frame;
      const world = this.worlds.get(frame.id);
      if (world && world.loaderId !== frame.loaderId) this.worlds.delete(frame.id);
    });
  }

  async detach(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.oopifSessions.values()].map((s) => s.detach()));
    await this.session.detach();
  }
}
