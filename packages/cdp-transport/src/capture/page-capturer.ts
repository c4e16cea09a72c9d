import {
  SightlineError,
  TransportError,
  VIEWPORT_MAX_TIER,
  type CaptureRequest,
  type NodeAddress,
  type PageCapture,
} from '@sightline/semantic-core';
import { DEFAULT_CAPTURE_BUDGETS, MIN_SHIPPED, SHIP_FACTOR, type CaptureBudgets } from '../budgets.js';
import type { OpaqueKeys } from '../frame-keys.js';
import type { CdpTab } from '../tab/cdp-tab.js';
import { assemble } from './assemble.js';
import { enrichFromAccessibility } from './ax-enrichment.js';
import { AxFactsCache } from './ax-facts-cache.js';
import { CaptureCallBudget, OBJECT_GROUP } from './call-budget.js';
import { callPage, type PageWorld as WorldRef } from '../page-call/page-call.js';
import { walkFrame, type FrameWalk, type WalkPlan } from './frame-walker.js';
import { closedRootPlan, withClosedRoots } from './closed-roots.js';
import { comparePaths, flattenWalks, RankingStore, type StoredRanking } from './ranking-store.js';
import { raceDeadline } from '../race-deadline.js';
import { pruneShipped, type CollectorMode, type FramePlacement, type ShipResult } from './shipped.js';

export interface PageCapturerOptions {
  frameKeys: OpaqueKeys;
  documentKeys: OpaqueKeys;
  budgets?: Partial<CaptureBudgets>;
  /** Ship every node (coverage `all`) instead of a ranked prefix; for recordings and small tools. */
  shipAll?: boolean;
  /**
   * Reuse what earlier snapshots of the same document read and the page has not changed since:
   * walk records of far/hidden subtrees and AX facts (default true; false reads everything afresh).
   */
  reuse?: boolean;
  /** Plain HTML elements' role, name and states from the page's rules, not the AX tree (default true). */
  pageFacts?: boolean;
  /** `warmUpInBackground` walks (default true; needs `reuse`). */
  warmUpAfterNavigation?: boolean;
}

/**
 * Issue 16: how long after a warm-up ended its walk may stand for a capture's (ms): longer than a
 * one-shot's quiet period can hold its capture back (at most 1.5 s, page-open.ts). After a longer
 * pause — a caller's own, after a navigation — the page may have changed in ways no mutation,
 * request or scroll position shows (an animation, an inner scroll): the capture walks again,
 * copying what did not change.
 */
const WARM_WALK_MAX_AGE_MS = 2_000;

/** AX reads per capture: the node budget plus slack for context, at least AX_MIN. */
const AX_MIN = 60;
const AX_SLACK = 40;

/** The main frame sits at the viewport's origin and is clipped by nothing but the viewport. */
const MAIN_FRAME_PLACEMENT: FramePlacement = Object.freeze({ origin: Object.freeze({ x: 0, y: 0 }), clip: undefined, viewport: undefined });

const STALE_CONTINUATION = 'The snapshot this read belongs to is gone (the page navigated or was re-rendered); take a new snapshot.';

/** SPEC §8 capture: one cheap ranked pass per frame in an isolated world, then AX for what ships. */
export class PageCapturer {
  readonly rankings = new RankingStore();
  /**
   * Phase timings (ms) of the last capture, for profiling: page-side phases of the main frame plus
   * Node-side ones, and counts of what was reused (`page.reusedRecords`, `ax.reused`, `ax.read`).
   */
  lastTimings: Record<string, number> = {};
  private readonly budgets: CaptureBudgets;
  private readonly reuse: boolean;
  /** AX facts read by earlier captures, per document (only with reuse). */
  private readonly axFacts: AxFactsCache | null;
  /** Issue 16: when each tab's warm-up began and ended, until its next capture (which may use the warm-up's walk). */
  private readonly warmUps = new WeakMap<CdpTab, { started: number; ended?: number }>();
  /** Issue 16: each tab's warm-up started in the background (after a navigation), while it runs. */
  private readonly running = new WeakMap<CdpTab, Promise<unknown>>();

