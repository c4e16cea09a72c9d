import type {
  ActionOutcome,
  BrowserConnection,
  BrowserTransport,
  CaptureRequest,
  LaunchOptions,
  NodeAddress,
  NodeLiveness,
  PageAction,
  Screenshot,
  ScreenshotLabel,
  TabInfo,
  TransportEvent,
  WaitCondition,
  WaitOutcome,
} from '../ports/browser-transport.js';
import type { Rect } from '../model/geometry.js';
import type { PageCapture } from '../model/page-capture.js';
import { TransportError } from '../errors/transport-error.js';
import { rankedPrefixCapture, rankedSliceCapture } from './fake-ports-ranked.js';
import { fakePage } from './fake-ports-pages.js';

export { FakeNativePlatform, type FakePlatformInit } from './fake-ports-platform.js';

// In-memory ports for unit tests: a scriptable browser driven by PageCaptures. Every call the
// Driver makes is recorded in `calls`, so a test can prove that nothing reached the page.

/** One call a fake received (method, tab and what it was asked). */
export interface FakeCall {
  method: string;
  tabKey?: string;
  detail?: unknown;
}

export interface FakeTabState {
  key: string;
  url: string;
  title: string;
  active: boolean | null;
  capture: PageCapture;
  /** Ship only this many best-ranked nodes (`coverage.included: 'ranked_prefix'`). */
  rankedPrefix?: number;
  /** handle → what a click on it would hit instead. */
  covered: Map<string, { role: string; name: string }>;
  /** handle → the option values of a select. */
  options: Map<string, string[]>;
  windowBounds: Rect | null;
}

export interface FakeTabInit {
  url?: string;
  title?: string;
  active?: boolean | null;
  capture: PageCapture;
  rankedPrefix?: number;
  windowBounds?: Rect | null;
}

/** The browser behind the fake connections. */
export class FakeBrowser {
  readonly tabs = new Map<string, FakeTabState>();
  readonly calls: FakeCall[] = [];
  readonly connections: FakeConnection[] = [];
  browserKey: string;
  product = 'FakeChrome/156.0.0.0';
  protocol = '1.3';
  /** Errors thrown by the next call of a method (e.g. `capture`, `perform`). */
  readonly failures = new Map<string, Error>();
  /** The navigation a `navigate`/`history` action causes (default: the same page under a new document). */
  navigationCapture: ((tab: FakeTabState, action: PageAction) => PageCapture) | null = null;
  private tabCounter = 0;
  private documentCounter = 1;
  /** SPEC §12 wait: what `wait` answers (default: met at once). */
  waitOutcome: (tabKey: string, condition: WaitCondition, timeoutMs: number) => WaitOutcome = () => ({ met: true });
  /** SPEC §12 tabs: tab key → the key of the tab that opened it. */
  readonly openers = new Map<string, string>();

  constructor(tabs: FakeTabInit[] = [], browserKey = 'browser-1') {
    this.browserKey = browserKey;
    for (const tab of tabs) this.openTab(tab, false);
  }

  openTab(init: FakeTabInit, announce = true): string {
    this.tabCounter += 1;
    const key = `target-${this.tabCounter}`;
    this.tabs.set(key, {
      key,
      url: init.url ?? init.capture.url,
      title: init.title ?? init.capture.title,
      active: init.active === undefined ? this.tabs.size === 0 : init.active,
      capture: init.capture,
      rankedPrefix: init.rankedPrefix,
      covered: new Map(),
      options: new Map(),
      windowBounds: init.windowBounds ?? null,
    });
    if (announce) this.emit({ type: 'tab_opened', tabKey: key });
    return key;
  }

  tab(key: string): FakeTabState {
    const tab = this.tabs.get(key);
    if (!tab) throw new Error(`fake: no tab ${key}`);
    return tab;
  }

  firstTabKey(): string {
    const key = [...this.tabs.keys()][0];
    if (!key) throw new Error('fake: no tabs');
    return key;
  }

  /** The main frame commits a new document (same content unless given). */
  navigate(key: string, capture?: PageCapture): void {
    const tab = this.tab(key);
    this.documentCounter += 1;
    const next = capture ?? withMainDocument(tab.capture, `nav-doc-${this.documentCounter}`);
    tab.capture = next;
    tab.url = next.url;
    tab.title = next.title;
    const main = next.frames[0]!;
    this.emit({ type: 'navigated', tabKey: key, frame: main.key, documentKey: main.documentKey, mainFrame: true });
  }

  /** A child frame commits a new document. */
  navigateFrame(key: string, frameKey: string, documentKey: string): void {
    const tab = this.tab(key);
    tab.capture = {
      ...tab.capture,
      frames: tab.capture.frames.map((frame) => (frame.key === frameKey ? { ...frame, documentKey } : frame)),
    };
    this.emit({ type: 'navigated', tabKey: key, frame: frameKey, documentKey, mainFrame: false });
  }

