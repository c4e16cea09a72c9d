export { CdpBrowserTransport, type CdpBrowserTransportOptions } from './cdp-browser-transport.js';
export { CdpBrowserConnection } from './cdp-browser-connection.js';
export { CAPTURE_BUDGETS, SHIP_FACTOR, MIN_SHIPPED, type CaptureBudgets } from './budgets.js';
export { CdpConnection, DEFAULT_COMMAND_TIMEOUT_MS } from './connection/cdp-connection.js';
export { CdpSession } from './connection/cdp-session.js';
export { resolveEndpoint } from './connection/resolve-endpoint.js';
export { findChromeExecutable, CHROME_EXECUTABLE_NAMES } from './launch/chrome-executable.js';
export { launchManagedChrome, LAUNCH_TIMEOUT_MS, type ManagedChrome } from './launch/managed-chrome.js';
export { SPEC_CHROMIUM_FLAGS } from './launch/chrome-flags.js';
