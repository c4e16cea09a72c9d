import { TransportError, intersectRects } from '@sightline/semantic-core';
import type { CdpTab } from '../tab/cdp-tab.js';
import { DEFAULT_CAPTURE_BUDGETS } from '../budgets.js';
import type { CaptureCallBudget } from './call-budget.js';
import { callPage, callPageObjects, type PageWorld as WorldRef } from '../page-call/page-call.js';
import { closedRootPlan, withClosedRoots, type ClosedRootPlan } from './closed-roots.js';
import type { CollectorMode, FramePlacement, ShipResult } from './shipped.js';

/** What one frame's collector pass produced, with the frames nested under its <iframe> nodes. */
export interface FrameWalk {
  frameId: string;
  loaderId: string;
  world: WorldRef;
  outOfProcess: boolean;
  ship: ShipResult;
  /** Ancestor owner records then nothing: the document-order path of this frame (for cross-frame ranking). */
  path: number[];
  children: Array<{ owner: number; frame: FrameWalk | UnwalkedFrame }>;
}

export interface UnwalkedFrame {
  frameId: string | null;
  status: 'unprovable' | 'skipped';
  outOfProcess: boolean;
  url: string;
}

export interface WalkPlan {
  /** Collector mode for a frame; null: do not walk it (nor what it contains). */
  modeFor(frameId: string): CollectorMode | null;
  shipLimit: number;
  query?: string;
  /** For subtree reads: the handle, only in the frame that holds it. */
  handleFor(frameId: string): number | undefined;
  /** Reuse unchanged parts of earlier walks (page/walk/segments.ts). */
  reuse: boolean;
  /** Closed-root discovery budget of this capture, shared by its frames (DEFAULT_CAPTURE_BUDGETS defaults when absent). */
  closedRoots?: ClosedRootPlan;
  /** Issue 16: the main frame may use its warm-up's walk (no request since it began; page/warm-walk.ts checks the rest). */
  warm?: boolean;
}

const OOPIF_ATTACH_WAIT_MS = 500;

/**
 * Walks one frame document in its isolated world, then its child frames (same-process ones in
 * their own world on the same session, out-of-process ones on the child session auto-attached
 * beneath this tab), each placed at its <iframe>'s content box.
 */
