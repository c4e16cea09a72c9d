import { cancelledError, type BrowserConnection, type BrowserTransport, type ConnectOptions, type LaunchOptions } from '@sightline/semantic-core';
import { CdpConnection, DEFAULT_COMMAND_TIMEOUT_MS } from './connection/cdp-connection.js';
import { resolveEndpoint } from './connection/resolve-endpoint.js';
import { launchManagedChrome, type ManagedChrome } from './launch/managed-chrome.js';
import { headStartFits, type HeadStart } from './launch/head-start.js';
import { DEFAULT_LAUNCH_QUEUE, LaunchQueue, defaultLaunchConcurrency } from './launch/launch-queue.js';
import { CdpBrowserConnection } from './cdp-browser-connection.js';
import { DEFAULT_OPEN_WAIT } from './tab/page-open.js';
import type { CaptureBudgets } from './budgets.js';
import type { ClickDelivery } from './actions/perform-action.js';

export interface CdpBrowserTransportOptions {
  /** Timeout of every protocol command (ms). */
  commandTimeoutMs?: number;
  /** Override collection budgets (tests, benchmarks). */
  budgets?: Partial<CaptureBudgets>;
  /** Ship every node of every frame (`coverage.included: 'all'`) instead of a ranked prefix. */
  shipAll?: boolean;
  /**
   * Reuse what earlier snapshots of the same document read and the page has not changed since
   * (walk records of far-offscreen and hidden subtrees, AX facts; README "Performance"). Default
   * true; `false` reads everything afresh.
   */
  reuse?: boolean;
  /**
   * Take the role, name and states of plain HTML elements (a link or button named by its text, a
   * heading, a list and its items, a main or nav landmark; README "Page facts") from the page's own
   * rules instead of reading them from Chromium's accessibility tree. Default true; `false` reads
   * every shipped element from the tree (what the agreement spec compares against).
   */
  pageFacts?: boolean;
  /**
   * After a navigation (and a launch without a quiet period), walk the new page once in the
   * background, so the snapshot that usually follows — after the caller's own pause — does not pay
   * the document's first walk (README "Where a first snapshot's time goes"). Default true (with
   * `reuse`); `false` leaves the renderer alone until asked.
   */
  warmUpAfterNavigation?: boolean;
  /** Environment used to find the browser (`SIGHTLINE_CHROME`, `PATH`). */
  env?: NodeJS.ProcessEnv;
  /**
   * How clicks are delivered (README, Actions): `auto` (default) = `keyboard` unless the browser
   * is headless; `keyboard` = focus + Enter/Space for targets a key activates, the mouse for the
   * rest; `mouse` = always `Input.dispatchMouseEvent` (a headful browser raises its window).
   */
  clickDelivery?: ClickDelivery;
  /**
   * Managed launches starting at once (default: one per core, at least two); more wait their
   * turn. Issue 17: twenty at once on two cores made a quarter of them time out.
   */
  maxConcurrentLaunches?: number;
  /** Launches that may wait for a slot (default 64); beyond it a launch is refused at once with `browser_route_unavailable`. */
  maxQueuedLaunches?: number;
  /** Where managed launches create their fresh profile directories (default: the OS temp directory). */
  profileParent?: string;
  /**
   * A browser already starting (`startHeadStart`, `@sightline/cdp-transport/launch`): the first
   * managed launch that asks for its headless mode and viewport takes it instead of starting one.
   */
  headStart?: HeadStart;
}

/** The BrowserTransport port over the Chrome DevTools Protocol (chrome-remote-interface). */
export class CdpBrowserTransport implements BrowserTransport {
  private readonly launches: LaunchQueue;
  private headStart: HeadStart | undefined;

  constructor(private readonly options: CdpBrowserTransportOptions = {}) {
    this.launches = new LaunchQueue(options.maxConcurrentLaunches ?? defaultLaunchConcurrency(), options.maxQueuedLaunches ?? DEFAULT_LAUNCH_QUEUE);
    this.headStart = options.headStart;
  }

