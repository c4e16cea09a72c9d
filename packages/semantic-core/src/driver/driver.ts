import type { z } from 'zod';
import type { BrowserTransport, TabInfo, TransportEvent } from '../ports/browser-transport.js';
import type { NativePlatform } from '../ports/native-platform.js';
import { systemClock, type Clock } from '../ports/clock.js';
import {
  clickRequestSchema,
  endSessionRequestSchema,
  endpointBindRequestSchema,
  listTabsRequestSchema,
  listWindowsRequestSchema,
  managedBindRequestSchema,
  nativeBindRequestSchema,
  navigateRequestSchema,
  pressRequestSchema,
  screenshotRequestSchema,
  scrollRequestSchema,
  selectRequestSchema,
  snapshotRequestSchema,
  typeRequestSchema,
  hoverRequestSchema,
  dragRequestSchema,
  uploadRequestSchema,
  dialogRequestSchema,
  consoleRequestSchema,
} from '../contract/requests.js';
import type {
  ActionResponse,
  BindResponse,
  ConsoleResponse,
  EndSessionResponse,
  Failure,
  ListTabsResponse,
  ListWindowsResponse,
  ScreenshotResponse,
  SnapshotResponse,
} from '../contract/responses.js';
import { refuse, SightlineError } from '../errors/sightline-error.js';
import { TransportError } from '../errors/transport-error.js';
import { CapabilityStore } from '../capabilities/capability-store.js';
import type { BindTicket, TargetRecord } from '../capabilities/capability-records.js';
import { anySignal, cancelledError, throwIfCancelled, type CallOptions } from './call-options.js';
import { bindExplicit, bindManaged, bindNative, type BoundBrowser } from './bind-routes.js';
import { pageLoadFields } from './page-load.js';
import { readSnapshot } from './snapshot-reader.js';
import { deliverToRef, deliverToTab } from './action-delivery.js';
import { takeScreenshot } from './screenshot.js';
import { clickRef, dragRef, hoverRef, typeRef, uploadRef } from './pointer-verbs.js';
import { invalidRequest, toFailure, zodRefusal } from './driver-failures.js';
import { waitRequestSchema, type WaitResponse } from '../contract/wait.js';
import { tabsRequestSchema, type TabsResponse } from '../contract/tabs.js';
import { runWait } from './wait.js';
import { untilCancelled } from './cancellable.js';
import { runTabs } from './tabs.js';
import { handleDialogVerb, readConsoleVerb } from './dialog-verbs.js';

export interface DriverOptions {
  transport: BrowserTransport;
  /** The native-window route (SPEC §3 route 1) and `listBrowserWindows` need one. */
  platform?: NativePlatform;
  /** Time source for continuation expiry (default: the system clock). */
  clock?: Clock;
  /**
   * Sees every unexpected exception (not refusals, not transport errors) before it becomes an
   * `internal failure` result, e.g. to log its stack when debugging. Never given page text.
   */
  onInternalError?: (error: unknown) => void;
}

/** Amount of a `scroll` without `amount`, in CSS px. */
export const DEFAULT_SCROLL_AMOUNT = 600;

const BROWSER_APPS = /chrom|edge|brave|opera|vivaldi|yandex|arc\b/i;

/**
 * The single entry point of both frontends (MCP, CLI). Every method takes untrusted input,
 * validates it with the contract's zod schemas, and resolves — never rejects — to a response of
 * the contract or a Failure (refusal or transport error, SPEC §7).
 */
export class Driver {
  private readonly transport: BrowserTransport;
  private readonly platform: NativePlatform | undefined;
  private readonly store: CapabilityStore;
  private readonly onInternalError: ((error: unknown) => void) | undefined;

  constructor(options: DriverOptions) {
    this.transport = options.transport;
    this.platform = options.platform;
    this.onInternalError = options.onInternalError;
    this.store = new CapabilityStore(options.clock ?? systemClock);
  }

  listBrowserWindows(input: unknown): Promise<ListWindowsResponse | Failure> {
    return this.run(listWindowsRequestSchema, input ?? {}, async () => {
      const platform = this.platform;
      if (!platform) refuse('browser_route_unavailable', 'listing native windows needs a platform adapter, and none is installed; bind with cdp_url or launch instead');
      const reason = await platform.unavailableReason();
      if (reason !== null) refuse('browser_route_unavailable', `native windows cannot be listed: ${reason}; bind with cdp_url or launch instead`);
      const windows = (await platform.listWindows()).filter((window) => BROWSER_APPS.test(window.app));
      return {
        status: 'ok',
        mode: 'windows',
        windows: windows.map((window) => ({ pid: window.pid, window_id: window.windowId, title: window.title, bounds: { ...window.bounds }, app: window.app })),
      };
    });
  }