  /** The page replaces its nodes (same document, new handles): old handles are detached. */
  rerender(key: string, capture?: PageCapture): void {
    const tab = this.tab(key);
    tab.capture = capture ?? {
      ...tab.capture,
      nodes: tab.capture.nodes.map((node) => ({ ...node, handle: `${node.handle}-r` })),
    };
  }

  /** Replace what the tab shows without any event (the page changed in place). */
  setCapture(key: string, capture: PageCapture): void {
    this.tab(key).capture = capture;
  }

  closeTab(key: string): void {
    this.tabs.delete(key);
    this.emit({ type: 'tab_closed', tabKey: key });
  }

  /** Every connection drops (browser exited or socket closed). */
  disconnect(reason = 'socket closed'): void {
    for (const connection of this.connections) connection.drop(reason);
  }

  /** A click on the node named `name` would hit `covering` instead. */
  cover(key: string, name: string, covering: { role: string; name: string }): void {
    const tab = this.tab(key);
    const node = tab.capture.nodes.find((candidate) => candidate.name === name);
    if (!node) throw new Error(`fake: no node named ${name}`);
    tab.covered.set(node.handle, covering);
  }

  setOptions(key: string, name: string, values: string[]): void {
    const tab = this.tab(key);
    const node = tab.capture.nodes.find((candidate) => candidate.name === name);
    if (!node) throw new Error(`fake: no node named ${name}`);
    tab.options.set(node.handle, values);
  }

  failNext(method: string, error: Error = new TransportError('connection_closed', 'WebSocket closed', method)): void {
    this.failures.set(method, error);
  }

  /** Calls that reached the page (capture, proveNode, perform, screenshot). */
  pageCalls(method?: string): FakeCall[] {
    return this.calls.filter((call) => (method ? call.method === method : call.tabKey !== undefined));
  }

  emit(event: TransportEvent): void {
    for (const connection of this.connections) connection.dispatch(event);
  }

  record(call: FakeCall): void {
    this.calls.push(call);
    const failure = this.failures.get(call.method);
    if (failure) {
      this.failures.delete(call.method);
      throw failure;
    }
  }
}

export class FakeConnection implements BrowserConnection {
  readonly listeners = new Set<(event: TransportEvent) => void>();
  closed = false;
  dropped = false;

  constructor(
    readonly browser: FakeBrowser,
    readonly endpoint: string,
    readonly launched: boolean,
  ) {}

  get product(): string {
    return this.browser.product;
  }
  get protocol(): string {
    return this.browser.protocol;
  }
  get browserKey(): string {
    return this.browser.browserKey;
  }

  async listTabs(): Promise<TabInfo[]> {
    this.guard('listTabs');
    return [...this.browser.tabs.values()].map(({ key, url, title, active }) => {
      const openerKey = this.browser.openers.get(key);
      return openerKey === undefined ? { key, url, title, active } : { key, url, title, active, openerKey };
    });
  }

  async capture(tabKey: string, request: CaptureRequest): Promise<PageCapture> {
    this.guard('capture', tabKey, request);
    const tab = this.tabOrThrow(tabKey, 'capture');
    if (request.scope.kind === 'ranked') return rankedSliceCapture(tab.capture, request.scope.token, request.scope.from, request.scope.count);
    if (tab.rankedPrefix !== undefined && request.scope.kind === 'viewport') {
      return rankedPrefixCapture(tab.capture, tab.rankedPrefix, `${tabKey}:${tab.capture.frames[0]!.documentKey}`);
    }
    return structuredClone(tab.capture);
  }

  async proveNode(tabKey: string, node: NodeAddress): Promise<NodeLiveness> {
    this.guard('proveNode', tabKey, node);
    const tab = this.browser.tabs.get(tabKey);
    if (!tab) return 'frame_gone';
    const frame = tab.capture.frames.find((candidate) => candidate.key === node.frame);
    if (!frame) return 'frame_gone';
    if (frame.documentKey !== node.documentKey) return 'document_changed';
    return tab.capture.nodes.some((candidate) => candidate.handle === node.handle && candidate.frame === node.frame) ? 'live' : 'detached';
  }

  async perform(tabKey: string, action: PageAction): Promise<ActionOutcome> {
    this.guard('perform', tabKey, action);
    const tab = this.tabOrThrow(tabKey, 'perform');
    if (action.kind === 'click') {
      const covering = tab.covered.get(action.node.handle);
      if (covering) return { delivered: false, reason: 'covered', covering };
    }
    if (action.kind === 'select') {
      const options = tab.options.get(action.node.handle);
      const missing = options ? action.values.filter((value) => !options.includes(value)) : [];
      if (missing.length > 0) return { delivered: false, reason: 'no_such_option', missing };
    }
    if (action.kind === 'navigate' || action.kind === 'history') {
      const next = this.browser.navigationCapture?.(tab, action);
      this.browser.navigate(tabKey, next);
      return { delivered: true, effect: 'confirmed', navigation: true };
    }
    return { delivered: true, effect: action.kind === 'press' ? 'unverifiable' : 'confirmed', navigation: false };
  }

