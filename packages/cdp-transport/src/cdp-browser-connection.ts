import type { Protocol } from 'devtools-protocol';
import {
  SightlineError,
  TransportError,
  type ActionOutcome,
  type BrowserConnection,
  type CaptureRequest,
  type ConsolePage,
  type ConsoleQuery,
  type DialogInfo,
  type DialogReply,
  type NodeAddress,
  type NodeLiveness,
  type PageAction,
  type PageCapture,
  type PerformOptions,
  type Rect,
  type Screenshot,
  type ScreenshotLabel,
  type TabInfo,
  type TransportEvent,
  type WaitCondition,
  type WaitOutcome,
  type PageOpenReport,
  type PageWait,
} from '@sightline/semantic-core';
import type { CdpConnection } from './connection/cdp-connection.js';
import { OpaqueKeys } from './frame-keys.js';
import type { ManagedChrome } from './launch/managed-chrome.js';
import { PageCapturer } from './capture/page-capturer.js';
import { callPage } from './page-call/page-call.js';
import { CdpTab } from './tab/cdp-tab.js';
import { takeMaskedScreenshot } from './screenshot/take-screenshot.js';
import { performAction, resolveClickDelivery, type ClickDelivery } from './actions/perform-action.js';
import type { CaptureBudgets } from './budgets.js';
import { waitForCondition } from './wait/wait-for-condition.js';
import { runCancellable } from './connection/cancel-scope.js';
import { createBackgroundTab } from './tabs/tab-lifecycle.js';
import { deliverNavigate } from './actions/deliver-navigation.js';
import { dialogOpenRefusal, raceDialog, refuseWhileDialog } from './dialogs/dialog-race.js';
import { closeTab, type CloseTabResult } from './dialogs/close-tab.js';
import type { BeforeUnloadPolicy } from './dialogs/dialog-tracker.js';
import { NavigationWatch } from './actions/navigation-watch.js';
import { openPage } from './tab/page-open.js';

/** `prepareTab`'s wait when none is given: the load event, at most 30 s. */
const LOAD_WAIT: PageWait = { until: 'load', timeoutMs: 30_000, quietMs: 0 };

export interface CdpBrowserConnectionOptions {
  browserKey: string;
  managed?: ManagedChrome;
  budgets?: Partial<CaptureBudgets>;
  shipAll?: boolean;
  /** Reuse unchanged parts of earlier snapshots of a document (default true). */
  reuse?: boolean;
  /** Plain HTML elements' AX facts from the page's rules (default true). */
  pageFacts?: boolean;
  /** Walk a newly opened page once in the background (default true, with reuse). */
  warmUpAfterNavigation?: boolean;
  /** How clicks are delivered (default `auto`: keyboard where it can be, unless headless). */
  clickDelivery?: ClickDelivery;
}

/** A BrowserConnection over one CDP WebSocket (SPEC §3 routes 2 and 3). */
export class CdpBrowserConnection implements BrowserConnection {
  private readonly tabs = new Map<string, Promise<CdpTab>>();
  /** Attaches still in flight: they run over the re-opened link, so a reconnect keeps them (issue 17). */
  private readonly attaching = new Set<Promise<CdpTab>>();
  private readonly listeners = new Set<(event: TransportEvent) => void>();
  private readonly frameKeys = new OpaqueKeys('fr');
  private readonly documentKeys = new OpaqueKeys('doc');
  private readonly capturer: PageCapturer;
  private closing = false;

  private constructor(
    private readonly connection: CdpConnection,
    readonly product: string,
    readonly protocol: string,
    private readonly options: CdpBrowserConnectionOptions,
    private readonly clickDelivery: 'mouse' | 'keyboard',
    /** Tabs (page targets) the browser reported when this connection turned target discovery on, in its order. */
    readonly tabsAtConnect: readonly string[],
  ) {
    this.capturer = new PageCapturer({ frameKeys: this.frameKeys, documentKeys: this.documentKeys, budgets: options.budgets, shipAll: options.shipAll, reuse: options.reuse, pageFacts: options.pageFacts, warmUpAfterNavigation: options.warmUpAfterNavigation });
  }

  get browserKey(): string {
    return this.options.browserKey;
  }

