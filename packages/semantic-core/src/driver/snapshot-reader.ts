import type { CaptureScope } from '../ports/browser-transport.js';
import type { ClassifiedPage, ComposeOptions, ComposedSnapshot } from '../compose/compose-types.js';
import type { PageCapture } from '../model/page-capture.js';
import type { SemanticNode } from '../model/semantic-node.js';
import type { SnapshotRequest } from '../contract/requests.js';
import type { DomRefsSnapshotResponse, SemanticSnapshotResponse, SnapshotScope } from '../contract/responses.js';
import type { StoredSnapshot } from '../capabilities/capability-records.js';
import type { ResolvedRef } from '../capabilities/capability-store.js';
import { classifyPage } from '../classify/classify-page.js';
import { plainArray } from '../classify/lazy-array.js';
import { composeSnapshot } from '../compose/compose-snapshot.js';
import { composeDomRefs, DOM_REFS_LIMIT } from '../render/dom-refs-v1.js';
import { refuse, SightlineError } from '../errors/sightline-error.js';
import { dialogSnapshot, openDialogOf } from './dialog-verbs.js';
import { signalField, untilCancelled } from './cancellable.js';
import { assertStillBound, composeOptions, type SnapshotTarget } from './snapshot-target.js';
import { viewportSelection } from '../scopes/viewport-scope.js';
import { querySelection } from '../scopes/query-scope.js';
import { subtreeSelection } from '../scopes/subtree-scope.js';
import { diffOutline } from '../scopes/diff-scope.js';
import { capturePhaseTiming } from './snapshot-timing.js';
import type { ReadSelection } from '../scopes/read-selection.js';
import {
  dropQueued,
  hasMoreRanked,
  identityOf,
  markShown,
  nextContinuationPage,
  queueRanked,
} from '../scopes/continuation-scope.js';

function now(): number {
  return performance.now();
}

function elapsed(since: number): number {
  return Math.max(0, Math.round((now() - since) * 10) / 10);
}

/** Nodes a read with these options could ever select (mirrors the composer's skips). */
function eligibleUnder(options: ComposeOptions): (node: SemanticNode) => boolean {
  return (node) =>
    (!options.interactiveOnly || node.actions.length > 0) && (options.maxDepth === undefined || node.depth <= options.maxDepth);
}

/** The capture can reach the whole document: no collection budget ran out, every frame was read. */
function captureIsWhole(capture: PageCapture): boolean {
  const coverage = capture.coverage;
  if (coverage.exhausted.length > 0) return false;
  if (capture.frames.some((frame) => frame.status !== 'captured')) return false;
  // A ranked prefix is whole once its ranked list is read to the end (`hasMoreRanked` says when);
  // a query or subtree capture when it shipped its whole scope.
  return coverage.included === 'all' || coverage.ranking !== undefined || coverage.scopeComplete === true;
}

function limitsOf(composed: ComposedSnapshot, capture: PageCapture): string[] {
  return [...composed.limitsHit, ...collectionLimits(capture)];
}

/** Collection budgets that ran out; the time budget also as `time` (SPEC §12 `timeout_ms`). */
function collectionLimits(capture: PageCapture): string[] {
  const out = capture.coverage.exhausted.map((budget) => `collection_${budget}`);
  if (capture.coverage.exhausted.includes('time')) out.push('time');
  return out;
}

/** The action refs a page printed, in outline order (read from the lines' data). */
function listRefs(snapshot: StoredSnapshot, composed: ComposedSnapshot): void {
  for (const line of composed.lines) {
    if (line.ref?.kind === 'ref') snapshot.listedRefs.push({ ref: line.ref.id, identity: line.identity });
  }
}

