import type { BrowserConnection, NodeAddress, TabInfo } from '../ports/browser-transport.js';
import type { Clock } from '../ports/clock.js';
import type { ClassifiedPage, ComposeOptions, RefNamer } from '../compose/compose-types.js';
import type { CapturedFrame, CapturedNode } from '../model/page-capture.js';
import { normalizeRef, parseRef } from '../contract/identifiers.js';
import { refuse } from '../errors/sightline-error.js';
import { TransportError } from '../errors/transport-error.js';
import { mintContinuationId, mintTabId, mintTargetId, nodeIdentity } from './capability-ids.js';
import { plainArray } from '../classify/lazy-array.js';
import type {
  BindTicket,
  Binding,
  SessionRecord,
  StoredNode,
  StoredSnapshot,
  TabRecord,
  TargetRecord,
} from './capability-records.js';

/** A continuation dies after this long without use (SPEC §2). */
export const CONTINUATION_IDLE_MS = 120_000;

export type RefKind = 'action' | 'content' | 'plain';

export interface ResolvedRef {
  /** Normalized ref (`p<N>:<E>`, no `@`). */
  ref: string;
  snapshot: StoredSnapshot;
  element: number;
  identity: string;
  stored: StoredNode;
  page: ClassifiedPage;
  address: NodeAddress;
  kind: RefKind;
}

export interface NewTarget {
  connection: BrowserConnection;
  owned: boolean;
  binding: Binding;
  tabKeys: ReadonlySet<string> | null;
}

/**
 * The capability store of SPEC §2: every handle a caller sees is minted and checked here.
 * A capability used outside its session, target, tab or generation is refused, never re-resolved.
 */
export class CapabilityStore {
  private readonly sessions = new Map<string, SessionRecord>();

  constructor(private readonly clock: Clock) {}

  // --- sessions and targets -------------------------------------------------------------------

  session(name: string): SessionRecord {
    let session = this.sessions.get(name);
    if (!session) {
      session = { name, targets: new Map(), snapshotCounter: 0, continuations: new Map() };
      this.sessions.set(name, session);
    }
    return session;
  }

  sessionNames(): string[] {
    return [...this.sessions.keys()];
  }

  /** Drops every capability of the session; returns its targets so the caller can close them. */
  endSession(name: string): TargetRecord[] {
    const session = this.sessions.get(name);
    if (!session) {
      this.cancelBinds(name);
      return [];
    }
    this.sessions.delete(name);
    this.cancelBinds(name);
    const targets = [...session.targets.values()];
    for (const target of targets) this.killTarget(target);
    return targets;
  }

  /**
   * Adds a bound browser to the session. With the bind's ticket: refused when the session was
   * ended while the bind was in flight (a late completion never re-creates an ended session); the
   * caller closes the connection.
   */
  addTarget(sessionName: string, init: NewTarget, ticket?: BindTicket): TargetRecord {
    if (ticket?.ended) {
      refuse('browser_binding_stale', `session ${sessionName} was ended while this bind was in progress; nothing was bound and its browser was closed. Bind again to use the session.`, {
        field: 'session',
      });
    }
    const session = this.session(sessionName);
    const target: TargetRecord = {
      id: mintTargetId(),
      session: sessionName,
      generation: 1,
      alive: true,
      connection: init.connection,
      browserKey: init.connection.browserKey,
      owned: init.owned,
      binding: init.binding,
      tabKeys: init.tabKeys,
      tabs: new Map(),
      tabIdByKey: new Map(),
      unsubscribe: null,
    };
    session.targets.set(target.id, target);
    return target;
  }

  /**
   * The connection was lost (`lost` says why) or the browser replaced: bump the generation,
   * everything minted before is stale.
   */
  killTarget(target: TargetRecord, lost?: string): void {
    if (lost !== undefined && target.alive) target.lost = lost;
    target.generation += 1;
    target.alive = false;
    for (const tab of target.tabs.values()) tab.current = null;
    target.unsubscribe?.();
    target.unsubscribe = null;
  }

  target(sessionName: string, targetId: string): TargetRecord {
    const target = this.sessions.get(sessionName)?.targets.get(targetId);
    if (!target) {
      refuse('browser_ref_stale', `target ${targetId} is not bound in session ${sessionName}; bind again`, {
        field: 'target_id',
      });
    }
    if (target.alive && target.connection.browserKey !== target.browserKey) this.killTarget(target);
    if (!target.alive && target.lost !== undefined) throw browserGone(target);
    if (!target.alive) {
      refuse('browser_ref_stale', `the browser connection of target ${targetId} was lost or replaced; bind again`, {
        field: 'target_id',
      });
    }
    return target;
  }