  /** Managed launches starting now and waiting for a slot. */
  get launchLoad(): { running: number; waiting: number } {
    return this.launches.load;
  }

  async connect(endpoint: string, options: ConnectOptions = {}): Promise<BrowserConnection> {
    const resolved = await resolveEndpoint(endpoint, options.signal);
    const connection = await this.open(resolved.webSocketUrl, undefined, options.signal);
    return closeIfCancelled(connection, options.signal);
  }

  /**
   * Starts Chromium through the launch queue. A cancelled launch (its signal fired while waiting,
   * starting or opening the first page) stops its browser before rejecting: no browser outlives
   * the request that asked for it.
   */
  launch(options: LaunchOptions): Promise<BrowserConnection> {
    const signal = options.signal;
    return this.launches.run(async () => {
      const launchStarted = performance.now();
      const managed =
        (await this.takeHeadStart(options)) ??
        (await launchManagedChrome({ headless: options.headless, viewport: options.viewport, env: this.options.env, signal, profileParent: this.options.profileParent }));
      let connection: CdpBrowserConnection;
      try {
        connection = await this.open(managed.webSocketUrl, managed, signal);
      } catch (error) {
        await managed.stop();
        throw error;
      }
      try {
        const stop = () => void connection.close();
        signal?.addEventListener('abort', stop, { once: true });
        try {
          await prepareFirstTab(connection, options, launchStarted);
        } finally {
          signal?.removeEventListener('abort', stop);
        }
      } catch (error) {
        await connection.close();
        if (signal?.aborted) throw cancelledError('the launch');
        throw error;
      }
      return closeIfCancelled(connection, signal);
    }, signal);
  }

  /** The head start, once, when it was started as this launch asks (else it is stopped); null: start one. */
  private async takeHeadStart(options: LaunchOptions): Promise<ManagedChrome | null> {
    const headStart = this.headStart;
    if (!headStart) return null;
    this.headStart = undefined;
    if (!headStartFits(headStart, options)) {
      void headStart.browser.then((browser) => browser.stop(), () => undefined);
      return null;
    }
    const browser = await headStart.browser;
    if (options.signal?.aborted) {
      await browser.stop();
      throw cancelledError('the launch');
    }
    return browser;
  }

  private async open(webSocketUrl: string, managed: ManagedChrome | undefined, signal: AbortSignal | undefined): Promise<CdpBrowserConnection> {
    const connection = await CdpConnection.open(webSocketUrl, this.options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS, { signal });
    try {
      return await CdpBrowserConnection.open(connection, {
        browserKey: managed ? `managed:${managed.pid}:${webSocketUrl}` : `endpoint:${webSocketUrl}`,
        managed,
        budgets: this.options.budgets,
        shipAll: this.options.shipAll,
        reuse: this.options.reuse,
        pageFacts: this.options.pageFacts,
        warmUpAfterNavigation: this.options.warmUpAfterNavigation,
        clickDelivery: this.options.clickDelivery,
      });
    } catch (error) {
      await connection.close();
      throw error;
    }
  }
}

/** The caller gave up while the connection was being set up: close it (a launched browser stops) and say so. */
async function closeIfCancelled<T extends BrowserConnection>(connection: T, signal: AbortSignal | undefined): Promise<T> {
  if (!signal?.aborted) return connection;
  await connection.close();
  throw cancelledError('the bind');
}

/** Managed launch: size the first tab's viewport exactly and open the requested URL. */
async function prepareFirstTab(connection: CdpBrowserConnection, options: LaunchOptions, launchStarted: number): Promise<void> {
  // The tab the browser started with, as it reported it on connect (else listed now).
  const first = connection.tabsAtConnect[0] ?? (await connection.listTabs())[0]?.key;
  if (!first) return;
  const opened = await connection.prepareTab(first, options.viewport, options.url, options.wait ?? DEFAULT_OPEN_WAIT);
  // Issue 16: how the page was waited for, for the bind answer; launch = everything before the navigation.
  if (opened) connection.opened = { ...opened, launchMs: performance.now() - launchStarted - opened.loadWaitMs };
}
