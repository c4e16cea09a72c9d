import type { PageCapture } from '../model/page-capture.js';
import type { Rect, Size } from '../model/geometry.js';

/**
 * BrowserTransport: the port through which the Driver reaches a browser (SPEC §1, §3, §8).
 * Implemented by `@sightline/cdp-transport`. Everything it hands back uses opaque keys and
 * handles; none of them ever appears in a response.
 *
 * Transport failures (socket closed, timeout, crashed target) are thrown as `TransportError`.
 * Refusals the transport can decide (e.g. no browser installed) are thrown as `SightlineError`.
 */
export interface BrowserTransport {
  /** Explicit route: attach to a DevTools endpoint the caller names (`ws://…` or `http://host:port`). */
  connect(endpoint: string): Promise<BrowserConnection>;
  /** Managed route: start a browser with a fresh profile; `close()` on the connection stops it and deletes the profile. */
  launch(options: LaunchOptions): Promise<BrowserConnection>;
}

export interface LaunchOptions {
  url?: string;
  headless: boolean;
  viewport: Size;
}

export interface TabInfo {
  /** Opaque, stable for the tab's life (e.g. a CDP target id); never leaves the process. */
  key: string;
  url: string;
  title: string;
  /** True/false when the transport knows which tab the user has selected; null when it cannot tell. */
  active: boolean | null;
}

/** Where a node lives: its frame, that frame's document identity, and the node's handle. */
export interface NodeAddress {
  frame: string;
  documentKey: string;
  handle: string;
}

export type CaptureScope =
  /** The default read: rank the whole document, ship what the budget can use plus counts. */
  | { kind: 'viewport' }
  /** Only nodes whose role, name, value or text contains `text` (case-insensitive), with ancestors. */
  | { kind: 'query'; text: string }
  /** Only the subtree under `node`. */
  | { kind: 'subtree'; node: NodeAddress }
  /** More of a ranked list the transport kept for an earlier capture (see `CaptureCoverage.ranking`). */
  | { kind: 'ranked'; token: string; from: number; count: number }
  /** dom_refs_v1: the document's actionable nodes in document order, at least the first `limit` of each frame, with ancestors. */
  | { kind: 'interactive'; limit: number };

export interface CaptureRequest {
  scope: CaptureScope;
  /** How many semantic nodes the caller can use; the transport may ship more (context, slack). */
  nodeBudget: number;
  interactiveOnly: boolean;
  /** SPEC §12 `timeout_ms`: the collection's time budget (the transport's default when absent). */
  timeoutMs?: number;
}

export type PageAction =
  | { kind: 'click'; node: NodeAddress }
  | { kind: 'type'; node: NodeAddress; text: string; replace: boolean; submit: boolean; mode: 'insert_text' | 'keystrokes' }
  | { kind: 'select'; node: NodeAddress; values: string[] }
  | { kind: 'scroll'; node: NodeAddress | null; direction: 'up' | 'down' | 'left' | 'right'; amount: number }
  | { kind: 'press'; key: string }
  | { kind: 'navigate'; url: string }
  | { kind: 'history'; move: 'back' | 'forward' | 'reload' };

export type ActionOutcome =
  | { delivered: true; effect: 'confirmed' | 'unverifiable' | 'suspected_noop'; navigation: boolean }
  /** A click's hit test found another element on top; nothing was delivered. */
  | { delivered: false; reason: 'covered'; covering: { role: string; name: string } }
  /** `select` values that match no option; nothing was delivered. */
  | { delivered: false; reason: 'no_such_option'; missing: string[] };

export type NodeLiveness = 'live' | 'detached' | 'document_changed' | 'frame_gone';

export interface ScreenshotLabel {
  label: number;
  box: Rect;
}

export interface Screenshot {
  /** PNG bytes, base64. */
  data: string;
  width: number;
  height: number;
}

export type TransportEvent =
  /** A frame committed a new document (main frame: every snapshot of the tab is stale). */
  | { type: 'navigated'; tabKey: string; frame: string; documentKey: string; mainFrame: boolean }
  | { type: 'tab_closed'; tabKey: string }
  | { type: 'tab_opened'; tabKey: string }
  /** The connection is gone (browser exited, socket closed). */
  | { type: 'disconnected'; reason: string };

export interface BrowserConnection {
  readonly product: string;
  readonly protocol: string;
  /** Identity of the browser process behind the connection; differs after the browser is replaced. */
  readonly browserKey: string;
  listTabs(): Promise<TabInfo[]>;
  capture(tabKey: string, request: CaptureRequest): Promise<PageCapture>;
  /** Re-proves that the node is still attached, in the same frame and document. */
  proveNode(tabKey: string, node: NodeAddress): Promise<NodeLiveness>;
  perform(tabKey: string, action: PageAction): Promise<ActionOutcome>;
  screenshot(tabKey: string, labels: ScreenshotLabel[]): Promise<Screenshot>;
  /**
   * Optional: screen bounds (px) of the native window that shows the tab (CDP
   * `Browser.getWindowForTarget`), used by the native route to match a CDP window to a native
   * window by bounds (SPEC §3). Without it the native route can only match by title (heuristic).
   */
  windowBounds?(tabKey: string): Promise<Rect | null>;
  /** Subscribe to navigation/tab/disconnect events; returns the unsubscribe function. */
  onEvent(listener: (event: TransportEvent) => void): () => void;
  /** Detach; for a launched browser, also stop it and delete its profile. */
  close(): Promise<void>;
}