  /**
   * With `options.signal`: a cancelled bind stops (a browser being launched is stopped, a
   * connection being opened is closed) and adds nothing; so does a bind whose session is ended
   * meanwhile (`end_session`, or `close()`).
   */
  async bind(input: unknown, options: CallOptions = {}): Promise<BindResponse | Failure> {
    try {
      const route = bindRouteOf(input);
      if (typeof route !== 'string') return route;
      if (route === 'explicit') return await this.run(endpointBindRequestSchema, input, (request) => this.bindWith(request.session, options, (signal) => bindExplicit(this.transport, request, signal)));
      if (route === 'managed') return await this.run(managedBindRequestSchema, input, (request) => this.bindWith(request.session, options, (signal) => bindManaged(this.transport, request, signal)));
      return await this.run(nativeBindRequestSchema, input, (request) => this.bindWith(request.session, options, (signal) => bindNative(this.transport, this.platform, request, signal)));
    } catch (error) {
      this.reportInternal(error);
      return toFailure(error);
    }
  }

  /** The target's tabs as the browser lists them now; new tabs get ids, closed ones die (SPEC §2). */
  listTabs(input: unknown): Promise<ListTabsResponse | Failure> {
    return this.run(listTabsRequestSchema, input, async (request) => {
      const target = this.store.target(request.session, request.target_id);
      const listed = await target.connection.listTabs();
      return { status: 'ok', mode: 'tabs', target_id: target.id, tabs: this.tabSummaries(target, listed) };
    });
  }

  /** With `options.signal` (issue 17): a cancelled snapshot stops collecting and answers `cancelled`. */
  snapshot(input: unknown, options: CallOptions = {}): Promise<SnapshotResponse | Failure> {
    return this.run(snapshotRequestSchema, input, async (request) => {
      const { target, tab } = this.store.tab(request.session, request.target_id, request.tab_id);
      return readSnapshot({ store: this.store, target, tab, signal: options.signal }, request);
    }, options);
  }

  /**
   * SPEC §6/§12: `double`, `button` and `modifiers` are optional variants of a plain left click.
   * Every action verb takes `options.signal` (issue 17): a cancelled action that has sent no input
   * yet sends none and answers `cancelled`; one already delivering runs to its end.
   */
  click(input: unknown, options: CallOptions = {}): Promise<ActionResponse | Failure> {
    return this.run(clickRequestSchema, input, (request) => clickRef(this.store, { ...request, signal: options.signal }), options);
  }

  type(input: unknown, options: CallOptions = {}): Promise<ActionResponse | Failure> {
    return this.run(typeRequestSchema, input, (request) => typeRef(this.store, { ...request, signal: options.signal }), options);
  }

  select(input: unknown, options: CallOptions = {}): Promise<ActionResponse | Failure> {
    return this.run(selectRequestSchema, input, (request) =>
      deliverToRef(this.store, { ...request, signal: options.signal }, request.ref, 'select', (node) => ({ kind: 'select', node, values: [...request.values] })),
    options);
  }

  scroll(input: unknown, options: CallOptions = {}): Promise<ActionResponse | Failure> {
    return this.run(scrollRequestSchema, input, (request) => {
      const amount = request.amount ?? DEFAULT_SCROLL_AMOUNT;
      const address = { ...request, signal: options.signal };
      if (request.ref === undefined) {
        return deliverToTab(this.store, address, { kind: 'scroll', node: null, direction: request.direction, amount }, 'scroll');
      }
      return deliverToRef(this.store, address, request.ref, 'scroll', (node) => ({ kind: 'scroll', node, direction: request.direction, amount }));
    }, options);
  }

  press(input: unknown, options: CallOptions = {}): Promise<ActionResponse | Failure> {
    return this.run(pressRequestSchema, input, (request) => deliverToTab(this.store, { ...request, signal: options.signal }, { kind: 'press', key: request.key }, 'press'), options);
  }

