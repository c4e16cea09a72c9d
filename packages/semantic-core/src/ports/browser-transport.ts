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
  connect(endpoint: string, options?: ConnectOptions): Promise<BrowserConnection>;
  /** Managed route: start a browser with a fresh profile; `close()` on the connection stops it and deletes the profile. */
  launch(options: LaunchOptions): Promise<BrowserConnection>;
}

export interface ConnectOptions {
  /** The caller gave up: stop connecting, close what was opened, reject (TransportError `cancelled`). */
  signal?: AbortSignal | undefined;
}

export interface LaunchOptions {
  url?: string;
  headless: boolean;
  viewport: Size;
  /** The caller gave up: stop the browser being launched (it must not outlive the request), reject. */
  signal?: AbortSignal | undefined;
  /** Issue 16: what opening `url` waits for (the transport's default: `ready`, bounded). */
  wait?: PageWait;
}

/** Issue 16: what opening a page waits for. */
export interface PageWait {
  /**
   * `ready`: what a person waits for — the document parsed (DOMContentLoaded) and its first
   * contentful paint, or the load event if that comes first. `load`: the load event.
   */
  until: 'ready' | 'load';
  /** Bound of the wait (ms); when it runs out the page is used as it is (never an error). */
  timeoutMs: number;
  /** Then wait until no request has started or ended for this long (ms; 0: no quiet period), bounded too. */
  quietMs: number;
}

/** Issue 16: how the page a launch opened was waited for, and what was still loading. */
export interface PageOpenReport {
  /** What ended the wait: `painted` (parsed and first contentful paint), `load`, or `timeout`. */
  ready: 'painted' | 'load' | 'timeout';
  /** The load event had fired when the wait ended. */
  loadEvent: boolean;
  /** Requests still in flight then (resource type and URL), at most a few; `stillLoadingCount` counts all. */
  stillLoading: Array<{ type: string; url: string }>;
  stillLoadingCount: number;
  /** Starting the browser until its DevTools endpoint answered (ms). */
  launchMs: number;
  /** Navigating and waiting as asked (ms). */
  loadWaitMs: number;
  /** Issue 16: a walk of the page done during the quiet period so the first snapshot starts warm (ms; part of `loadWaitMs`). */
  warmUpMs?: number;
}

export interface TabInfo {
  /** Opaque, stable for the tab's life (e.g. a CDP target id); never leaves the process. */
  key: string;
  url: string;
  title: string;
  /** True/false when the transport knows which tab the user has selected; null when it cannot tell. */
  active: boolean | null;
  /** Key of the tab that opened this one (window.open, target=_blank), when the browser says. */
  openerKey?: string;
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
  /**
   * The caller gave up (issue 17): stop collecting — send no further command, stop waiting for the
   * ones in flight — and reject with a `cancelled` TransportError.
   */
  signal?: AbortSignal | undefined;
}

/** Options of `BrowserConnection.perform`. */
export interface PerformOptions {
  /**
   * The caller gave up (issue 17): an action that has sent no input yet (no key, no pointer event,
   * no focus, no navigation) sends none and rejects with a `cancelled` TransportError; one that has
   * started delivering runs to its end, so it is never half-done.
   */
  signal?: AbortSignal | undefined;
}

/** SPEC §12 click variants; absent fields mean a plain left single click. */
export interface ClickVariant {
  button?: 'left' | 'right' | 'middle';
  /** Two press/release pairs (clickCount 1 then 2), so `dblclick` fires. */
  double?: boolean;
  /** Modifier keys held during the click (their bits on every mouse event). */
  modifiers?: Array<'Alt' | 'Control' | 'Meta' | 'Shift'>;
}

export type PageAction =
  | ({ kind: 'click'; node: NodeAddress } & ClickVariant)
  | { kind: 'type'; node: NodeAddress; text: string; replace: boolean; submit: boolean; mode: 'insert_text' | 'keystrokes' }
  | { kind: 'select'; node: NodeAddress; values: string[] }
  | { kind: 'scroll'; node: NodeAddress | null; direction: 'up' | 'down' | 'left' | 'right'; amount: number }
  | { kind: 'press'; key: string }
  /** `onBeforeUnload`: how a `beforeunload` dialog the navigation raises is answered (default accept, SPEC §12). */
  | { kind: 'navigate'; url: string; onBeforeUnload?: 'accept' | 'dismiss' }
  | { kind: 'history'; move: 'back' | 'forward' | 'reload'; onBeforeUnload?: 'accept' | 'dismiss' }
  // SPEC §12 pointer verbs.
  /** Move the pointer over the hit-tested target; no press. */
  | { kind: 'hover'; node: NodeAddress }
  /** Press on `node`, move in steps, release over `to` (HTML5 drag and drop when the press starts one). */
  | { kind: 'drag'; node: NodeAddress; to: NodeAddress }
  /**
   * Set the files of a file input, or of the file chooser a click on `node` opens. The transport
   * refuses (`browser_invalid_request`, field `paths`) a path that is not an existing regular file.
   */
  | { kind: 'upload'; node: NodeAddress; paths: string[] };

