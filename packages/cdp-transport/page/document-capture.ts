// One capture of this world's document (SPEC §8): walk, closed roots, echo rules, paint evidence,
// ranking, then ship what the mode asks for; the rankings stay here for continuations.
import { queryNeedle } from '@sightline/semantic-core/page-safe';
import { AxFreshness } from './ax-freshness.js';
import { dropEchoTexts } from './classify/echo-rules.js';
import { coverAll, hitTest } from './classify/hit-test.js';
import { rankWalk, type RankFunction } from './classify/rank.js';
import { ClosedRootTracker } from './closed-roots.js';
import type { HandleRegistry } from './handles.js';
import { MutationLog } from './mutation-log.js';
import { hitsInDocumentOrder, subtreePicks, viewportPicks } from './ship/capture-modes.js';
import { recordMatchesQuery } from './ship/query-match.js';
import { emptyResult, shipRecords, type ShipContext } from './ship/ship-records.js';
import type { Ranking, Walk } from './types.js';
import { SegmentCache } from './walk/segments.js';
import { walkDocument } from './walk/walk-document.js';
import { WarmWalk } from './warm-walk.js';
import type { CaptureOptions, ClosedRootRequest, ShipResult, WalkOptions, WarmUpOptions } from './wire/ship-result.js';

const MAX_STORED_RANKINGS = 4;

/** Caches valid while the DOM they cover is unchanged, created at the first capture. */
interface Watch {
  log: MutationLog;
  segments: SegmentCache;
  ax: AxFreshness;
}

export class DocumentCapture {
  private nextToken = 1;
  private readonly rankings = new Map<string, Ranking>();
  /** Closed shadow roots found through CDP, composed into their hosts like open ones. */
  readonly closedRoots = new WeakMap<Element, ShadowRoot>();
  /** Whether any closed root is known (else the walk looks none up). */
  private anyClosedRoot = false;
  private readonly checkedHosts = new WeakSet<Element>();
  readonly closed = new ClosedRootTracker(this.checkedHosts);
  private watch: Watch | null = null;
  /** Issue 16: the warm-up's walk, for the capture right after it (warm-walk.ts). */
  private readonly warmWalk = new WarmWalk();
  /**
   * Issue 16: the segments a walk recorded (a warm-up's or a capture's), stored once the capture is
   * over (Node says so, `storeSegments`), before the next walk, which copies them, or when the page
   * changes the DOM first — then just before the segment cache sees those changes, so it drops the
   * segments they touch (see `watched`). Not inside the warm-up a one-shot waits for, nor inside a
   * capture's answer; not at all when closed roots were added since (the records did not compose them).
   */
  private pendingStore: Walk | null = null;
  /** Echo rules, hit tests and ranking of a walk are done once (a warm or pending walk is classified already). */
  private readonly classified = new WeakMap<Walk, { order: Int32Array; tiers: Uint8Array }>();
  rank: RankFunction = rankWalk;
  /** Phase timings (ms) of the last capture, for benchmarks. */
  timings: Record<string, number> = {};
  private readonly shipContext: ShipContext;

  constructor(private readonly handles: HandleRegistry) {
    this.shipContext = {
      handleOf: (node) => handles.handleOf(node),
      axFresh: (element) => this.watch?.ax.isFresh(element) === true,
    };
  }

  capture(options: CaptureOptions): ShipResult | ClosedRootRequest {
    const result = this.captureInner(options);
    // Node sends `storeSegments` after its answer when a walk's records wait to be kept.
    if ('nodes' in result) result.timings = this.pendingStore === null ? this.timings : { ...this.timings, storePending: 1 };
    return result;
  }

  /** Elements whose AX facts the Node side reads now (and may reuse while they stay fresh). */
  markAxFetched(nodes: Array<Node | null>): void {
    this.watched().ax.markFetched(nodes);
  }