  static async open(connection: CdpConnection, options: CdpBrowserConnectionOptions): Promise<CdpBrowserConnection> {
    // Issue 16: both at once — a browser that has just started answers slowly, so every round trip
    // before the first navigation counts. Turning discovery on reports every existing target before
    // it answers: the tabs among them are kept (a launch opens its page in the first, without
    // listing targets again); there is nobody else to tell yet.
    const tabs: string[] = [];
    const offDiscovered = connection.root.on('Target.targetCreated', ({ targetInfo }) => {
      if (targetInfo.type === 'page' && !targetInfo.url.startsWith('devtools://')) tabs.push(targetInfo.targetId);
    });
    let version: Protocol.Browser.GetVersionResponse;
    try {
      [version] = await Promise.all([connection.root.send('Browser.getVersion'), connection.root.send('Target.setDiscoverTargets', { discover: true })]);
    } finally {
      offDiscovered();
    }
    const self = new CdpBrowserConnection(connection, version.product, version.protocolVersion, options, resolveClickDelivery(options.clickDelivery, version.userAgent), tabs);
    connection.root.on('Target.targetDestroyed', ({ targetId }) => self.targetGone(targetId));
    connection.root.on('Target.targetCrashed', ({ targetId }) => self.targetGone(targetId));
    connection.root.on('Target.targetCreated', ({ targetInfo }) => {
      if (targetInfo.type === 'page') self.emit({ type: 'tab_opened', tabKey: targetInfo.targetId });
    });
    connection.onClose((reason) => {
      self.emit({ type: 'disconnected', reason });
      void options.managed?.stop();
    });
    connection.onReconnect(() => self.reconnected());
    return self;
  }

  async listTabs(): Promise<TabInfo[]> {
    const { targetInfos } = await this.connection.root.send('Target.getTargets');
    return targetInfos
      .filter((t) => t.type === 'page' && !t.url.startsWith('devtools://'))
      // Over CDP alone nothing says which tab the user has selected: `active` stays null (SPEC §3).
      .map((t) => ({ key: t.targetId, url: t.url, title: t.title, active: null, ...(t.openerId ? { openerKey: t.openerId } : {}) }));
  }

  /** Phase timings (ms) and reuse counts of the last capture, for benchmarks and tests. */
  get lastCaptureStats(): Readonly<Record<string, number>> {
    return this.capturer.lastTimings;
  }

  async capture(tabKey: string, request: CaptureRequest): Promise<PageCapture> {
    const tab = await this.tab(tabKey);
    // Issue 17: a cancelled capture stops sending and waiting at once (connection/cancel-scope.ts).
    return this.whileNoDialog(tab, () => runCancellable(request.signal, 'the snapshot', () => this.capturer.capture(tab, tabKey, request)));
  }

  async proveNode(tabKey: string, node: NodeAddress): Promise<NodeLiveness> {
    const tab = await this.tab(tabKey);
    return this.whileNoDialog(tab, () => this.proveNodeIn(tab, node));
  }

  private async proveNodeIn(tab: CdpTab, node: NodeAddress): Promise<NodeLiveness> {
    await tab.refreshFrames();
    const frameId = this.frameKeys.raw(node.frame);
    const frame = frameId ? tab.frames.get(frameId) : undefined;
    if (!frameId || !frame) return 'frame_gone';
    if (this.documentKeys.raw(node.documentKey) !== frame.loaderId) return 'document_changed';
    const world = await tab.world(frameId);
    if (world.loaderId !== frame.loaderId) return 'document_changed';
    const handle = Number(node.handle);
    if (!Number.isInteger(handle)) return 'detached';
    return callPage(world, 'prove', handle);
  }

