import { SightlineError } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';
import type { CdpTab } from '../tab/cdp-tab.js';
import { ACTION_GROUP, type ActionTarget } from './action-context.js';
import { describeCovering, type Covering } from './covering.js';
import { callOn } from './world-calls.js';
import { HIT_INSIDE } from './world-functions.js';

export interface Point {
  x: number;
  y: number;
}

/** Where to click, in the tab's top-level viewport (CSS px), or who would receive it instead. */
export type Aim = { kind: 'clear'; point: Point } | { kind: 'covered'; covering: Covering };

/**
 * Scrolls the node into view, takes the centre of its first visible content quad and hit-tests
 * that point (SPEC §6) — in the node's own frame, then, for an out-of-process frame, at its
 * <iframe> in every ancestor renderer up to the tab, translating the point as it goes. Any other
 * element on top refuses the click.
 *
 * Quads and hit tests are in "local root" coordinates: same-process frames share the tab's,
 * an out-of-process frame has its own, offset by its owner's content box in the parent.
 */
export async function aimAt(tab: CdpTab, target: ActionTarget): Promise<Aim> {
  const session = target.frame.session;
  await session.send('DOM.scrollIntoViewIfNeeded', { objectId: target.objectId });
  const [{ quads }, viewport] = await Promise.all([session.send('DOM.getContentQuads', { objectId: target.objectId }), viewportOf(session)]);
  let point = visibleCentre(quads, viewport);
  if (!point) {
    throw new SightlineError('browser_action_unavailable', 'the element has no visible box to click (it may be collapsed or clipped); take a new snapshot', { reason: 'no_box' });
  }

  const hit = await session.send('DOM.getNodeForLocation', { x: Math.floor(point.x), y: Math.floor(point.y), includeUserAgentShadowDOM: false, ignorePointerEventsNone: false });
  if (!(await hitIsInside(target, hit))) {
    return { kind: 'covered', covering: await describeCovering(tab, session, hit, hit.frameId === target.frameId ? target.objectId : null) };
  }

  // Out-of-process frames: the point must also reach the frame's <iframe> in each parent renderer.
  let current = session;
  while (current !== tab.session) {
    const rootId = localRootOf(tab, target.frameId, current);
    const parentId = rootId ? (tab.oopifParents.get(rootId) ?? tab.frames.get(rootId)?.parentId) : undefined;
    const parent = parentId ? tab.frames.get(parentId) : undefined;
    if (!rootId || !parent) throw new SightlineError('browser_ref_stale', "the ref's frame is no longer part of the tab; take a new snapshot");
    const owner = await parent.session.send('DOM.getFrameOwner', { frameId: rootId });
    const { model } = await parent.session.send('DOM.getBoxModel', { backendNodeId: owner.backendNodeId });
    point = { x: point.x + model.content[0]!, y: point.y + model.content[1]! };
    const parentHit = await parent.session.send('DOM.getNodeForLocation', { x: Math.floor(point.x), y: Math.floor(point.y), includeUserAgentShadowDOM: false, ignorePointerEventsNone: false });
    if (parentHit.backendNodeId !== owner.backendNodeId) {
      return { kind: 'covered', covering: await describeCovering(tab, parent.session, parentHit, null) };
    }
    current = parent.session;
  }
  return { kind: 'clear', point };
}

async function hitIsInside(target: ActionTarget, hit: { backendNodeId: number; frameId: string }): Promise<boolean> {
  if (hit.frameId !== target.frameId) return false;
  try {
    const { object } = await target.world.session.send('DOM.resolveNode', { backendNodeId: hit.backendNodeId, executionContextId: target.world.contextId, objectGroup: ACTION_GROUP });
    if (!object.objectId) return false;
    return await callOn<boolean>(target.world.session, target.objectId, HIT_INSIDE, [{ objectId: object.objectId }]);
  } catch {
    return false;
  }
}

/** The out-of-process root frame (attached on `session`) that contains `frameId`. */
function localRootOf(tab: CdpTab, frameId: string, session: CdpSession): string | undefined {
  for (let id: string | undefined = frameId; id; id = tab.frames.get(id)?.parentId) {
    const frame = tab.frames.get(id);
    if (!frame || frame.session !== session) return undefined;
    if (tab.oopifSessions.get(id) === session) return id;
  }
  return undefined;
}

async function viewportOf(session: CdpSession): Promise<{ width: number; height: number }> {
  const metrics = await session.send('Page.getLayoutMetrics');
  return { width: metrics.cssLayoutViewport.clientWidth, height: metrics.cssLayoutViewport.clientHeight };
}

/** Centre of the first quad's bounding box clipped to the viewport, when at least 1×1 px is left. */
export function visibleCentre(quads: number[][], viewport: { width: number; height: number }): Point | null {
  for (const quad of quads) {
    if (quad.length < 8) continue;
    const xs = [quad[0]!, quad[2]!, quad[4]!, quad[6]!];
    const ys = [quad[1]!, quad[3]!, quad[5]!, quad[7]!];
    const left = Math.max(0, Math.min(...xs));
    const top = Math.max(0, Math.min(...ys));
    const right = Math.min(viewport.width, Math.max(...xs));
    const bottom = Math.min(viewport.height, Math.max(...ys));
    if (right - left >= 1 && bottom - top >= 1) return { x: (left + right) / 2, y: (top + bottom) / 2 };
  }
  return null;
}
