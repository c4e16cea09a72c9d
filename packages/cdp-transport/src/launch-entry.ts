/**
 * `@sightline/cdp-transport/launch`: starting a managed Chromium without loading the transport
 * (CDP client, capture, actions) — for start-up paths that overlap the launch with loading the rest.
 */
export { startHeadStart, headStartFits, type HeadStart } from './launch/head-start.js';
export { launchManagedChrome, LAUNCH_TIMEOUT_MS, STOP_WAIT_MS, type ManagedChrome, type ManagedChromeOptions } from './launch/managed-chrome.js';