  navigate(input: unknown, options: CallOptions = {}): Promise<ActionResponse | Failure> {
    return this.run(navigateRequestSchema, input, (request) => {
      const onBeforeUnload = request.on_beforeunload ?? 'accept';
      const address = { ...request, signal: options.signal };
      if (request.history !== undefined) {
        return deliverToTab(this.store, address, { kind: 'history', move: request.history, onBeforeUnload }, 'navigate');
      }
      const url = request.url ?? '';
      if (/^\s*(javascript|data|vbscript):/i.test(url)) {
        refuse('browser_invalid_request', 'Invalid request: field "url": script and data URLs are not navigated to; pass an http(s) URL', {
          field: 'url',
          problem: 'scheme not allowed',
        });
      }
      return deliverToTab(this.store, address, { kind: 'navigate', url, onBeforeUnload }, 'navigate');
    }, options);
  }

  /** A cancelled screenshot (issue 17, `options.signal`) answers `cancelled` at once; the shot is dropped. */
  screenshot(input: unknown, options: CallOptions = {}): Promise<ScreenshotResponse | Failure> {
    return this.run(screenshotRequestSchema, input, (request) => untilCancelled(options.signal, 'the screenshot', takeScreenshot(this.store, request, request.annotate ?? false)), options);
  }

  // SPEC §12 pointer verbs.
  hover(input: unknown, options: CallOptions = {}): Promise<ActionResponse | Failure> {
    return this.run(hoverRequestSchema, input, (request) => hoverRef(this.store, { ...request, signal: options.signal }), options);
  }

  drag(input: unknown, options: CallOptions = {}): Promise<ActionResponse | Failure> {
    return this.run(dragRequestSchema, input, (request) => dragRef(this.store, { ...request, signal: options.signal }), options);
  }

  upload(input: unknown, options: CallOptions = {}): Promise<ActionResponse | Failure> {
    return this.run(uploadRequestSchema, input, (request) => uploadRef(this.store, { ...request, signal: options.signal }), options);
  }

  /**
   * SPEC §12 `browser_wait`: one condition until it holds or timeout_ms passes (`met: false`, not a
   * refusal). Cancelled (issue 17, `options.signal`): answers `cancelled` at once and the transport
   * stops checking.
   */
  wait(input: unknown, options: CallOptions = {}): Promise<WaitResponse | Failure> {
    return this.run(waitRequestSchema, input, (request) => untilCancelled(options.signal, 'the wait', runWait(this.store, request, systemClock, options.signal)), options);
  }

  /** SPEC §12 `browser_tabs`: list, new (background), select (the session's tab), close. */
  tabs(input: unknown): Promise<TabsResponse | Failure> {
    return this.run(tabsRequestSchema, input, (request) => runTabs(this.store, request));
  }

  /** SPEC §12: accept or dismiss the JavaScript dialog open in the tab (prompt_text answers a prompt). */
  dialog(input: unknown): Promise<ActionResponse | Failure> {
    return this.run(dialogRequestSchema, input, (request) => handleDialogVerb(this.store, request));
  }

  /** SPEC §12: recent console messages and uncaught errors of the tab (since, level, limit ≤ 200). */
  console(input: unknown, options: CallOptions = {}): Promise<ConsoleResponse | Failure> {
    return this.run(consoleRequestSchema, input, (request) => untilCancelled(options.signal, 'the console read', readConsoleVerb(this.store, request)), options);
  }

  endSession(input: unknown): Promise<EndSessionResponse | Failure> {
    return this.run(endSessionRequestSchema, input, async (request) => {
      const closed = await this.closeTargets(this.store.endSession(request.session));
      return { status: 'ok', mode: 'end_session', session: request.session, closed_browsers: closed };
    });
  }

  /** Ends every session: cancels binds in flight, closes what they launched, detaches from the rest. */
  async close(): Promise<void> {
    this.store.cancelAllBinds();
    for (const name of this.store.sessionNames()) await this.closeTargets(this.store.endSession(name));
  }

  private async closeTargets(targets: TargetRecord[]): Promise<number> {
    let closed = 0;
    for (const target of targets) {
      try {
        await target.connection.close();
        if (target.owned) closed += 1;
      } catch {
        // The connection is gone already; its capabilities are dropped either way.
      }
    }
    return closed;
  }