  async perform(tabKey: string, action: PageAction, options: PerformOptions = {}): Promise<ActionOutcome> {
    const tab = await this.tab(tabKey);
    refuseWhileDialog(tab.dialogs);
    // Issue 17: cancelled before it delivered anything, the action sends nothing more (cancel-scope.ts).
    const run = () => runCancellable(options.signal, 'the action', () => performAction({ tab, frameKeys: this.frameKeys, documentKeys: this.documentKeys, clickDelivery: this.clickDelivery }, action));
    // SPEC §12: a navigation answers `beforeunload` itself; any other dialog ends the action at once.
    const policy = action.kind === 'navigate' || action.kind === 'history' ? (action.onBeforeUnload ?? 'accept') : null;
    const release = policy ? tab.dialogs.answerBeforeUnload(policy) : () => undefined;
    try {
      const raced = await raceDialog(tab.dialogs, run, { endOnDismissedBeforeUnload: true });
      if (raced.kind === 'done') {
        // Issue 16: a new document, loaded: its first walk runs while the caller decides what to do next.
        const outcome = raced.value;
        if (outcome.delivered && outcome.navigation && !outcome.dialog && !tab.dialogs.blocksPage) this.capturer.warmUpInBackground(tab);
        return outcome;
      }
      if (raced.kind === 'beforeunload_dismissed') return { delivered: true, effect: 'suspected_noop', navigation: false };
      const { type, message } = raced.dialog;
      return { delivered: true, effect: raced.delivering ? 'confirmed' : 'unverifiable', navigation: false, dialog: { type, message } };
    } finally {
      release();
    }
  }

  /**
   * Screen bounds of the browser window showing the tab (CDP `Browser.getWindowForTarget`), for the
   * native route's bounds match (SPEC §3). Null when the browser reports no window for it (a
   * browser without windows, or the tab is gone); a closed connection or a timeout still throws.
   * (New headless mode reports its virtual window, e.g. `{x: 10, y: 10, …}`: no native window matches it.)
   */
  async windowBounds(tabKey: string): Promise<Rect | null> {
    try {
      const { bounds } = await this.connection.root.send('Browser.getWindowForTarget', { targetId: tabKey });
      const { left, top, width, height } = bounds;
      if (left === undefined || top === undefined || width === undefined || height === undefined) return null;
      return { x: left, y: top, width, height };
    } catch (error) {
      if (TransportError.isInstance(error) && (error.failure === 'protocol_error' || error.failure === 'target_closed')) return null;
      throw error;
    }
  }

  async screenshot(tabKey: string, labels: ScreenshotLabel[]): Promise<Screenshot> {
    const tab = await this.tab(tabKey);
    refuseWhileDialog(tab.dialogs);
    const raced = await raceDialog(tab.dialogs, () => this.screenshotOf(tab, labels));
    if (raced.kind === 'done') return raced.value;
    // The shot was given up on: once the dialog is handled, take the labels away again (masks are painted in Node).
    void tab.dialogs.whenClosed().then(async () => {
      if (labels.length > 0) await this.drawLabels(tab, []).catch(() => undefined);
    });
    throw dialogOpenRefusal(raced.kind === 'dialog' ? raced.dialog : { type: 'alert', message: '', frameId: tab.mainFrameId });
  }

  private async screenshotOf(tab: CdpTab, labels: ScreenshotLabel[]): Promise<Screenshot> {
    if (labels.length === 0) return takeMaskedScreenshot(tab);
    return takeMaskedScreenshot(tab, () => this.drawLabels(tab, labels), () => this.drawLabels(tab, []));
  }

  /** Numbered labels drawn by the collector world in a closed overlay (removed right after the shot). */
  private async drawLabels(tab: CdpTab, labels: ScreenshotLabel[]): Promise<void> {
    const world = await tab.world(tab.mainFrameId);
    await callPage(world, 'labels', labels);
  }

  /** Issue 16: on a connection `launch` returned with a url, how that page was opened. */
  opened?: PageOpenReport;

  /**
   * Managed route: pin the tab's viewport (CSS px, scale 1) and optionally open `url`, waiting as
   * `wait` says (default: the load event, at most 30 s; see tab/page-open.ts). Null without a url.
   */
  async prepareTab(tabKey: string, viewport: { width: number; height: number }, url?: string, wait: PageWait = LOAD_WAIT): Promise<PageOpenReport | null> {
    const tab = await this.tab(tabKey);
    // Not awaited before the navigation (one round trip less): a session runs its commands in
    // order, so the page is navigated at this size.
    const sized = tab.session.send('Emulation.setDeviceMetricsOverride', { width: Math.round(viewport.width), height: Math.round(viewport.height), deviceScaleFactor: 1, mobile: false });
    if (!url) {
      await sized;
      return null;
    }
    const [, opened] = await Promise.all([sized, openPage(tab, url, wait, () => this.capturer.warmUp(tab))]);
    // Issue 16: without a quiet period (whose warm-up was waited for), the first walk runs after the answer.
    if (opened.warmUpMs === undefined && opened.ready !== 'timeout' && !tab.dialogs.blocksPage) this.capturer.warmUpInBackground(tab);
    return opened;
  }

