/**
 * What starting a browser needs from the core — the error classes, the DevToolsActivePort parser
 * and the managed launch's defaults — without the contract (zod) and the rest of the root entry.
 * Issue 16: a one-shot starts Chromium from here while the Driver is still loading
 * (`@sightline/runtime/head-start`). The same modules the root entry exports; nothing is copied.
 */
export { SightlineError, refuse } from './errors/sightline-error.js';
export { TransportError, type TransportFailure } from './errors/transport-error.js';
export { cancelledError } from './driver/call-options.js';
export { DEVTOOLS_ACTIVE_PORT_FILE, parseDevToolsActivePort } from './ports/devtools-active-port.js';
export { DEFAULT_LAUNCH_HEADLESS, DEFAULT_LAUNCH_VIEWPORT } from './driver/bind-routes.js';
export type { Size } from './model/geometry.js';
