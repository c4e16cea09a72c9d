export * from './model/geometry.js';
export * from './model/visibility.js';
export * from './model/node-states.js';
export * from './model/page-capture.js';
export * from './model/semantic-node.js';
export * from './errors/sightline-error.js';
export * from './errors/transport-error.js';
export * from './contract/refusal-codes.js';
export * from './contract/patterns.js';
export * from './contract/identifiers.js';
export * from './contract/requests.js';
export * from './contract/responses.js';
export type * from './ports/browser-transport.js';
export type * from './ports/native-platform.js';
export { parseDevToolsActivePort, DEVTOOLS_ACTIVE_PORT_FILE } from './ports/devtools-active-port.js';
export * from './ports/clock.js';
export type * from './compose/compose-types.js';
export type { NodeTable, NodeOverride } from './classify/node-table.js';
export { DEFAULT_NODE_BUDGET, DEFAULT_MAX_CHARS } from './compose/compose-types.js';
// classify → rank → select → render (pure pipeline)
export * from './page-safe.js';
export { composeSnapshot, viewportCandidates, defaultComposeOptions } from './compose/compose-snapshot.js';
export { selectNodes, type Selection } from './compose/select-nodes.js';
export { accountFor, type Accounting } from './compose/omitted-counts.js';
export { composeDomRefs, DOM_REFS_LIMIT, type DomRef, type DomRefsSnapshot } from './render/dom-refs-v1.js';
export { NodeLines, type NodeLine } from './render/node-lines.js';
export { OUTLINE_TEXT_LIMIT, displayText, escapeOutline, formatLine, formatStates, type LineParts } from './render/outline-format.js';
// The one text rendering of snapshot answers (MCP text content, CLI output).
export { renderSnapshotText, snapshotFooter, describeOmitted, PLAIN_TEXT_STYLE, type SnapshotTextOptions, type SnapshotTextStyle } from './render/snapshot-text.js';
// Capabilities, read scopes and the Driver service (SPEC §2–§4, §6, §7).
export { CapabilityStore, CONTINUATION_IDLE_MS, type ResolvedRef, type RefKind } from './capabilities/capability-store.js';
export { nodeIdentity } from './capabilities/capability-ids.js';
export { matchesQuery } from './scopes/query-scope.js';
export { diffOutline, REMOVED_MARKER, type OutlineDiff } from './scopes/diff-scope.js';
export { VIEWPORT_MAX_TIER } from './scopes/viewport-scope.js';
export { Driver, DEFAULT_SCROLL_AMOUNT, type DriverOptions } from './driver/driver.js';
// One Driver type (the class) for both frontends, and the one home of refusal and error bodies (SPEC §7).
export type { DriverMethod, DriverAnswer } from './driver/driver-methods.js';
export { refusalResponse, transportErrorResponse, invalidRequest, toFailure } from './driver/driver-failures.js';
export { DEFAULT_CONSOLE_LIMIT, dialogOpenMessage, dialogOutline } from './driver/dialog-verbs.js';
export { DEFAULT_LAUNCH_HEADLESS, DEFAULT_LAUNCH_VIEWPORT, DEFAULT_PAGE_WAIT, ONE_SHOT_QUIET_MS, BOUNDS_TOLERANCE } from './driver/bind-routes.js';
export { anySignal, cancelledError, type CallOptions } from './driver/call-options.js';
// SPEC §12 wait and tabs.
export * from './contract/wait.js';
export * from './contract/tabs.js';
export { urlMatches } from './wait/url-pattern.js';