  // --- SPEC §12 wait and tabs ---------------------------------------------------------------

  async wait(tabKey: string, condition: WaitCondition, timeoutMs: number, options: { signal?: AbortSignal } = {}): Promise<WaitOutcome> {
    const tab = await this.tab(tabKey);
    const context = { tab, root: this.connection.root, frameKeys: this.frameKeys, documentKeys: this.documentKeys };
    return waitForCondition(context, condition, timeoutMs, () => this.tabListed(tabKey), options.signal);
  }

  /** A background tab (see tab-lifecycle.ts); with a url, it is loaded there (bounded, like navigate). */
  async openTab(url?: string): Promise<string> {
    const key = await createBackgroundTab(this.connection.root);
    if (url === undefined) return key;
    try {
      // Straight to navigation, not through `perform`: its focus emulation would make the tab
      // report itself visible to its page, and a tab nobody acted on yet should stay hidden.
      await deliverNavigate({ tab: await this.tab(key), frameKeys: this.frameKeys, documentKeys: this.documentKeys }, url);
    } catch (error) {
      await this.closeTabWithPolicy(key, 'accept').catch(() => undefined);
      throw error;
    }
    return key;
  }

  /** The port's close (SPEC §12 `tabs close`): a beforeunload prompt is accepted, as a user closing the tab would. */
  async closeTab(tabKey: string): Promise<void> {
    const result = await this.closeTabWithPolicy(tabKey, 'accept');
    if (!result.closed) throw new TransportError('timeout', 'the tab did not close in time; list the tabs again', 'Target.closeTarget');
    this.targetGone(tabKey);
  }

  private async tabListed(tabKey: string): Promise<boolean> {
    return (await this.listTabs()).some((tab) => tab.key === tabKey);
  }

  // SPEC §12: JavaScript dialogs, the console, and closing a tab that has a beforeunload handler.

  async openDialog(tabKey: string): Promise<DialogInfo | null> {
    const open = (await this.tab(tabKey)).dialogs.open;
    return open ? { type: open.type, message: open.message } : null;
  }

  /**
   * Accepts or dismisses the open dialog, then watches (bounded) for the navigation it may start
   * (an accepted beforeunload) and for the next dialog (a page that asks twice). Null: none open.
   */
  async handleDialog(tabKey: string, reply: DialogReply): Promise<ActionOutcome | null> {
    const tab = await this.tab(tabKey);
    if (!tab.dialogs.open) return null;
    const watch = new NavigationWatch(tab);
    const raced = await raceDialog(tab.dialogs, async () => {
      if (!(await tab.dialogs.handle(reply.accept, reply.promptText))) return null;
      return (await watch.settle()).navigation;
    });
    if (raced.kind === 'done') return raced.value === null ? null : { delivered: true, effect: 'confirmed', navigation: raced.value };
    watch.dispose();
    const next = raced.kind === 'dialog' ? { dialog: { type: raced.dialog.type, message: raced.dialog.message } } : {};
    return { delivered: true, effect: 'confirmed', navigation: false, ...next };
  }

  async consoleEntries(tabKey: string, query: ConsoleQuery): Promise<ConsolePage> {
    const tab = await this.tab(tabKey);
    await tab.secrets.refresh(tab);
    return tab.console.read(query, (text) => tab.secrets.redact(text));
  }

  /** Closes a tab; its `beforeunload` dialog is answered with `policy` (see dialogs/close-tab.ts). */
  async closeTabWithPolicy(tabKey: string, policy: BeforeUnloadPolicy = 'accept'): Promise<CloseTabResult> {
    // Attached (or attachable) tabs close like a user closes them; anything else is closed outright.
    const tab = await this.tab(tabKey).catch(() => null);
    return closeTab(this.connection, tabKey, tab, policy);
  }

