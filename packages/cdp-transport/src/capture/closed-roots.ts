import type { Protocol } from 'devtools-protocol';
import { TransportError } from '@sightline/semantic-core';
import { DEFAULT_CAPTURE_BUDGETS, type CaptureBudgets } from '../budgets.js';
import { OBJECT_GROUP, type CaptureCallBudget } from './call-budget.js';
import { callPage, callPageObjects, PageObject, type PageWorld as WorldRef } from '../page-call/page-call.js';
import type { ClosedRootOptions, ClosedRootRequest } from './shipped.js';

/**
 * Closed author shadow roots (README "How a capture works", 5). Page script cannot see them, not
 * even the collector's isolated world; `DOM.describeNode {pierce: true}` can. The collector
 * (page/closed-roots.ts) asks for one of two things before a walk may ship:
 *
 * - `closedScan`: a pierced read of whole subtrees — the document of a small frame, or the
 *   elements inserted since the last read. Each subtree is read with one `depth: -1` call; when
 *   Chromium refuses that (its CBOR→JSON conversion stops at 300 nesting levels, ~147 DOM levels
 *   deep, a protocol error), it is read again `depth: closedRootScanDepth` deep and the branches
 *   cut at that frontier are hydrated with further bounded `DOM.describeNode` calls.
 * - `closedCandidates`: a `depth: 1` pierced description of each candidate host of a larger
 *   document.
 *
 * Every closed root found is resolved into the world with its host (`DOM.resolveNode`) and handed
 * to the collector, which composes it like an open one. User-agent roots, iframe content documents
 * (other frames, walked in their own worlds) and template contents are skipped.
 */

/** Per-capture closed-root budget, shared by all frames of the capture. */
export interface ClosedRootPlan {
  /** Frame documents whose walk and element count are at most this are read whole. */
  scanNodes: number;
  /** Depth of the shallower reads after a whole read failed. */
  depth: number;
  /** `DOM.describeNode` calls left for closed-root discovery in this capture. */
  callsLeft: number;
}

export function closedRootPlan(budgets: Pick<CaptureBudgets, 'closedRootScanNodes' | 'closedRootScanDepth' | 'closedRootCalls'> = DEFAULT_CAPTURE_BUDGETS): ClosedRootPlan {
  return { scanNodes: budgets.closedRootScanNodes, depth: Math.max(1, budgets.closedRootScanDepth), callsLeft: budgets.closedRootCalls };
}

/** Whether closed-root work may still be asked for in this capture. */
function closedRootCallsLeft(plan: ClosedRootPlan, budget: CaptureCallBudget): boolean {
  return plan.callsLeft > 0 && budget.calls < budget.callLimit;
}

/** Collector calls per frame: a walk, and after each closed-root request a walk that composes what it found. */
const MAX_WALKS = 4;

/**
 * One frame's exchange with its collector (`capture`, or a one-shot's `warmUp`): call it, answer
 * each closed-root request it makes (`closed` tells the next call what was done), and call again —
 * until it answers. The last call, or one with no discovery budget left, answers whatever its walk
 * holds (work left undone is named `calls`).
 */
export async function withClosedRoots<T>(
  world: WorldRef,
  budget: CaptureCallBudget,
  plan: ClosedRootPlan,
  closed: ClosedRootOptions,
  call: () => Promise<T | ClosedRootRequest>,
): Promise<T> {
  for (let attempt = 0; attempt < MAX_WALKS; attempt++) {
    closed.pass = attempt < MAX_WALKS - 1 && closedRootCallsLeft(plan, budget);
    const answer = await call();
    if (!isClosedRootRequest(answer)) return answer;
    if ('closedScan' in answer) {
      await scanClosedRoots(world, budget, plan);
      // One pierced read per frame and capture: what is inserted meanwhile waits for the next snapshot.
      closed.rescan = false;
    } else {
      await checkClosedCandidates(world, budget, plan, answer.closedCandidates);
    }
    closed.again = true;
  }
  throw new TransportError('protocol_error', 'the collector did not ship its walk', 'Runtime.callFunctionOn');
}

/** Takes one discovery call from both budgets; false (and `calls` exhausted) when either is spent. */
function takeCall(plan: ClosedRootPlan, budget: CaptureCallBudget): boolean {
  if (plan.callsLeft <= 0 || !budget.reserve(1)) {
    budget.exhausted.add('calls');
    return false;
  }
  plan.callsLeft--;
  return true;
}

interface Found {
  /** Closed root backendNodeId → its host's. */
  pairs: Map<number, number>;
  /** Nodes whose children a depth-limited read cut off. */
  frontier: number[];
}

/** Collects closed roots and the depth frontier of a (possibly depth-limited) pierced description. */
export function collectClosedRoots(node: Protocol.DOM.Node, found: Found): void {
  if (node.shadowRootType === 'user-agent') return;
  const roots = node.shadowRoots;
  if (roots) for (const root of roots) if (root.shadowRootType === 'closed') found.pairs.set(root.backendNodeId, node.backendNodeId);
  const children = node.children;
  if ((node.childNodeCount ?? 0) > (children?.length ?? 0)) {
    // Cut at the depth frontier: a read of this node brings its children and shadow roots.
    found.frontier.push(node.backendNodeId);
    return;
  }
  if (children) for (const child of children) collectClosedRoots(child, found);
  if (roots) for (const root of roots) collectClosedRoots(root, found);
  // contentDocument (another frame), templateContent (inert) and pseudo elements: not this frame's content.
}

function isClosedRootRequest(answer: unknown): answer is ClosedRootRequest {
  return typeof answer === 'object' && answer !== null && ('closedScan' in answer || 'closedCandidates' in answer);
}