  /** Mints (or keeps) tab ids for the transport's tabs; tabs that disappeared are closed. */
  syncTabs(target: TargetRecord, infos: TabInfo[]): TabRecord[] {
    const seen = new Set<string>();
    const result: TabRecord[] = [];
    for (const info of infos) {
      if (target.tabKeys && !target.tabKeys.has(info.key)) continue;
      seen.add(info.key);
      const existingId = target.tabIdByKey.get(info.key);
      const existing = existingId ? target.tabs.get(existingId) : undefined;
      if (existing && !existing.closed) {
        result.push(existing);
        continue;
      }
      const tab = newTab(mintTabId(), info.key, target.id);
      target.tabs.set(tab.id, tab);
      target.tabIdByKey.set(info.key, tab.id);
      result.push(tab);
    }
    for (const tab of target.tabs.values()) if (!seen.has(tab.key)) this.closeTab(tab);
    return result;
  }

  tab(sessionName: string, targetId: string, tabId: string): { target: TargetRecord; tab: TabRecord } {
    const target = this.target(sessionName, targetId);
    const tab = target.tabs.get(tabId);
    if (!tab || tab.closed) {
      refuse('browser_tab_not_found', `tab ${tabId} is not open in target ${targetId}; bind again to list the tabs`, {
        field: 'tab_id',
      });
    }
    return { target, tab };
  }

  tabByKey(target: TargetRecord, key: string): TabRecord | undefined {
    const id = target.tabIdByKey.get(key);
    return id ? target.tabs.get(id) : undefined;
  }

  // --- invalidation (transport events) --------------------------------------------------------

  /**
   * The tab's main frame committed a new document: every snapshot of the tab is stale. An event
   * that arrives after a snapshot already shows that document changes nothing.
   */
  tabNavigated(tab: TabRecord, documentKey?: string): void {
    const shown = tab.current?.segments[0]?.capture.frames[0]?.documentKey;
    if (documentKey !== undefined && shown === documentKey) return;
    tab.navigationEpoch += 1;
    tab.current = null;
    // A diff across documents would only list everything as removed and added: start afresh.
    tab.diffBase = null;
    tab.elements.clear();
    tab.elementIdentities.clear();
    tab.frameLabels.clear();
    tab.frameDocuments.clear();
  }

  frameNavigated(tab: TabRecord, frame: string, documentKey: string): void {
    tab.frameDocuments.set(frame, documentKey);
  }

  closeTab(tab: TabRecord): void {
    tab.closed = true;
    tab.current = null;
  }

  // --- selected tab (SPEC §12 browser_tabs) ---------------------------------------------------

  /** The session acts on this tab from now on (recorded; MCP calls still name their tab). */
  selectTab(target: TargetRecord, tab: TabRecord): void {
    target.selectedTabId = tab.id;
  }

  /** The selected tab while it is open; null when none was chosen or it closed. */
  selectedTab(target: TargetRecord): TabRecord | null {
    const id = target.selectedTabId;
    const tab = id ? target.tabs.get(id) : undefined;
    return tab && !tab.closed ? tab : null;
  }

  /**
   * A tab the session opened, or a popup of one of its tabs, joins a binding that is limited to
   * some tabs (a native window's), so the next listing gives it an id.
   */
  adoptTabKey(target: TargetRecord, key: string): void {
    if (target.tabKeys && !target.tabKeys.has(key)) target.tabKeys = new Set([...target.tabKeys, key]);
  }

  // --- snapshots ------------------------------------------------------------------------------

  /** Mints `p<N>` for the tab; it becomes current (killing the previous one) on `commitSnapshot`. */
  newSnapshot(target: TargetRecord, tab: TabRecord, options: ComposeOptions): StoredSnapshot {
    const session = this.session(target.session);
    session.snapshotCounter += 1;
    const number = session.snapshotCounter;
    return {
      number,
      id: `p${number}`,
      session: target.session,
      targetId: target.id,
      tabId: tab.id,
      generation: target.generation,
      navigationEpoch: tab.navigationEpoch,
      segments: [],
      identities: new Map(),
      remaining: [],
      shown: new Set(),
      ranking: null,
      options,
      listedRefs: [],
      continuation: null,
    };
  }