  /** Runs a read of the page; a dialog that is or becomes open refuses it (`browser_dialog_open`) instead of hanging. */
  private async whileNoDialog<T>(tab: CdpTab, work: () => Promise<T>): Promise<T> {
    refuseWhileDialog(tab.dialogs);
    const raced = await raceDialog(tab.dialogs, work);
    if (raced.kind === 'done') return raced.value;
    throw dialogOpenRefusal(raced.kind === 'dialog' ? raced.dialog : { type: 'beforeunload', message: '', frameId: tab.mainFrameId });
  }

  onEvent(listener: (event: TransportEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    // A launched browser is stopped at once: detaching its tabs first would only delay its end
    // (a round trip each, behind whatever the renderer is busy with).
    const stopped = this.options.managed?.stop();
    try {
      if (!stopped) {
        const tabs = await Promise.allSettled([...this.tabs.values()]);
        await Promise.all(tabs.map((t) => (t.status === 'fulfilled' ? t.value.detach() : undefined)));
      }
      await this.connection.close();
    } finally {
      // A launched browser has exited (and its profile is gone) when close() settles.
      await stopped;
    }
  }

  /**
   * The link dropped and CdpConnection opened a new socket to the same browser: every tab session,
   * isolated world and node handle of the old socket is gone. Tabs re-attach on first use; the
   * Driver makes every snapshot and ref minted before stale.
   */
  private reconnected(): void {
    for (const [tabKey, tab] of [...this.tabs]) {
      this.capturer.rankings.dropTab(tabKey);
      // An attach in flight either failed with the old socket or sends everything over the new one
      // (its first command is what re-opened the link): dropping it here would leave its session
      // attached to the tab and unowned, next to a second attach of the same tab.
      if (!this.attaching.has(tab)) this.tabs.delete(tabKey);
    }
    void this.connection.root.send('Target.setDiscoverTargets', { discover: true }).catch(() => undefined);
    this.emit({ type: 'reconnected' });
  }

  private tab(tabKey: string): Promise<CdpTab> {
    if (this.connection.closed) return Promise.reject(new TransportError('connection_closed', 'the browser connection is closed; bind again'));
    let tab = this.tabs.get(tabKey);
    if (!tab) {
      tab = (async () => {
        // Issue 16: no `Target.getTargets` first (a round trip a just-started browser answers
        // slowly): keys come from `listTabs`, and a tab closed since (or while attaching) fails
        // the attach itself.
        try {
          return await CdpTab.attach(this.connection, tabKey, (navigation) =>
            this.emit({
              type: 'navigated',
              tabKey,
              frame: this.frameKeys.key(navigation.frameId),
              documentKey: this.documentKeys.key(navigation.loaderId),
              mainFrame: navigation.mainFrame,
            }),
          );
        } catch (error) {
          if (TransportError.isInstance(error) && error.failure === 'target_closed' && !this.connection.closed) {
            throw new SightlineError('browser_tab_not_found', 'That tab is gone; list the tabs again (bind).');
          }
          throw error;
        }
      })();
      const created = tab;
      this.tabs.set(tabKey, created);
      this.attaching.add(created);
      // Registered before any caller's await, so these run first.
      created.then(
        (attached) => {
          this.attaching.delete(created);
          if (attached.session.detached) this.forgetTab(tabKey, created);
          else attached.session.onDetach(() => this.forgetTab(tabKey, created));
        },
        () => {
          this.attaching.delete(created);
          this.forgetTab(tabKey, created);
        },
      );
    }
    return tab;
  }

  /** Forgets a tab's attachment, unless a newer one (after a reconnect) took its place. */
  private forgetTab(tabKey: string, tab: Promise<CdpTab>): void {
    if (this.tabs.get(tabKey) === tab) this.tabs.delete(tabKey);
  }

  private targetGone(targetId: string): void {
    const known = this.tabs.has(targetId);
    this.tabs.delete(targetId);
    this.capturer.rankings.dropTab(targetId);
    if (known || !this.closing) this.emit({ type: 'tab_closed', tabKey: targetId });
  }

  private emit(event: TransportEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own.
      }
    }
  }
}
