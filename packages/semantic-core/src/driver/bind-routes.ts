import type { BrowserConnection, BrowserTransport, PageWait, TabInfo } from '../ports/browser-transport.js';
import type { NativePlatform, NativeWindow } from '../ports/native-platform.js';
import type { Rect } from '../model/geometry.js';
import type { EndpointBindRequest, ManagedBindRequest, NativeBindRequest } from '../contract/requests.js';
import type { Binding } from '../capabilities/capability-records.js';
import { refuse } from '../errors/sightline-error.js';

/** What a bind route proved. */
export interface BoundBrowser {
  connection: BrowserConnection;
  binding: Binding;
  owned: boolean;
  /** The tabs the binding covers (null: every tab of the connection). */
  tabKeys: ReadonlySet<string> | null;
}

export const DEFAULT_LAUNCH_VIEWPORT = { width: 1280, height: 800 } as const;
/** SPEC §3: a managed launch is headless unless asked otherwise. */
export const DEFAULT_LAUNCH_HEADLESS = true;
/** SPEC §3: CDP and native window bounds match within this many px. */
export const BOUNDS_TOLERANCE = 8;

export async function bindExplicit(transport: BrowserTransport, request: EndpointBindRequest, signal?: AbortSignal): Promise<BoundBrowser> {
  const connection = await transport.connect(request.cdp_url, { signal });
  return { connection, binding: { route: 'explicit', proof: 'explicit_endpoint', exact: true }, owned: false, tabKeys: null };
}

export async function bindManaged(transport: BrowserTransport, request: ManagedBindRequest, signal?: AbortSignal): Promise<BoundBrowser> {
  const connection = await transport.launch({
    url: request.launch.url,
    headless: request.launch.headless ?? DEFAULT_LAUNCH_HEADLESS,
    viewport: request.launch.viewport ?? { ...DEFAULT_LAUNCH_VIEWPORT },
    signal,
    wait: pageWaitOf(request.launch),
  });
  return { connection, binding: { route: 'managed', proof: 'spawned_by_driver', exact: true }, owned: true, tabKeys: null };
}

/** Issue 16: opening a page waits for what a person waits for (parsed + first paint), at most this long. */
export const DEFAULT_PAGE_WAIT: PageWait = { until: 'ready', timeoutMs: 30_000, quietMs: 0 };

/**
 * Issue 16: a one-shot (`sightline snapshot <url>`) also waits, after the page is ready, until no
 * request has started or ended for this long (the launch's `quiet_ms`), so late content is in its
 * snapshot. One home: the CLI's one-shot passes it, and the benchmark's floor waits the same.
 */
export const ONE_SHOT_QUIET_MS = 300;

function pageWaitOf(launch: ManagedBindRequest['launch']): PageWait {
  return {
    until: launch.wait_until ?? DEFAULT_PAGE_WAIT.until,
    timeoutMs: launch.wait_timeout_ms ?? DEFAULT_PAGE_WAIT.timeoutMs,
    quietMs: launch.quiet_ms ?? DEFAULT_PAGE_WAIT.quietMs,
  };
}

const OTHER_ROUTES = 'bind with cdp_url (a DevTools endpoint) or launch (a browser the driver starts) instead';

/**
 * SPEC §3 route 1. Proves that a loopback DevTools endpoint belongs to the window's process
 * (DevToolsActivePort cross-checked against the pid's listening sockets, or the pid's own
 * listening sockets), then matches the CDP window to the native one: by bounds (±8 px) when the
 * transport reports window bounds, or trivially when the process has a single native window —
 * both `exact`; else by title — `heuristic` (read-only).
 */