export async function readSnapshot(
  context: SnapshotTarget,
  request: SnapshotRequest,
): Promise<SemanticSnapshotResponse | DomRefsSnapshotResponse> {
  const format = request.snapshot_format ?? 'semantic_v2';
  const scopeField = request.continuation ? 'continuation' : request.query ? 'query' : request.scope_ref ? 'scope_ref' : request.diff ? 'diff' : null;
  if (format === 'dom_refs_v1' && scopeField) {
    refuse('browser_invalid_request', `dom_refs_v1 has no read scopes; drop ${scopeField} or ask for snapshot_format "semantic_v2"`, {
      field: scopeField,
      problem: 'not available with snapshot_format dom_refs_v1',
    });
  }
  // SPEC §12: while a JavaScript dialog is open the page cannot be read; the snapshot is the dialog.
  const openDialog = await openDialogOf(context);
  if (openDialog) return dialogSnapshot(context, request, openDialog);
  if (request.continuation) return readContinuation(context, request, request.continuation);

  const { store, target, tab } = context;
  const scope: SnapshotScope = request.query ? 'query' : request.scope_ref ? 'subtree' : request.diff ? 'diff' : 'viewport';
  const options = composeOptions(request, scope);
  const root = request.scope_ref ? store.resolveRef(target.session, target.id, tab.id, request.scope_ref) : null;
  // dom_refs_v1 lists the whole document's actionable nodes in document order (one more than it prints, to know it cut).
  const captureScope: CaptureScope = format === 'dom_refs_v1'
    ? { kind: 'interactive', limit: DOM_REFS_LIMIT + 1 }
    : request.query
    ? { kind: 'query', text: request.query }
    : root
      ? { kind: 'subtree', node: root.address }
      : { kind: 'viewport' };
  let generation = target.generation;

  const collectStart = now();
  const read = () =>
    untilCancelled(context.signal, 'the snapshot', target.connection
      .capture(tab.key, {
        scope: captureScope,
        nodeBudget: options.nodeBudget,
        interactiveOnly: options.interactiveOnly,
        ...(request.timeout_ms !== undefined ? { timeoutMs: request.timeout_ms } : {}),
        ...signalField(context.signal),
      })
      // A dialog that opened during the read (the transport gave up on the blocked page): show it.
      .catch(async (error: unknown) => {
        const opened = SightlineError.isInstance(error) && error.code === 'browser_dialog_open' ? await openDialogOf(context) : null;
        if (opened) return opened;
        throw error;
      }));
  let capture = await read();
  // The transport re-opened a dropped link during the read (issue 17): a read naming no earlier
  // node is simply done again on the new link.
  if (!root && target.alive && target.generation !== generation) {
    generation = target.generation;
    capture = await read();
  }
  if (!('nodes' in capture)) return dialogSnapshot(context, request, capture);
  const collect = elapsed(collectStart);
  assertStillBound(target, generation, tab);

  const composeStart = now();
  const page = classifyPage(capture);
  const snapshot = store.newSnapshot(target, tab, options);
  const segment = store.addSegment(snapshot, tab, page);
  const namer = store.namer(tab, snapshot);
  const summary = { url: capture.url, title: capture.title };

  if (format === 'dom_refs_v1') {
    const dom = composeDomRefs(page, namer);
    // A frame that had more actionable nodes than it shipped, or a collection cut short: more may exist than are listed.
    if (capture.coverage.scopeComplete === false || capture.coverage.exhausted.length > 0) dom.truncated = true;
    store.commitSnapshot(tab, snapshot);
    dom.refs.forEach((ref, at) => snapshot.listedRefs.push({ ref: ref.ref, identity: identityOf(page, dom.nodes[at]!) }));
    return {
      status: 'ok',
      mode: 'snapshot',
      target_id: target.id,
      tab_id: tab.id,
      snapshot: { id: snapshot.id, format: 'dom_refs_v1', truncated: dom.truncated },
      page: { ...summary, focused_ref: dom.focusedRef },
      refs: dom.refs,
    };
  }

  const selection = selectionFor(page, scope, request.query, root);
  const composed = composeSnapshot(page, selection.universe, selection.candidates, options, namer);
  store.commitSnapshot(tab, snapshot);
  queueRanked(snapshot, segment, scope === 'viewport' || scope === 'diff' ? page.ranked : selection.candidates, eligibleUnder(options));
  markShown(snapshot, segment, composed.selected);
  const ranking = capture.coverage.ranking;
  if (capture.coverage.included === 'ranked_prefix' && ranking && ranking.shipped < ranking.total) {
    snapshot.ranking = { token: ranking.token, next: ranking.shipped, total: ranking.total };
  }
  listRefs(snapshot, composed);

  let outline = composed.outline;
  let refs = composed.refs;
  let contentRefs = composed.content_refs;
  if (scope === 'diff') {
    const diff = diffOutline(tab.diffBase, composed.lines);
    outline = diff.outline;
    const changedRefs = new Set<string>();
    for (const line of composed.lines) {
      if (line.ref && diff.changed.has(line.identity)) changedRefs.add(line.ref.id);
    }
    refs = refs.filter((ref) => changedRefs.has(ref.ref));
    contentRefs = contentRefs.filter((ref) => changedRefs.has(ref.ref));
  }
  if (scope === 'viewport' || scope === 'diff') tab.diffBase = composed.lines;

  return semanticResponse(context, snapshot, {
    scope,
    capture,
    composed,
    nodeBudget: options.nodeBudget,
    page: { ...summary, focused_ref: composed.focusedRef },
    outline,
    refs,
    contentRefs,
    timing: { collect, compose: elapsed(composeStart), ...capturePhaseTiming(capture) },
  });
}

function selectionFor(page: ClassifiedPage, scope: SnapshotScope, query: string | undefined, root: ResolvedRef | null): ReadSelection {
  if (scope === 'query' && query !== undefined) return querySelection(page, query);
  if (scope === 'subtree' && root) {
    const matches = plainArray(page.nodes).filter((node) => identityOf(page, node) === root.identity);
    if (matches.length === 0) refuse('browser_ref_stale', `ref ${root.ref} is gone from the page; take a new snapshot`, { field: 'scope_ref' });
    if (matches.length > 1) {
      refuse('browser_scope_ambiguous', `ref ${root.ref} now matches more than one node; take a new snapshot and pick a narrower ref`, { field: 'scope_ref' });
    }
    return subtreeSelection(page, matches[0]!.index);
  }
  return viewportSelection(page);
}