  /** Adds a classified capture to the snapshot and indexes its nodes by identity; returns the segment number. */
  addSegment(snapshot: StoredSnapshot, tab: TabRecord, page: ClassifiedPage): number {
    const segment = snapshot.segments.length;
    snapshot.segments.push(page);
    const docs = new Map(page.capture.frames.map((frame) => [frame.key, frame.documentKey]));
    for (const frame of page.capture.frames) {
      if (frame.status === 'captured') tab.frameDocuments.set(frame.key, frame.documentKey);
    }
    // Every node can be named by a ref or a continuation, so every node is made here.
    for (const node of plainArray(page.nodes)) {
      const captured = page.capture.nodes[node.index];
      const documentKey = docs.get(node.frame);
      if (!captured || documentKey === undefined) continue;
      const identity = nodeIdentity(documentKey, captured.handle);
      const entries = snapshot.identities.get(identity);
      if (!entries) snapshot.identities.set(identity, [{ segment, node, identity }]);
      else if (entries[0]?.segment === segment) entries.push({ segment, node, identity });
    }
    return segment;
  }

  commitSnapshot(tab: TabRecord, snapshot: StoredSnapshot): void {
    tab.current = snapshot;
  }

  isLive(snapshot: StoredSnapshot): boolean {
    const target = this.sessions.get(snapshot.session)?.targets.get(snapshot.targetId);
    if (!target || !target.alive || target.generation !== snapshot.generation) return false;
    const tab = target.tabs.get(snapshot.tabId);
    return !!tab && !tab.closed && tab.current === snapshot && tab.navigationEpoch === snapshot.navigationEpoch;
  }

  /** The RefNamer the composer uses for a snapshot of this tab. */
  namer(tab: TabRecord, snapshot: StoredSnapshot): RefNamer {
    return {
      snapshotPrefix: snapshot.id,
      elementNumber: (node: CapturedNode, frame: CapturedFrame) => elementNumber(tab, nodeIdentity(frame.documentKey, node.handle)),
      frameLabel: (frame: CapturedFrame) => frameLabel(tab, frame),
    };
  }

  /** Resolves a ref of the tab's current snapshot, or refuses with `browser_ref_stale`. */
  resolveRef(sessionName: string, targetId: string, tabId: string, rawRef: string): ResolvedRef {
    const { tab } = this.tab(sessionName, targetId, tabId);
    const ref = normalizeRef(rawRef);
    const parsed = parseRef(ref);
    const stale = (why: string): never =>
      refuse('browser_ref_stale', `ref ${ref} ${why}; take a new snapshot`, { field: 'ref', ref });
    if (!parsed) return stale('is not a ref');
    const snapshot = tab.current;
    if (!snapshot || snapshot.number !== parsed.snapshot || !this.isLive(snapshot)) {
      return stale('is not from the current snapshot of this tab');
    }
    const identity = tab.elementIdentities.get(parsed.element);
    const entries = identity === undefined ? undefined : snapshot.identities.get(identity);
    const first = entries?.[0];
    if (identity === undefined || !entries || !first) return stale('names no node of this snapshot');
    const page = snapshot.segments[first.segment];
    const frame = page?.capture.frames.find((candidate) => candidate.key === first.node.frame);
    const captured = page?.capture.nodes[first.node.index];
    if (!page || !frame || !captured) return stale('names no node of this snapshot');
    const currentDocument = tab.frameDocuments.get(frame.key);
    if (currentDocument !== undefined && currentDocument !== frame.documentKey) {
      return stale('belongs to a frame that has navigated since');
    }
    if (entries.length > 1) {
      refuse('browser_scope_ambiguous', `ref ${ref} matches more than one node of this snapshot; take a new snapshot and use a narrower ref`, {
        field: 'ref',
        ref,
      });
    }
    const node = first.node;
    const kind: RefKind = node.actions.length > 0 ? 'action' : node.container ? 'content' : 'plain';
    return {
      ref,
      snapshot,
      element: parsed.element,
      identity,
      stored: first,
      page,
      address: { frame: frame.key, documentKey: frame.documentKey, handle: captured.handle },
      kind,
    };
  }

  // --- continuations --------------------------------------------------------------------------

  /** Mints the snapshot's continuation, replacing any earlier one of it. */
  mintContinuation(snapshot: StoredSnapshot): string {
    const session = this.session(snapshot.session);
    this.sweepContinuations(session);
    if (snapshot.continuation) session.continuations.delete(snapshot.continuation);
    const id = mintContinuationId();
    session.continuations.set(id, { id, snapshot, mintedAt: this.clock.now() });
    snapshot.continuation = id;
    return id;
  }