  /** Runs a bind route under the caller's signal and the session's (ended meanwhile: cancelled). */
  private async bindWith(session: string, options: CallOptions, route: (signal: AbortSignal) => Promise<BoundBrowser>): Promise<BindResponse> {
    throwIfCancelled(options.signal, 'the bind');
    const ticket = this.store.beginBind(session);
    const signal = anySignal([options.signal, ticket.controller.signal])!;
    try {
      const bound = await route(signal);
      if (signal.aborted) {
        await bound.connection.close().catch(() => undefined);
        throw cancelledError('the bind');
      }
      return await this.finishBind(session, bound, ticket);
    } catch (error) {
      // The session was ended meanwhile: say so (the launch, if any, was stopped).
      if (ticket.ended && !SightlineError.isInstance(error)) {
        refuse('browser_binding_stale', `session ${session} was ended while this bind was in progress; nothing was bound and its browser was closed. Bind again to use the session.`, { field: 'session' });
      }
      throw error;
    } finally {
      this.store.endBind(ticket);
    }
  }

  private async finishBind(session: string, bound: BoundBrowser, ticket?: BindTicket): Promise<BindResponse> {
    let target: TargetRecord | null = null;
    try {
      target = this.store.addTarget(session, bound, ticket);
      const record = target;
      record.unsubscribe = bound.connection.onEvent((event) => this.onEvent(record, event));
      const listed = await bound.connection.listTabs();
      return {
        status: 'ok',
        mode: 'bind',
        target_id: record.id,
        binding: { ...bound.binding },
        browser: { product: bound.connection.product, protocol: bound.connection.protocol },
        tabs: this.tabSummaries(record, listed),
        ...pageLoadFields(bound.connection.opened),
      };
    } catch (error) {
      if (target) this.store.killTarget(target);
      await bound.connection.close().catch(() => undefined);
      throw error;
    }
  }

  private tabSummaries(target: TargetRecord, listed: TabInfo[]): ListTabsResponse['tabs'] {
    const tabs = this.store.syncTabs(target, listed);
    const infos = new Map(listed.map((info) => [info.key, info]));
    return tabs.map((tab) => {
      const info = infos.get(tab.key);
      return { tab_id: tab.id, url: info?.url ?? '', title: info?.title ?? '', active: info?.active ?? null };
    });
  }

  private onEvent(target: TargetRecord, event: TransportEvent): void {
    if (event.type === 'disconnected') {
      this.store.killTarget(target, event.reason);
      return;
    }
    if (event.type === 'reconnected') {
      this.store.targetReconnected(target);
      return;
    }
    const tab = this.store.tabByKey(target, event.tabKey);
    if (!tab) return;
    if (event.type === 'tab_closed') this.store.closeTab(tab);
    else if (event.type === 'navigated') {
      if (event.mainFrame) this.store.tabNavigated(tab, event.documentKey);
      else this.store.frameNavigated(tab, event.frame, event.documentKey);
    }
  }

  /** Validates, then runs the handler (not at all for a request already cancelled: `options.signal`). */
  private async run<S extends z.ZodType, R>(schema: S, input: unknown, handler: (request: z.infer<S>) => Promise<R>, options: CallOptions = {}): Promise<R | Failure> {
    try {
      const parsed = schema.safeParse(input);
      if (!parsed.success) return zodRefusal(parsed.error);
      throwIfCancelled(options.signal, 'the request');
      return await handler(parsed.data);
    } catch (error) {
      this.reportInternal(error);
      return toFailure(error);
    }
  }

  private reportInternal(error: unknown): void {
    if (!this.onInternalError || SightlineError.isInstance(error) || TransportError.isInstance(error)) return;
    try {
      this.onInternalError(error);
    } catch {
      // A failing observer must not change the result.
    }
  }
}

type BindRoute = 'explicit' | 'managed' | 'native';

/** Which route a bind request asks for, or a refusal naming the field when it asks for none or several. */
function bindRouteOf(input: unknown): BindRoute | Failure {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return invalidRequest('', 'expected an object such as {"session": "...", "cdp_url": "http://127.0.0.1:9222"}');
  const keys = Object.keys(input);
  const routes: BindRoute[] = [];
  if (keys.includes('cdp_url')) routes.push('explicit');
  if (keys.includes('launch')) routes.push('managed');
  if (keys.includes('pid') || keys.includes('window_id')) routes.push('native');
  if (routes.length === 0) return invalidRequest('cdp_url', 'give one route: cdp_url, launch, or pid with window_id');
  if (routes.length > 1) {
    const field = routes[1] === 'managed' ? 'launch' : 'pid';
    return invalidRequest(field, 'give exactly one route: cdp_url, launch, or pid with window_id');
  }
  return routes[0]!;
}