/** A protocol error of a whole read (Chromium's nesting limit, an oversized reply): read shallower. */
function isReadRefusal(error: unknown): boolean {
  return TransportError.isInstance(error) && error.failure === 'protocol_error';
}

/** A node that went away between reads: nothing of it to find. */
function isGone(error: unknown): boolean {
  return TransportError.isInstance(error) && error.failure === 'protocol_error' && /no node|could not find|not found/i.test(error.message);
}

/** Answers the collector's `closedScan` request: pierced reads of the subtrees it names. */
export async function scanClosedRoots(world: WorldRef, budget: CaptureCallBudget, plan: ClosedRootPlan): Promise<void> {
  const targets = (await callPageObjects(budget.site(world), 'takeClosedScan')).map((object) => object.objectId);
  const found: Found = { pairs: new Map(), frontier: [] };
  let complete = true;
  await Promise.all(
    targets.map(async (objectId) => {
      if (!takeCall(plan, budget)) {
        complete = false;
        return;
      }
      try {
        const { node } = await budget.send(world.session, 'DOM.describeNode', { objectId, depth: -1, pierce: true });
        collectClosedRoots(node, found);
        return;
      } catch (error) {
        if (!isReadRefusal(error)) throw error;
      }
      if (!takeCall(plan, budget)) {
        complete = false;
        return;
      }
      const { node } = await budget.send(world.session, 'DOM.describeNode', { objectId, depth: plan.depth, pierce: true });
      collectClosedRoots(node, found);
    }),
  );
  // Hydrate the branches cut at the depth frontier, breadth first, while the call budget lasts.
  while (found.frontier.length > 0) {
    const batch: number[] = [];
    while (found.frontier.length > 0 && takeCall(plan, budget)) batch.push(found.frontier.shift()!);
    if (batch.length === 0) {
      complete = false;
      break;
    }
    const described = await Promise.all(
      batch.map((backendNodeId) =>
        budget.send(world.session, 'DOM.describeNode', { backendNodeId, depth: plan.depth, pierce: true }).catch((error: unknown) => {
          if (isGone(error)) return null;
          throw error;
        }),
      ),
    );
    for (const result of described) if (result) collectClosedRoots(result.node, found);
  }
  const pairs = await resolvePairs(world, budget, [...found.pairs].map(([root, host]) => ({ host: { backendNodeId: host }, root })));
  if (pairs.incomplete) complete = false;
  await callPage(budget.site(world), 'closedScanned', complete, ...pairs.objectIds.map((id) => new PageObject(id)));
}

/** Answers the collector's `closedCandidates` request: a pierced `depth: 1` description of each candidate host. */
export async function checkClosedCandidates(world: WorldRef, budget: CaptureCallBudget, plan: ClosedRootPlan, candidates: number): Promise<void> {
  // Each host taken is remembered as asked: take no more than the calls to describe and resolve them.
  const limit = Math.min(plan.callsLeft, Math.max(0, Math.floor((budget.callLimit - budget.calls - 2) / 2)));
  const hosts = (await callPageObjects(budget.site(world), 'takeClosedCandidates', limit)).map((object) => object.objectId);
  if (candidates > limit) budget.exhausted.add('calls');
  const taken = hosts.filter(() => takeCall(plan, budget));
  const described = await Promise.all(
    taken.map((objectId) =>
      budget.send(world.session, 'DOM.describeNode', { objectId, depth: 1, pierce: true }).catch((error: unknown) => {
        if (isGone(error)) return null;
        throw error;
      }),
    ),
  );
  const closed: Array<{ host: { objectId: string }; root: number }> = [];
  described.forEach((result, i) => {
    const root = result?.node.shadowRoots?.find((r) => r.shadowRootType === 'closed');
    if (root) closed.push({ host: { objectId: taken[i]! }, root: root.backendNodeId });
  });
  if (closed.length === 0) return;
  const pairs = await resolvePairs(world, budget, closed);
  if (pairs.objectIds.length > 0) await callPage(budget.site(world), 'addClosedRoots', ...pairs.objectIds.map((id) => new PageObject(id)));
}

/** Resolves [host, root] pairs into the world; pairs whose nodes are gone are dropped. */
async function resolvePairs(
  world: WorldRef,
  budget: CaptureCallBudget,
  pairs: Array<{ host: { backendNodeId: number } | { objectId: string }; root: number }>,
): Promise<{ objectIds: string[]; incomplete: boolean }> {
  const need = pairs.reduce((n, pair) => n + ('objectId' in pair.host ? 1 : 2), 0);
  let affordable = pairs;
  let incomplete = false;
  if (!budget.reserve(need + 1)) {
    // As many as the call budget still covers (`calls` is exhausted either way).
    let left = budget.callLimit - budget.calls - 1;
    affordable = pairs.filter((pair) => (left -= 'objectId' in pair.host ? 1 : 2) >= 0);
    incomplete = true;
  }
  const resolve = (backendNodeId: number): Promise<string | null> =>
    budget
      .send(world.session, 'DOM.resolveNode', { backendNodeId, executionContextId: world.contextId, objectGroup: OBJECT_GROUP })
      .then(({ object }) => object.objectId ?? null)
      .catch((error: unknown) => {
        if (isGone(error)) return null;
        throw error;
      });
  const resolved = await Promise.all(
    affordable.map(async (pair) => Promise.all(['objectId' in pair.host ? Promise.resolve(pair.host.objectId) : resolve(pair.host.backendNodeId), resolve(pair.root)])),
  );
  const objectIds: string[] = [];
  for (const [host, root] of resolved) if (host && root) objectIds.push(host, root);
  return { objectIds, incomplete };
}