  /** Consumes a continuation (single use) or refuses with `browser_ref_stale`. */
  takeContinuation(sessionName: string, targetId: string, tabId: string, id: string): StoredSnapshot {
    const { tab } = this.tab(sessionName, targetId, tabId);
    const session = this.session(sessionName);
    const record = session.continuations.get(id);
    const stale = (why: string): never =>
      refuse('browser_ref_stale', `continuation ${why}; take a new snapshot`, { field: 'continuation' });
    if (!record) return stale('is unknown or already used');
    // Presented on the wrong tab: refused without being used up (the right tab can still take it).
    if (record.snapshot.tabId !== tab.id || record.snapshot.targetId !== targetId) {
      refuse('browser_invalid_request', 'continuation belongs to another tab; pass it with the tab_id of the snapshot it came from', { field: 'continuation' });
    }
    session.continuations.delete(id);
    if (record.snapshot.continuation === id) record.snapshot.continuation = null;
    if (this.clock.now() - record.mintedAt > CONTINUATION_IDLE_MS) return stale('expired after 120 s without use');
    if (!this.isLive(record.snapshot)) return stale('belongs to a snapshot that is no longer current');
    return record.snapshot;
  }

  // --- binds in flight, reconnects (issue 17) ---------------------------------------------------

  private readonly binds = new Map<string, Set<BindTicket>>();

  /** A bind of `sessionName` starts: ending the session before it completes cancels it. */
  beginBind(sessionName: string): BindTicket {
    const ticket: BindTicket = { session: sessionName, controller: new AbortController(), ended: false };
    let tickets = this.binds.get(sessionName);
    if (!tickets) this.binds.set(sessionName, (tickets = new Set()));
    tickets.add(ticket);
    return ticket;
  }

  endBind(ticket: BindTicket): void {
    const tickets = this.binds.get(ticket.session);
    tickets?.delete(ticket);
    if (tickets?.size === 0) this.binds.delete(ticket.session);
  }

  private cancelBinds(sessionName: string): void {
    const tickets = this.binds.get(sessionName);
    if (!tickets) return;
    this.binds.delete(sessionName);
    for (const ticket of tickets) {
      ticket.ended = true;
      ticket.controller.abort();
    }
  }

  /** Every bind still in flight (the Driver closes: they are cancelled). */
  cancelAllBinds(): void {
    for (const name of [...this.binds.keys()]) this.cancelBinds(name);
  }

  /**
   * The transport re-opened a dropped link to the same browser: target and tab ids stay, but node
   * handles are new, so every snapshot, ref and element number minted before is stale.
   */
  targetReconnected(target: TargetRecord): void {
    target.generation += 1;
    for (const tab of target.tabs.values()) {
      tab.current = null;
      tab.diffBase = null;
      tab.elements.clear();
      tab.elementIdentities.clear();
    }
  }

  private sweepContinuations(session: SessionRecord): void {
    const now = this.clock.now();
    for (const [id, record] of session.continuations) {
      if (now - record.mintedAt > CONTINUATION_IDLE_MS || !this.isLive(record.snapshot)) session.continuations.delete(id);
    }
  }
}

/**
 * SPEC §7, one answer whenever the browser is gone (exited, crashed, link dropped), before or during
 * a call: a transport error that says to bind again.
 */
export function browserGone(target: TargetRecord): TransportError {
  return new TransportError('connection_closed', `the browser of target ${target.id} is gone (${target.lost ?? 'connection closed'})`, 'connection');
}

function newTab(id: string, key: string, targetId: string): TabRecord {
  return {
    id,
    key,
    targetId,
    closed: false,
    navigationEpoch: 0,
    elements: new Map(),
    elementIdentities: new Map(),
    lastElement: 0,
    frameLabels: new Map(),
    lastFrame: 0,
    frameDocuments: new Map(),
    current: null,
    diffBase: null,
  };
}

function elementNumber(tab: TabRecord, identity: string): number {
  let element = tab.elements.get(identity);
  if (element === undefined) {
    tab.lastElement += 1;
    element = tab.lastElement;
    tab.elements.set(identity, element);
    tab.elementIdentities.set(element, identity);
  }
  return element;
}

function frameLabel(tab: TabRecord, frame: CapturedFrame): string {
  if (frame.ownerNode === null) return 'main';
  let label = tab.frameLabels.get(frame.documentKey);
  if (label === undefined) {
    tab.lastFrame += 1;
    label = `f${tab.lastFrame}`;
    tab.frameLabels.set(frame.documentKey, label);
  }
  return label;
}