  /** The closed roots found ([host, root] pairs). */
  addClosedRoots(pairs: Array<Element | ShadowRoot>): void {
    // Records of the walk before these roots did not compose them.
    if (pairs.length > 0) this.pendingStore = null;
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      this.closedRoots.set(pairs[i] as Element, pairs[i + 1] as ShadowRoot);
      this.anyClosedRoot = true;
      // Records copied from earlier walks did not compose this root: drop the ones around its host.
      this.watch?.segments.invalidateFrom(pairs[i] as Element);
    }
    this.closed.watchRoots(pairs);
  }

  /** Ranked keys of a stored ranking: [recordIndex, tier] pairs flattened, in rank order. */
  rankedKeys(token: string): number[] | null {
    const ranking = this.rankings.get(token);
    if (!ranking) return null;
    const out = new Array<number>(ranking.order.length * 2);
    for (let k = 0; k < ranking.order.length; k++) {
      out[2 * k] = ranking.order[k]!;
      out[2 * k + 1] = ranking.tiers[k]!;
    }
    return out;
  }

  /** Ship given records of a stored ranking (for continuations). */
  shipRecords(token: string, records: number[]): ShipResult | null {
    const ranking = this.rankings.get(token);
    if (!ranking) return null;
    const live = records.filter((i) => ranking.walk.nodes[i]?.isConnected);
    return this.ship(ranking, live, 'ranked_prefix', null);
  }

  /** Ship the ranked slice [from, from + count) of a stored ranking. */
  shipRanked(token: string, from: number, count: number): ShipResult | null {
    const ranking = this.rankings.get(token);
    if (!ranking) return null;
    const picked = Array.from(ranking.order.subarray(from, from + count));
    return this.shipRecords(token, picked);
  }

  private watched(): Watch {
    if (!this.watch) {
      const log = new MutationLog(document);
      // Listens first: a warm-up's pending segments are stored before the cache's own listener sees the changes.
      log.listen(() => this.storePending());
      this.watch = { log, segments: new SegmentCache(log), ax: new AxFreshness(log, window) };
      this.closed.listen(log);
    }
    return this.watch;
  }

  /**
   * Issue 16: walks this document once as a capture would (walk, closed-root reads, echo rules, hit
   * tests, ranking), shipping nothing. A one-shot runs it while it waits for the page to go quiet:
   * the next capture may use this walk as it is (`options.warm`, warm-walk.ts), or else copies its
   * unchanged parts (segments.ts) — either way its snapshot is not the document's first walk, nor
   * its first closed-root read. Answers the records walked, or a closed-root request first.
   */
  warmUp(options: WarmUpOptions): number | ClosedRootRequest {
    const start = performance.now();
    const watch = this.watched();
    watch.log.flush();
    let walk = this.closed.takeWalk(options.closed);
    if (walk === null) {
      walk = this.walkNow(options, start, watch, true);
      this.warmWalk.noteView(walk);
    }
    const closed = this.closed.request(walk, options.closed);
    if (closed !== null) return closed;
    // Its records are kept later (pendingStore), not inside the warm-up a one-shot waits for.
    this.classify(walk, options, start, performance.now(), watch, true);
    this.warmWalk.keep(walk, watch.log);
    return walk.nodes.length;
  }

  private captureInner(options: CaptureOptions): ShipResult | ClosedRootRequest {
    const start = performance.now();
    const watch = this.watched();
    watch.log.flush();
    const reuse = options.reuse !== false;
    // The warm-up's walk is offered once, to the capture right after it (Node sets `warm` for the main frame only).
    const warm = this.warmWalk.take(watch.log, options.warm === true && reuse);
    const walk = this.closed.takeWalk(options.closed) ?? warm ?? this.walkNow(options, start, watch, reuse);
    const walked = performance.now();
    const closed = this.closed.request(walk, options.closed);
    if (closed !== null) return closed;
    const { order, tiers } = this.classify(walk, options, start, walked, watch, reuse);
    const token = `w${this.nextToken++}`;
    const ranking: Ranking = { token, order, tiers, walk };

    switch (options.mode) {
      case 'all':
        return this.ship(ranking, walk.nodes.map((_, i) => i), 'all', null);
      case 'owners':
        return this.ship(ranking, [], 'ranked_prefix', null);
      case 'query': {
        const needle = queryNeedle(options.query ?? '');
        return this.shipScope(ranking, hitsInDocumentOrder(order, (i) => recordMatchesQuery(walk, i, needle)), options.shipLimit);
      }
      case 'interactive':
        // dom_refs_v1: actionable ranked (not hidden, not occluded) records in document order, the first shipLimit.
        return this.shipScope(ranking, hitsInDocumentOrder(order, (i) => walk.actionable[i] === 1), options.shipLimit);
      case 'subtree': {
        const target = options.handle === undefined ? null : this.handles.node(options.handle);
        const root = target ? walk.nodes.indexOf(target) : -1;
        if (root < 0) return { ...emptyResult(walk), stale: true };
        const { picked, within } = subtreePicks(order, walk.parent, root, options.shipLimit);
        const shipped = this.ship(ranking, picked, 'ranked_prefix', null);
        shipped.scopeComplete = within <= options.shipLimit;
        return shipped;
      }
      default: {
        // The default read: the viewport tiers only, up to the ship limit.
        const picked = viewportPicks(order, tiers, options.shipLimit);
        this.store(ranking);
        return this.ship(ranking, picked, 'ranked_prefix', { token, shipped: picked.length, total: order.length });
      }
    }
  }

  private walkNow(options: WalkOptions, start: number, watch: Watch, reuse: boolean): Walk {
    // The previous walk's segments, if still waiting, are what this walk may copy.
    if (reuse) this.storePending();
    const limits = { deadline: start + options.timeMs, maxNodes: options.maxNodes, maxHitTests: options.maxHitTests };
    return walkDocument(document, this.anyClosedRoot ? this.closedRoots : null, this.checkedHosts, limits, options.placement, watch.log, reuse ? watch.segments : undefined);
  }

  /** Echo rules, the records kept for reuse (with `store`), paint evidence and ranking of a finished walk (timed). */
  private classify(walk: Walk, options: WalkOptions, start: number, walked: number, watch: Watch, store: boolean): { order: Int32Array; tiers: Uint8Array } {
    const done = this.classified.get(walk);
    if (done) {
      this.timings = { walk: walked - start, echo: 0, hit: 0, rank: 0, reusedRecords: 0, warmRecords: walk.nodes.length };
      return done;
    }
    if (store && walk.segments.length > 0) {
      // Issue 16: kept after the answer (Node calls `storeSegments`), not inside it (inbox 100k: ~55 ms of a first capture);
      // newly recorded segments keep their texts' visibility from before the echo rule (segments.ts).
      if (walk.segments.some((segment) => !segment.reused)) walk.preEchoVis = walk.vis.slice();
      this.pendingStore = walk;
    }
    dropEchoTexts(walk);
    const echoed = performance.now();
    if (options.placement.covered) coverAll(walk);
    else hitTest(walk, options.maxHitTests, start + options.timeMs);
    const hit = performance.now();
    const ranked = this.rank(walk);
    let reused = 0;
    for (const segment of walk.segments) if (segment.reused) reused += segment.end - segment.start;
    this.timings = { walk: walked - start, echo: echoed - walked, hit: hit - echoed, rank: performance.now() - hit, reusedRecords: reused };
    this.classified.set(walk, ranked);
    return ranked;
  }

  /**
   * Stores a warm-up's recorded segments, if still waiting. Correct whenever it runs: changes the
   * page made since the walk reach the segment cache after this (it is the mutation log's first
   * listener, so the first delivery stores them), and the cache drops the segments they touch.
   */
  storePending(): void {
    const walk = this.pendingStore;
    this.pendingStore = null;
    if (walk !== null) this.watch?.segments.store(walk, walk.segments);
  }

  /**
   * Keeps a viewport read's ranking for its continuations. Only the newest few: a newer snapshot
   * ends a session's continuation, and each ranking holds a whole walk (wrappers of every node
   * included), which the renderer's garbage collector traces on every major collection.
   */
  private store(ranking: Ranking): void {
    this.rankings.set(ranking.token, ranking);
    if (this.rankings.size > MAX_STORED_RANKINGS) this.rankings.delete(this.rankings.keys().next().value!);
  }

  /** A query or interactive read: the first `limit` hits; complete when none was cut. */
  private shipScope(ranking: Ranking, hits: number[], limit: number): ShipResult {
    const shipped = this.ship(ranking, hits.slice(0, limit), 'ranked_prefix', null);
    shipped.scopeComplete = hits.length <= limit;
    return shipped;
  }

  private ship(ranking: Ranking, picked: number[], included: 'all' | 'ranked_prefix', rankingInfo: ShipResult['ranking']): ShipResult {
    const shipStart = performance.now();
    try {
      return shipRecords(ranking, picked, included, rankingInfo, this.shipContext);
    } finally {
      this.timings['ship'] = performance.now() - shipStart;
    }
  }
}

