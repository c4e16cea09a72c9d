import type { BrowserConnection, BrowserTransport, LaunchOptions } from '@sightline/semantic-core';
import { CdpConnection, DEFAULT_COMMAND_TIMEOUT_MS } from './connection/cdp-connection.js';
import { resolveEndpoint } from './connection/resolve-endpoint.js';
import { launchManagedChrome, type ManagedChrome } from './launch/managed-chrome.js';
import { CdpBrowserConnection } from './cdp-browser-connection.js';
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
  /** Environment used to find the browser (`SIGHTLINE_CHROME`, `PATH`). */
  env?: NodeJS.ProcessEnv;
  /**
   * How clicks are delivered (README, Actions): `auto` (default) = `keyboard` unless the browser
   * is headless; `keyboard` = focus + Enter/Space for targets a key activates, the mouse for the
   * rest; `mouse` = always `Input.dispatchMouseEvent` (a headful browser raises its window).
   */
  clickDelivery?: ClickDelivery;
}

/** The BrowserTransport port over the Chrome DevTools Protocol (chrome-remote-interface). */
export class CdpBrowserTransport implements BrowserTransport {
  constructor(private readonly options: CdpBrowserTransportOptions = {}) {}

  async connect(endpoint: string): Promise<BrowserConnection> {
    const resolved = await resolveEndpoint(endpoint);
    return this.open(resolved.webSocketUrl, undefined);
  }

  async launch(options: LaunchOptions): Promise<BrowserConnection> {
    const managed = await launchManagedChrome({ headless: options.headless, viewport: options.viewport, env: this.options.env });
    let connection: CdpBrowserConnection;
    try {
      connection = await this.open(managed.webSocketUrl, managed);
    } catch (error) {
      managed.stop();
      throw error;
    }
    try {
      await prepareFirstTab(connection, options);
    } catch (error) {
      await connection.close();
      throw error;
    }
    return connection;
  }

  private async open(webSocketUrl: string, managed: ManagedChrome | undefined): Promise<CdpBrowserConnection> {
    const connection = await CdpConnection.open(webSocketUrl, this.options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS);
    try {
      return await CdpBrowserConnection.open(connection, {
        browserKey: managed ? `managed:${managed.pid}:${webSocketUrl}` : `endpoint:${webSocketUrl}`,
        managed,
        budgets: this.options.budgets,
        shipAll: this.options.shipAll,
        reuse: this.options.reuse,
        clickDelivery: this.options.clickDelivery,
      });
    } catch (error) {
      await connection.close();
      throw error;
    }
  }
}

/** Managed launch: size the first tab's viewport exactly and open the requested URL. */
async function prepareFirstTab(connection: CdpBrowserConnection, options: LaunchOptions): Promise<void> {
  const tabs = await connection.listTabs();
  const first = tabs[0];
  if (!first) return;
  await connection.prepareTab(first.key, options.viewport, options.url);
}