  constructor(private readonly options: PageCapturerOptions) {
    this.budgets = { ...DEFAULT_CAPTURE_BUDGETS, ...options.budgets };
    this.reuse = options.reuse !== false;
    this.axFacts = this.reuse ? new AxFactsCache() : null;
  }

  /**
   * Issue 16: walks the main frame's document once without shipping anything, so the next capture
   * uses that walk as it is (while it still describes the page) or copies its unchanged parts,
   * instead of paying the document's first (coldest) walk. Its closed-root reads are a capture's
   * (same budgets), so the capture after it finds them done: a small document's whole pierced read,
   * and for a page with closed roots the walk that composes them, happen while the page goes quiet.
   * Only with reuse (a capture without it reads everything afresh). Answers the records walked.
   */
  async warmUp(tab: CdpTab): Promise<number> {
    if (!this.reuse) return 0;
    const started = performance.now();
    const world = await tab.world(tab.mainFrameId);
    const mark: { started: number; ended?: number } = { started };
    this.warmUps.set(tab, mark);
    const budget = new CaptureCallBudget(started + this.budgets.timeMs, this.budgets.calls, this.budgets.nodes, 1);
    const plan = closedRootPlan(this.budgets);
    const options = {
      timeMs: this.budgets.timeMs,
      maxNodes: this.budgets.nodes,
      maxHitTests: this.budgets.hitTests,
      placement: MAIN_FRAME_PLACEMENT,
      closed: { pass: true, scanNodes: plan.scanNodes, rescan: true, again: false },
    };
    try {
      const walked = await withClosedRoots(world, budget, plan, options.closed, () => {
        options.timeMs = Math.max(1, budget.timeLeftMs);
        return callPage(budget.site(world), 'warmUp', options);
      });
      mark.ended = performance.now();
      return walked;
    } finally {
      // The closed-root reads made remote objects in the capture group; nothing else holds it yet.
      await world.session.send('Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP }).catch(() => undefined);
    }
  }

  /**
   * Issue 16: a warm-up nobody waits for, started after a navigation. A caller usually reads the
   * page it just opened — after a pause of its own (an agent's model turn), in which this walk runs,
   * so the snapshot finds the document's first (coldest) walk done: its walk to use as it is, or its
   * records and warm code to copy from. A capture waits for it first (both use the collector's
   * walk state); one still running when another navigation comes is followed by a new one.
   */
  warmUpInBackground(tab: CdpTab): void {
    if (!this.reuse || this.options.warmUpAfterNavigation === false) return;
    const before = this.running.get(tab) ?? Promise.resolve();
    const running: Promise<unknown> = before
      .then(() => this.warmUp(tab))
      // Any failure (the page navigated again, the tab closed, a dialog) leaves the next capture cold: nothing more.
      .catch(() => undefined)
      .finally(() => {
        if (this.running.get(tab) === running) this.running.delete(tab);
      });
    this.running.set(tab, running);
  }

  async capture(tab: CdpTab, tabKey: string, request: CaptureRequest): Promise<PageCapture> {
    const started = performance.now();
    this.lastTimings = {};
    const deadline = started + (request.timeoutMs ?? this.budgets.timeMs);
    // A background warm-up still running is waited for (within this capture's own time): its walk is this one's.
    const running = this.running.get(tab);
    if (running) await raceDeadline(running, deadline);
    const budget = new CaptureCallBudget(deadline, this.budgets.calls, this.budgets.nodes, this.budgets.frames);
    budget.timings.warmUpWait = performance.now() - started;
    budget.calls += 1 + tab.oopifSessions.size;
    const framesStarted = performance.now();
    await tab.refreshFrames();
    this.lastTimings['frames'] = performance.now() - framesStarted;
    const shipLimit = Math.max(MIN_SHIPPED, request.nodeBudget * SHIP_FACTOR);
    const scope = request.scope;
    if (scope.kind === 'ranked') return this.captureRanked(tab, tabKey, scope.token, scope.from, scope.count, budget);

    let plan: WalkPlan;
    let subtreeFrame: string | null = null;
    if (scope.kind === 'viewport') {
      const mode: CollectorMode = this.options.shipAll ? 'all' : 'viewport';
      plan = { modeFor: () => mode, shipLimit, handleFor: () => undefined, reuse: this.reuse };
    } else if (scope.kind === 'interactive') {
      plan = { modeFor: () => 'interactive', shipLimit: scope.limit, handleFor: () => undefined, reuse: this.reuse };
    } else if (scope.kind === 'query') {
      plan = { modeFor: () => 'query', shipLimit: Math.max(shipLimit, 2000), query: scope.text, handleFor: () => undefined, reuse: this.reuse };
    } else {
      const { frameId, chain } = this.resolveAddress(tab, scope.node);
      subtreeFrame = frameId;
      const handle = Number(scope.node.handle);
      plan = {
        modeFor: (f) => (f === frameId ? 'subtree' : chain.has(f) ? 'owners' : null),
        shipLimit,
        handleFor: (f) => (f === frameId ? handle : undefined),
        reuse: this.reuse,
      };
    }
    plan.closedRoots = closedRootPlan(this.budgets);
    // Issue 16: the warm-up's walk may stand for this capture's main-frame walk only if it ended just
    // now and no request started or ended since it began (the page checks the DOM, scroll, focus
    // and styles). An older one — a background warm-up followed by a pause — is copied from instead,
    // like any earlier walk: what is on screen is read again (an animation, an inner scroll).
    const warmUp = this.warmUps.get(tab);
    this.warmUps.delete(tab);
    const now = performance.now();
    plan.warm = warmUp?.ended !== undefined && now - warmUp.ended <= WARM_WALK_MAX_AGE_MS && tab.network.idleForMs > now - warmUp.started;
    const walkStarted = performance.now();
    const root = await walkFrame(tab, tab.mainFrameId, MAIN_FRAME_PLACEMENT, [], plan, budget);
    this.lastTimings['collect'] = performance.now() - walkStarted;
    // Protocol calls spent finding closed shadow roots (a warm-up may have spent them already).
    this.lastTimings['closedRoots.calls'] = this.budgets.closedRootCalls - plan.closedRoots.callsLeft;
    if ('ship' in root && root.ship.timings) for (const [phase, ms] of Object.entries(root.ship.timings)) this.lastTimings[`page.${phase}`] = ms;
    if (!('ship' in root)) throw new TransportError('target_closed', 'the tab has no readable main frame', 'Page.getFrameTree');
    const walks = flattenWalks(root);
    if (subtreeFrame !== null && walks.find((w) => w.frameId === subtreeFrame)?.ship.stale) {
      throw new SightlineError('browser_ref_stale', 'That node is no longer in the page; take a new snapshot.');
    }
    let ranking: { token: string; shipped: number; total: number } | undefined;
    if (scope.kind === 'viewport' && !this.options.shipAll) ranking = this.storeViewportRanking(tabKey, walks, shipLimit);
    const capture = await this.finish(tab, Math.max(AX_MIN, request.nodeBudget + AX_SLACK), root, budget, ranking, walks.every((w) => w.ship.included === 'all') ? 'all' : 'ranked_prefix');
    // Issue 16: the reusable records a document's walk left waiting (this capture's, or the warm-up's
    // it used) are kept now, after this capture's last call into it — not awaited, so this answer
    // does not wait for them.
    for (const walk of walks) if (walk.ship.timings?.['storePending'] !== undefined) void callPage(walk.world, 'storeSegments').catch(() => undefined);
    // A query or subtree read that shipped its whole scope (every hit in every frame; the whole subtree).
    if (scope.kind === 'query' || scope.kind === 'interactive') capture.coverage.scopeComplete = walks.every((w) => w.ship.scopeComplete === true);
    else if (scope.kind === 'subtree') capture.coverage.scopeComplete = walks.find((w) => w.frameId === subtreeFrame)?.ship.scopeComplete === true;
    return capture;
  }

  /** Which frame (and chain of ancestor frames) a node address lives in; stale addresses are refused. */
  resolveAddress(tab: CdpTab, address: NodeAddress): { frameId: string; chain: Set<string> } {
    const frameId = this.options.frameKeys.raw(address.frame);
    const frame = frameId ? tab.frames.get(frameId) : undefined;
    if (!frameId || !frame) throw new SightlineError('browser_ref_stale', 'The frame of that node is gone; take a new snapshot.');
    if (this.options.documentKeys.raw(address.documentKey) !== frame.loaderId) {
      throw new SightlineError('browser_ref_stale', 'The document of that node was replaced (navigation); take a new snapshot.');
    }
    const chain = new Set<string>();
    for (let f = frame.parentId; f; f = tab.frames.get(f)?.parentId) chain.add(f);
    chain.add(tab.mainFrameId);
    return { frameId, chain };
  }

  /**
   * Each frame shipped its own best `shipLimit`; the global ranked prefix (tier, then document
   * order across frames) is cut to `shipLimit` again and the rest pruned, so `shipped` is exact.
   */
  private storeViewportRanking(tabKey: string, walks: FrameWalk[], shipLimit: number): { token: string; shipped: number; total: number } {
    let shipped = 0;
    if (walks.length > 1) {
      const ranked: Array<{ walk: number; record: number; tier: number; path: number[] }> = [];
      walks.forEach((walk, w) => {
        for (const node of walk.ship.nodes) if (node.tier !== undefined && node.tier <= VIEWPORT_MAX_TIER) ranked.push({ walk: w, record: node.record, tier: node.tier, path: [...walk.path, node.record] });
      });
      ranked.sort((a, b) => a.tier - b.tier || comparePaths(a.path, b.path));
      const kept = new Set(ranked.slice(0, shipLimit).map((r) => `${r.walk}:${r.record}`));
      walks.forEach((walk, w) => {
        const covering = new Set<number>();
        for (const node of walk.ship.nodes) if (node.coveredBy !== undefined) covering.add(node.coveredBy);
        // <iframe> nodes stay whatever their rank: the frames' content nests under them.
        walk.ship = pruneShipped(walk.ship, (node, i) =>
          node.frameOwner === true ||
          (node.tier !== undefined && node.tier <= VIEWPORT_MAX_TIER ? kept.has(`${w}:${node.record}`) : i === walk.ship.focused || i === walk.ship.activeDialog || covering.has(i)),
        );
      });
      // Owner indices moved with pruning: re-point children by owner record.
      for (const walk of walks) {
        for (const child of walk.children) {
          if (!('ship' in child.frame)) continue;
          const ownerRecord = child.frame.path[child.frame.path.length - 1];
          child.owner = walk.ship.nodes.findIndex((n) => n.record === ownerRecord);
        }
      }
      shipped = Math.min(shipLimit, ranked.length);
    } else {
      shipped = walks[0]!.ship.ranking?.shipped ?? 0;
    }
    const entry = this.rankings.add(
      tabKey,
      walks.map((walk) => ({ frameId: walk.frameId, loaderId: walk.loaderId, worldToken: walk.ship.ranking?.token ?? '', path: walk.path, total: walk.ship.ranking?.total ?? 0 })),
    );
    return { token: entry.token, shipped, total: entry.total };
  }

  private async captureRanked(tab: CdpTab, tabKey: string, token: string, from: number, count: number, budget: CaptureCallBudget): Promise<PageCapture> {
    const entry = this.rankings.get(token);
    if (!entry || entry.tabKey !== tabKey) throw new SightlineError('browser_ref_stale', STALE_CONTINUATION);
    const worlds = await Promise.all(
      entry.frames.map(async (frame) => {
        const current = tab.frames.get(frame.frameId);
        if (!current || current.loaderId !== frame.loaderId) throw new SightlineError('browser_ref_stale', STALE_CONTINUATION);
        const world = await tab.world(frame.frameId);
        if (world.loaderId !== frame.loaderId) throw new SightlineError('browser_ref_stale', STALE_CONTINUATION);
        return world;
      }),
    );
    let ships: Array<ShipResult | null>;
    if (entry.frames.length === 1) {
      ships = [await callPage(budget.site(worlds[0]!), 'shipRanked', entry.frames[0]!.worldToken, from, count)];
    } else {
      const merged = await this.mergedOrder(entry, worlds, budget);
      const picks = entry.frames.map(() => [] as number[]);
      for (const [f, record] of merged.slice(from, from + count)) picks[f]!.push(record);
      ships = await Promise.all(entry.frames.map((frame, f) => callPage(budget.site(worlds[f]!), 'shipRecords', frame.worldToken, picks[f]!)));
    }
    if (ships.some((s) => s === null)) throw new SightlineError('browser_ref_stale', STALE_CONTINUATION);
    // Rebuild the frame tree from the stored paths: a frame's parent has the path minus its last record.
    const walks: FrameWalk[] = entry.frames.map((frame, f) => ({
      frameId: frame.frameId,
      loaderId: frame.loaderId,
      world: worlds[f]!,
      outOfProcess: tab.frames.get(frame.frameId)?.outOfProcess ?? false,
      ship: ships[f]!,
      path: frame.path,
      children: [],
    }));
    for (const walk of walks.slice(1)) {
      const parent = walks.find((p) => p.path.length === walk.path.length - 1 && comparePaths(p.path, walk.path.slice(0, -1)) === 0);
      const owner = parent ? parent.ship.nodes.findIndex((n) => n.record === walk.path[walk.path.length - 1]) : -1;
      if (parent && owner >= 0) parent.children.push({ owner, frame: walk });
    }
    const shipped = Math.max(0, Math.min(count, entry.total - from));
    return this.finish(tab, Math.max(AX_MIN, count + AX_SLACK), walks[0]!, budget, { token, shipped, total: entry.total }, 'ranked_prefix');
  }

  private async mergedOrder(entry: StoredRanking, worlds: WorldRef[], budget: CaptureCallBudget): Promise<Array<[number, number]>> {
    if (entry.merged) return entry.merged;
    const keys = await Promise.all(entry.frames.map((frame, f) => callPage(budget.site(worlds[f]!), 'rankedKeys', frame.worldToken)));
    if (keys.some((k) => k === null)) throw new SightlineError('browser_ref_stale', STALE_CONTINUATION);
    const all: Array<{ f: number; record: number; tier: number; path: number[] }> = [];
    keys.forEach((list, f) => {
      for (let k = 0; k + 1 < list!.length; k += 2) all.push({ f, record: list![k]!, tier: list![k + 1]!, path: [...entry.frames[f]!.path, list![k]!] });
    });
    all.sort((a, b) => a.tier - b.tier || comparePaths(a.path, b.path));
    entry.merged = all.map((e) => [e.f, e.record]);
    return entry.merged;
  }

  private async finish(
    tab: CdpTab,
    axLimit: number,
    root: FrameWalk,
    budget: CaptureCallBudget,
    ranking: { token: string; shipped: number; total: number } | undefined,
    included: 'all' | 'ranked_prefix',
  ): Promise<PageCapture> {
    const finishStarted = performance.now();
    const assembled = assemble(root, this.options.frameKeys, this.options.documentKeys);
    const axStarted = performance.now();
    this.lastTimings['assemble'] = axStarted - finishStarted;
    try {
      const ax = await enrichFromAccessibility(assembled, budget, axLimit, this.axFacts, (session) => tab.accessibilityFor(session), this.options.pageFacts !== false);
      this.lastTimings['ax.read'] = ax.read;
      this.lastTimings['ax.reused'] = ax.reused;
    } finally {
      const sessions = new Set(assembled.placements.map((p) => p.walk.world.session));
      await Promise.all([...sessions].map((session) => session.send('Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP }).catch(() => undefined)));
    }
    this.lastTimings['ax'] = performance.now() - axStarted;
    // The tree build (axEnable) overlaps the first reads' wait: `ax` is what is left after it.
    budget.timings.ax += Math.max(0, this.lastTimings['ax'] - budget.timings.axEnable);
    const oopifFrames = assembled.frames.filter((f) => f.outOfProcess);
    const main = root.ship;
    const capture: PageCapture = {
      url: main.url,
      title: main.title,
      viewport: main.viewport,
      scroll: main.scroll,
      frames: assembled.frames,
      nodes: assembled.nodes,
      focused: assembled.focused,
      activeDialog: assembled.activeDialog,
      coverage: {
        included,
        exhausted: [...budget.exhausted],
        oopif: {
          status: oopifFrames.length === 0 ? 'none' : oopifFrames.every((f) => f.status === 'captured') ? 'attached' : 'partial',
          frames: oopifFrames.length,
        },
      },
    };
    capture.timings = { ...budget.timings };
    if (included === 'ranked_prefix') capture.coverage.outside = assembled.outside;
    if (ranking) capture.coverage.ranking = ranking;
    return capture;
  }
}