export async function walkFrame(tab: CdpTab, frameId: string, placement: FramePlacement, path: number[], plan: WalkPlan, budget: CaptureCallBudget): Promise<FrameWalk | UnwalkedFrame> {
  const frame = tab.frames.get(frameId);
  const mode = plan.modeFor(frameId);
  if (!frame || mode === null) return { frameId, status: 'skipped', outOfProcess: false, url: frame?.url ?? '' };
  // A frame a collection budget leaves unread is unprovable (counted in omitted.unprovable_frame), not skipped.
  if (budget.framesLeft <= 0) {
    budget.exhausted.add('frames');
    return { frameId, status: 'unprovable', outOfProcess: frame.outOfProcess, url: frame.url };
  }
  // The main frame is always walked (its walk stops itself at the deadline); child frames need time left.
  if (path.length > 0 && budget.timeLeftMs <= 0) {
    budget.exhausted.add('time');
    return { frameId, status: 'unprovable', outOfProcess: frame.outOfProcess, url: frame.url };
  }
  if (budget.nodesLeft <= 0) {
    budget.exhausted.add('nodes');
    return { frameId, status: 'unprovable', outOfProcess: frame.outOfProcess, url: frame.url };
  }
  budget.framesLeft--;
  const worldStarted = performance.now();
  let world = await tab.world(frameId);
  budget.time('worldSetup', worldStarted);
  const options = {
    mode,
    shipLimit: plan.shipLimit,
    query: plan.query,
    handle: plan.handleFor(frameId),
    timeMs: Math.max(1, budget.timeLeftMs),
    maxNodes: budget.nodesLeft,
    maxHitTests: DEFAULT_CAPTURE_BUDGETS.hitTests,
    placement,
    reuse: plan.reuse,
    closed: { pass: true, scanNodes: 0, rescan: true, again: false },
    warm: plan.warm === true && path.length === 0,
  };
  const closed = (plan.closedRoots ??= closedRootPlan());
  options.closed.scanNodes = closed.scanNodes;
  const exchange = (): Promise<ShipResult> =>
    withClosedRoots(world, budget, closed, options.closed, () => {
      // Each walk (a first one, one after a closed-root read) gets the time left then.
      options.timeMs = Math.max(1, budget.timeLeftMs);
      return callPage(budget.site(world), 'capture', options);
    });
  let ship: ShipResult;
  try {
    ship = await exchange();
  } catch (error) {
    // The world died with its document (a navigation since the frame-tree read), at any step of
    // this frame's exchange: recreate it once and start the exchange over in the new document.
    if (!(TransportError.isInstance(error) && /context/i.test(error.message))) throw error;
    const again = performance.now();
    world = await tab.world(frameId, true);
    budget.time('worldSetup', again);
    options.closed.rescan = true;
    options.closed.again = false;
    ship = await exchange();
  }
  budget.nodesLeft -= ship.walked;
  addPageTimings(budget, ship.timings);
  for (const reason of ship.exhausted) budget.exhausted.add(reason as 'time' | 'nodes' | 'calls');
  const result: FrameWalk = { frameId, loaderId: world.loaderId, world, outOfProcess: frame.outOfProcess, ship, path, children: [] };

  const owners = ship.nodes.map((node, index) => ({ node, index })).filter(({ node }) => node.frameOwner && node.vis !== 'css_hidden' && node.content && node.content.width > 0 && node.content.height > 0);
  if (owners.length === 0) return result;
  if (!budget.reserve(owners.length + 2)) return result;
  const objects = await callPageObjects(budget.site(world), 'elements', owners.map(({ node }) => node.handle));
  const described = await Promise.all(
    owners.map(({ index }, i) => {
      const objectId = objects[i]?.objectId;
      return objectId ? budget.send(world.session, 'DOM.describeNode', { objectId }).then((r) => ({ index, frameId: r.node.frameId ?? null })) : Promise.resolve({ index, frameId: null as string | null });
    }),
  );
  result.children = await Promise.all(
    described.map(async ({ index, frameId: childId }) => {
      const owner = ship.nodes[index]!;
      if (!childId) return { owner: index, frame: { frameId: null, status: 'unprovable' as const, outOfProcess: false, url: '' } };
      const proven = await proveChild(tab, childId, world);
      if (!proven) return { owner: index, frame: { frameId: childId, status: 'unprovable' as const, outOfProcess: true, url: '' } };
      const content = owner.content!;
      const clip = owner.clip === undefined ? content : owner.clip === null ? null : intersectRects(content, owner.clip);
      const childPlacement: FramePlacement = { origin: { x: content.x, y: content.y }, clip, viewport: placement.viewport ?? ship.viewport, covered: placement.covered === true || owner.hit === 'covered' };
      return { owner: index, frame: await walkFrame(tab, childId, childPlacement, [...path, owner.record], plan, budget) };
    }),
  );
  return result;
}

/**
 * A child frame may be walked only when it belongs to this tab: a same-process frame listed in
 * this session's frame tree, or an out-of-process frame whose target was auto-attached beneath
 * this tab and whose id is the frame id the <iframe> element reports.
 */
async function proveChild(tab: CdpTab, frameId: string, parent: WorldRef): Promise<boolean> {
  const deadline = Date.now() + OOPIF_ATTACH_WAIT_MS;
  for (;;) {
    const child = tab.oopifSessions.get(frameId);
    if (child && tab.frames.get(frameId)?.session === child) {
      // Attached beneath this tab, and Chromium names one of this tab's frames as its parent.
      const parentFrame = tab.oopifParents.get(frameId);
      return parentFrame !== undefined && tab.frames.has(parentFrame);
    }
    const local = tab.frames.get(frameId);
    if (local && local.session === parent.session && !local.outOfProcess) {
      // Same process, unless the frame tree says otherwise: wait for an auto-attach if one is coming.
      return true;
    }
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (!tab.frames.has(frameId)) await tab.refreshFrames();
  }
}

/** The collector's own phase timings (page/collector.ts) added to the capture's, summed over frames. */
function addPageTimings(budget: CaptureCallBudget, timings: Record<string, number> | undefined): void {
  if (!timings) return;
  // The echo rules finish the walk's classification (which texts are nodes of their own).
  budget.timings.walk += (timings['walk'] ?? 0) + (timings['echo'] ?? 0);
  budget.timings.hitTest += timings['hit'] ?? 0;
  budget.timings.rank += (timings['rank'] ?? 0) + (timings['ship'] ?? 0);
}