export async function bindNative(
  transport: BrowserTransport,
  platform: NativePlatform | undefined,
  request: NativeBindRequest,
  signal?: AbortSignal,
): Promise<BoundBrowser> {
  if (!platform) refuse('browser_route_unavailable', `the native window route needs a platform adapter, and none is installed; ${OTHER_ROUTES}`);
  const reason = await platform.unavailableReason();
  if (reason !== null) refuse('browser_route_unavailable', `the native window route is unavailable: ${reason}; ${OTHER_ROUTES}`);

  const windows = await platform.listWindows();
  const window = windows.find((candidate) => String(candidate.windowId) === String(request.window_id));
  if (!window) {
    refuse('browser_invalid_request', `no window ${String(request.window_id)} is visible; call list_browser_windows and pass one of its {pid, window_id}`, {
      field: 'window_id',
      problem: 'no such window',
    });
  }
  if (window.pid !== request.pid) {
    // The window (and whatever endpoint serves it) belongs to another process than the one named.
    refuse(
      'browser_endpoint_owner_mismatch',
      `window ${String(request.window_id)} belongs to process ${window.pid}, not ${request.pid}; call list_browser_windows and pass the pid it lists for that window`,
      { field: 'pid', problem: 'the window belongs to another process', window_pid: window.pid },
    );
  }
  const before = await platform.fingerprint(request.pid);
  if (!before) refuse('browser_invalid_request', `process ${request.pid} is not running; call list_browser_windows again`, { field: 'pid', problem: 'no such process' });

  const endpoints = (await platform.listeningEndpoints(request.pid)).filter((endpoint) => isLoopback(endpoint.host));
  const activePort = await platform.devToolsActivePort(request.pid);
  let ports: number[];
  let proof: Binding['proof'];
  if (activePort) {
    if (!endpoints.some((endpoint) => endpoint.port === activePort.port)) {
      refuse(
        'browser_endpoint_owner_mismatch',
        `the profile's DevToolsActivePort names port ${activePort.port}, but process ${request.pid} does not listen on it; restart the browser with --remote-debugging-port, or bind with cdp_url`,
        { port: activePort.port },
      );
    }
    ports = [activePort.port];
    proof = 'devtools_active_port';
  } else if (endpoints.length > 0) {
    ports = [...new Set(endpoints.map((endpoint) => endpoint.port))];
    proof = 'listening_socket_pid';
  } else {
    refuse(
      'browser_requires_setup',
      `process ${request.pid} exposes no DevTools endpoint; start the browser with --remote-debugging-port=9222 (and its own --user-data-dir), then bind again — or bind with launch`,
    );
  }

  const connection = await connectFirst(transport, ports, signal);
  try {
    const after = await platform.fingerprint(request.pid);
    if (!after || after.startTime !== before.startTime || after.executable !== before.executable) {
      refuse('browser_binding_stale', `process ${request.pid} changed while binding; call list_browser_windows and bind again`);
    }
    const match = await matchWindow(connection, window, windows.filter((candidate) => candidate.pid === request.pid).length);
    return { connection, binding: { route: 'native', proof, exact: match.exact }, owned: false, tabKeys: match.tabKeys };
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
}

async function connectFirst(transport: BrowserTransport, ports: number[], signal: AbortSignal | undefined): Promise<BrowserConnection> {
  let last: unknown;
  for (const port of ports) {
    try {
      return await transport.connect(`http://127.0.0.1:${port}`, { signal });
    } catch (error) {
      last = error;
    }
  }
  if (ports.length > 1 || last === undefined) {
    refuse('browser_requires_setup', `no DevTools endpoint answers on the process's loopback ports; start the browser with --remote-debugging-port=9222, then bind again — or bind with launch`);
  }
  throw last;
}

async function matchWindow(
  connection: BrowserConnection,
  window: NativeWindow,
  windowsOfPid: number,
): Promise<{ exact: boolean; tabKeys: ReadonlySet<string> | null }> {
  const tabs = await connection.listTabs();
  if (connection.windowBounds) {
    const groups = new Map<string, string[]>();
    for (const tab of tabs) {
      const bounds = await connection.windowBounds(tab.key);
      if (!bounds || !boundsMatch(bounds, window.bounds)) continue;
      const group = `${bounds.x},${bounds.y},${bounds.width},${bounds.height}`;
      groups.set(group, [...(groups.get(group) ?? []), tab.key]);
    }
    const only = groups.size === 1 ? [...groups.values()][0] : undefined;
    if (only) return { exact: true, tabKeys: new Set(only) };
  }
  if (windowsOfPid === 1) return { exact: true, tabKeys: null };
  const titled = tabs.filter((tab) => titleMatches(tab, window));
  if (titled.length > 0) return { exact: false, tabKeys: new Set(titled.map((tab) => tab.key)) };
  refuse('browser_binding_ambiguous', `cannot tell which browser tabs window ${String(window.windowId)} shows; bring the tab you want to the front of that window and bind again, or bind with cdp_url`);
}

function boundsMatch(a: Rect, b: Rect): boolean {
  return (
    Math.abs(a.x - b.x) <= BOUNDS_TOLERANCE &&
    Math.abs(a.y - b.y) <= BOUNDS_TOLERANCE &&
    Math.abs(a.width - b.width) <= BOUNDS_TOLERANCE &&
    Math.abs(a.height - b.height) <= BOUNDS_TOLERANCE
  );
}

function titleMatches(tab: TabInfo, window: NativeWindow): boolean {
  return tab.title.length > 0 && window.title.includes(tab.title);
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === '::1' || host === 'localhost' || host.startsWith('127.') || host === '0.0.0.0' || host === '::';
}