  async screenshot(tabKey: string, labels: ScreenshotLabel[]): Promise<Screenshot> {
    this.guard('screenshot', tabKey, labels);
    const tab = this.tabOrThrow(tabKey, 'screenshot');
    return { data: 'iVBORw0KGgo=', width: tab.capture.viewport.width, height: tab.capture.viewport.height };
  }

  async windowBounds(tabKey: string): Promise<Rect | null> {
    this.guard('windowBounds', tabKey);
    return this.browser.tabs.get(tabKey)?.windowBounds ?? null;
  }

  async wait(tabKey: string, condition: WaitCondition, timeoutMs: number): Promise<WaitOutcome> {
    this.guard('wait', tabKey, { condition, timeoutMs });
    this.tabOrThrow(tabKey, 'wait');
    return this.browser.waitOutcome(tabKey, condition, timeoutMs);
  }

  async openTab(url?: string): Promise<string> {
    this.guard('openTab', undefined, { url });
    const first = [...this.browser.tabs.values()][0];
    const capture = first ? structuredClone(first.capture) : fakeBlankCapture();
    return this.browser.openTab({ capture, url: url ?? 'about:blank', title: url ?? 'about:blank', active: false });
  }

  async closeTab(tabKey: string): Promise<void> {
    this.guard('closeTab', tabKey);
    this.tabOrThrow(tabKey, 'closeTab');
    this.browser.closeTab(tabKey);
  }

  onEvent(listener: (event: TransportEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.browser.calls.push({ method: 'close', detail: { launched: this.launched } });
    this.closed = true;
    this.listeners.clear();
  }

  dispatch(event: TransportEvent): void {
    if (this.closed || this.dropped) return;
    for (const listener of [...this.listeners]) listener(event);
  }

  drop(reason: string): void {
    if (this.closed || this.dropped) return;
    this.dispatch({ type: 'disconnected', reason });
    this.dropped = true;
  }

  private guard(method: string, tabKey?: string, detail?: unknown): void {
    if (this.closed || this.dropped) {
      this.browser.calls.push({ method, tabKey, detail });
      throw new TransportError('connection_closed', 'the DevTools connection is closed', method);
    }
    this.browser.record({ method, tabKey, detail });
  }

  private tabOrThrow(tabKey: string, method: string): FakeTabState {
    const tab = this.browser.tabs.get(tabKey);
    if (!tab) throw new TransportError('target_closed', 'the tab is gone', method);
    return tab;
  }
}

export interface FakeTransportOptions {
  /** Endpoints `connect` accepts (default: any). */
  endpoints?: string[];
  /** Tabs of a launched browser (default: one about:blank-like page). */
  launchTabs?: FakeTabInit[];
}

export class FakeBrowserTransport implements BrowserTransport {
  readonly calls: FakeCall[] = [];
  readonly launched: FakeBrowser[] = [];
  constructor(
    readonly browser: FakeBrowser,
    private readonly options: FakeTransportOptions = {},
  ) {}

  async connect(endpoint: string): Promise<BrowserConnection> {
    this.calls.push({ method: 'connect', detail: endpoint });
    if (this.options.endpoints && !this.options.endpoints.includes(endpoint)) {
      throw new TransportError('connection_closed', `nothing answers at ${endpoint}`, 'connect');
    }
    const connection = new FakeConnection(this.browser, endpoint, false);
    this.browser.connections.push(connection);
    return connection;
  }

  async launch(options: LaunchOptions): Promise<BrowserConnection> {
    // The call log shows what was asked for; the cancellation signal is plumbing.
    const { signal: _signal, ...asked } = options;
    this.calls.push({ method: 'launch', detail: asked });
    const browser =
      this.options.launchTabs !== undefined
        ? new FakeBrowser(this.options.launchTabs, `launched-${this.launched.length + 1}`)
        : this.browser;
    if (browser !== this.browser) this.launched.push(browser);
    const connection = new FakeConnection(browser, 'launched', true);
    browser.connections.push(connection);
    return connection;
  }
}

function withMainDocument(capture: PageCapture, documentKey: string): PageCapture {
  return {
    ...capture,
    frames: capture.frames.map((frame, index) => (index === 0 ? { ...frame, documentKey } : frame)),
  };
}

/** An empty page for a tab opened when no other tab exists. */
function fakeBlankCapture(): PageCapture {
  return fakePage({ url: 'about:blank', title: 'about:blank', documentKey: 'doc-blank', nodes: [] });
}
