export { CdpBrowserTransport, type CdpBrowserTransportOptions } from './cdp-browser-transport.js';
export { CdpBrowserConnection } from './cdp-browser-connection.js';
export type { ClickDelivery } from './actions/click-delivery.js';
export { DEFAULT_CAPTURE_BUDGETS, SHIP_FACTOR, MIN_SHIPPED, type CaptureBudgets } from './budgets.js';
export { CdpConnection, DEFAULT_COMMAND_TIMEOUT_MS, PROBE_TIMEOUT_MS, RECONNECT_TIMEOUT_MS, STALL_MS, type CdpConnectionOptions } from './connection/cdp-connection.js';
export { CdpSession } from './connection/cdp-session.js';
export { resolveEndpoint } from './connection/resolve-endpoint.js';
export { findChromeExecutable, CHROME_EXECUTABLE_NAMES } from './launch/chrome-executable.js';
export { launchManagedChrome, LAUNCH_TIMEOUT_MS, STOP_WAIT_MS, type ManagedChrome, type ManagedChromeOptions } from './launch/managed-chrome.js';
export { startHeadStart, type HeadStart } from './launch/head-start.js';
export { LaunchQueue, DEFAULT_LAUNCH_QUEUE, defaultLaunchConcurrency } from './launch/launch-queue.js';
export { SPEC_CHROMIUM_FLAGS, chromeFlags } from './launch/chrome-flags.js';
export { closeTab, CLOSE_TIMEOUT_MS, type CloseTabResult } from './dialogs/close-tab.js';
export { ariaRole } from './capture/accessibility.js';
/** Name of the isolated world the collector runs in (what other CDP clients see on its execution contexts). */
export { WORLD_NAME } from './tab/cdp-tab.js';