async function readContinuation(context: SnapshotTarget, request: SnapshotRequest, id: string): Promise<SemanticSnapshotResponse> {
  const { store, target, tab } = context;
  const snapshot = store.takeContinuation(target.session, target.id, tab.id, id);
  const options: ComposeOptions = {
    ...snapshot.options,
    scope: 'continuation',
    nodeBudget: request.node_budget ?? snapshot.options.nodeBudget,
    maxChars: request.max_chars ?? snapshot.options.maxChars,
    includeBoxes: request.include_boxes ?? snapshot.options.includeBoxes,
  };
  const eligible = eligibleUnder(snapshot.options);
  const namer = store.namer(tab, snapshot);
  let collect = 0;
  let composeTime = 0;
  let composed: ComposedSnapshot | null = null;
  const generation = target.generation;

  while (composed === null) {
    const next = nextContinuationPage(snapshot);
    if (!next) {
      const ranking = snapshot.ranking;
      if (!ranking || ranking.next >= ranking.total) break;
      const started = now();
      const capture = await untilCancelled(context.signal, 'the snapshot', target.connection.capture(tab.key, {
        scope: { kind: 'ranked', token: ranking.token, from: ranking.next, count: options.nodeBudget },
        nodeBudget: options.nodeBudget,
        interactiveOnly: options.interactiveOnly,
        ...signalField(context.signal),
      }));
      collect += elapsed(started);
      assertStillBound(target, generation, tab);
      if (!store.isLive(snapshot)) refuse('browser_ref_stale', 'the snapshot of this continuation is no longer current; take a new snapshot', { field: 'continuation' });
      ranking.next = Math.min(ranking.total, ranking.next + options.nodeBudget);
      const started2 = now();
      const page = classifyPage(capture);
      const segment = store.addSegment(snapshot, tab, page);
      queueRanked(snapshot, segment, page.ranked, eligible);
      composeTime += elapsed(started2);
      continue;
    }
    const started = now();
    const page = snapshot.segments[next.segment]!;
    const result = composeSnapshot(page, next.selection.universe, next.selection.candidates, options, namer);
    composeTime += elapsed(started);
    markShown(snapshot, next.segment, result.selected);
    if (result.selected.length === 0) {
      // The first queued node cannot fit any page under these options (e.g. a line longer than max_chars).
      dropQueued(snapshot, next.entries.slice(0, 1));
      continue;
    }
    listRefs(snapshot, result);
    composed = result;
  }

  const first = snapshot.segments[0]!.capture;
  return semanticResponse(context, snapshot, {
    scope: 'continuation',
    capture: first,
    composed,
    nodeBudget: options.nodeBudget,
    page: { url: first.url, title: first.title, focused_ref: composed?.focusedRef ?? null },
    outline: composed?.outline ?? '',
    refs: composed?.refs ?? [],
    contentRefs: composed?.content_refs ?? [],
    timing: { collect, compose: composeTime },
  });
}

const NOTHING_OMITTED = { css_hidden: 0, offscreen: 0, page_occluded: 0, no_layout: 0, unknown: 0, budget: 0, unprovable_frame: 0, filtered: 0, collapsed: 0 };

interface ResponseParts {
  scope: SnapshotScope;
  /** The capture the read started from (its coverage decides `complete` and `oopif`). */
  capture: PageCapture;
  /** Null when a continuation found nothing left to show. */
  composed: ComposedSnapshot | null;
  nodeBudget: number;
  page: SemanticSnapshotResponse['page'];
  outline: string;
  refs: SemanticSnapshotResponse['refs'];
  contentRefs: SemanticSnapshotResponse['content_refs'];
  timing: SemanticSnapshotResponse['timing_ms'];
}

/** The semantic_v2 body (SPEC §4) of any read: completeness, continuation and limits are decided here once. */
function semanticResponse(context: SnapshotTarget, snapshot: StoredSnapshot, parts: ResponseParts): SemanticSnapshotResponse {
  const { composed, capture } = parts;
  const more = hasMoreRanked(snapshot);
  const limits = composed ? limitsOf(composed, capture) : collectionLimits(capture);
  return {
    status: 'ok',
    mode: 'snapshot',
    target_id: context.target.id,
    tab_id: context.tab.id,
    snapshot: {
      id: snapshot.id,
      format: 'semantic_v2',
      complete: captureIsWhole(capture) && !more && limits.length === 0,
      scope: parts.scope,
      selected_nodes: composed?.selected_nodes ?? 0,
      total_nodes: composed?.total_nodes ?? 0,
      node_budget: parts.nodeBudget,
      omitted: composed?.omitted ?? { ...NOTHING_OMITTED },
      continuation: more ? context.store.mintContinuation(snapshot) : null,
      ...(limits.length > 0 ? { limits_hit: limits } : {}),
    },
    page: parts.page,
    outline: parts.outline,
    refs: parts.refs,
    content_refs: parts.contentRefs,
    oopif: { ...capture.coverage.oopif },
    timing_ms: parts.timing,
  };
}