export type ActionOutcome =
  /** `dialog`: the action opened a JavaScript dialog that is still open (SPEC §12). */
  | { delivered: true; effect: 'confirmed' | 'unverifiable' | 'suspected_noop'; navigation: boolean; dialog?: DialogInfo }
  /** A click's hit test found another element on top; nothing was delivered. */
  | { delivered: false; reason: 'covered'; covering: { role: string; name: string } }
  /** `select` values that match no option; nothing was delivered. */
  | { delivered: false; reason: 'no_such_option'; missing: string[] }
  /** A drag's drop point (on `to`) is covered by another element; nothing was delivered. */
  | { delivered: false; reason: 'drop_covered'; covering: { role: string; name: string } }
  /** `upload` on a control whose click opened no file chooser (the click itself was delivered). */
  | { delivered: false; reason: 'no_file_chooser' };

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
  | { type: 'disconnected'; reason: string }
  /** The link dropped and was re-opened to the same browser: tabs are the same, every node handle is new. */
  | { type: 'reconnected' };

export interface BrowserConnection {
  readonly product: string;
  readonly protocol: string;
  /** Identity of the browser process behind the connection; differs after the browser is replaced. */
  readonly browserKey: string;
  listTabs(): Promise<TabInfo[]>;
  capture(tabKey: string, request: CaptureRequest): Promise<PageCapture>;
  /** Re-proves that the node is still attached, in the same frame and document. */
  proveNode(tabKey: string, node: NodeAddress): Promise<NodeLiveness>;
  perform(tabKey: string, action: PageAction, options?: PerformOptions): Promise<ActionOutcome>;
  screenshot(tabKey: string, labels: ScreenshotLabel[]): Promise<Screenshot>;
  /**
   * Optional: screen bounds (px) of the native window that shows the tab (CDP
   * `Browser.getWindowForTarget`), used by the native route to match a CDP window to a native
   * window by bounds (SPEC §3). Without it the native route can only match by title (heuristic).
   */
  windowBounds?(tabKey: string): Promise<Rect | null>;
  // SPEC §12 JavaScript dialogs and console (optional: a transport without them refuses the verbs).
  /** The JavaScript dialog open in the tab right now, or null. Never calls into the (blocked) page. */
  openDialog?(tabKey: string): Promise<DialogInfo | null>;
  /** Accepts or dismisses the open dialog; null when none is open. */
  handleDialog?(tabKey: string, reply: DialogReply): Promise<ActionOutcome | null>;
  /** Recent console messages and uncaught errors of the tab, secrets redacted. */
  consoleEntries?(tabKey: string, query: ConsoleQuery): Promise<ConsolePage>;
  /** Subscribe to navigation/tab/disconnect events; returns the unsubscribe function. */
  onEvent(listener: (event: TransportEvent) => void): () => void;
  /** Detach; for a launched browser, also stop it and delete its profile. */
  close(): Promise<void>;
  /** Issue 16: on a connection `launch` returned with a url, how that page was opened. */
  readonly opened?: PageOpenReport;
  // --- SPEC §12 wait and tabs ---
  /**
   * Waits until `condition` holds in the tab or `timeoutMs` passes, whichever is first; resolves
   * `{met}` and never blocks much longer than `timeoutMs`. A tab that closes meanwhile throws.
   */
  wait(tabKey: string, condition: WaitCondition, timeoutMs: number, options?: { signal?: AbortSignal }): Promise<WaitOutcome>;
  /** Opens a tab in the background (never brought to the front), optionally at `url`; answers its key. */
  openTab(url?: string): Promise<string>;
  /** Closes the tab (without bringing anything to the front). */
  closeTab(tabKey: string): Promise<void>;
}

/** What `wait` waits for (SPEC §12 `browser_wait`). */
export type WaitCondition =
  /** The text appears in the tab's visible text (any frame, open shadow roots; case-insensitive, whitespace-normalized). */
  | { kind: 'text'; text: string }
  /** The text is no longer in the tab's visible text. */
  | { kind: 'text_gone'; text: string }
  /** The node reaches the state; `gone` = detached or its document replaced. */
  | { kind: 'ref'; node: NodeAddress; state: 'visible' | 'hidden' | 'enabled' | 'checked' | 'gone' }
  /** The main frame's URL contains `pattern` (or matches it as a `*` glob, see `urlMatches`). */
  | { kind: 'url'; pattern: string }
  /** `load`: the main document has loaded; `network_idle`: no request in flight for 500 ms. */
  | { kind: 'load_state'; state: 'load' | 'network_idle' };

export interface WaitOutcome {
  met: boolean;
}

// SPEC §12: JavaScript dialogs and the console.
export type DialogType = 'alert' | 'confirm' | 'prompt' | 'beforeunload';

export interface DialogInfo {
  type: DialogType;
  /** The dialog's message (page text), capped. */
  message: string;
}

export interface DialogReply {
  accept: boolean;
  /** The text a prompt answers with (accept only). */
  promptText?: string;
}

export type ConsoleLevel = 'debug' | 'info' | 'log' | 'warn' | 'error';

export interface ConsoleQuery {
  /** Only entries with a larger sequence number. */
  since?: number;
  /** Only entries of at least this severity (debug < info = log < warn < error). */
  level?: ConsoleLevel;
  limit: number;
}

export interface ConsoleEntry {
  seq: number;
  level: ConsoleLevel;
  /** Capped, secrets redacted. */
  text: string;
  /** ISO 8601. */
  time: string;
  /** `console` (a console API call) or `exception` (an uncaught error or rejection). */
  source: 'console' | 'exception';
}

export interface ConsolePage {
  entries: ConsoleEntry[];
  /** Pass as `since` to get only what came after this answer. */
  nextSince: number;
}
