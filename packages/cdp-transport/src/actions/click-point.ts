import { SightlineError } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';
import type { CdpTab } from '../tab/cdp-tab.js';
import type { ActionTarget } from './action-context.js';
import { describeCovering, type Covering } from './covering.js';
import { ACTION_GROUP, callPage, PageObject } from '../page-call/page-call.js';

export interface Point {
  x: number;
  y: number;
}

/** Where to click, in the tab's top-level viewport (CSS px), or who would receive it instead. */
export type Aim = { kind: 'clear'; point: Point } | { kind: 'covered'; covering: Covering };

/** A local root's layout viewport: its size (to clip quads) and scroll offset (viewport → document). */
interface Viewport {
  width: number;
  height: number;
  pageX: number;
  pageY: number;
}

/**
 * SPEC §6 aiming: scroll the node into view inside every scroll container (no focus move), take
 * the centre of its first visible content quad and hit-test that point — in the node's own frame,
 * then, for an out-of-process frame, at its <iframe> in every ancestor renderer up to the tab,
 * translating the point as it goes; an aim that may be stale is taken again until two agree
 * (`settled`). A hit elsewhere (a sticky or fixed header over the target's current place, say) gets
 * one more try with the target centred in every scroller; if something still covers it, the click
 * is refused naming the coverer.
 *
 * Quads come in viewport coordinates of their local root; `DOM.getNodeForLocation` takes document
 * coordinates, so each hit test adds that local root's scroll offset.
 */
export async function aimAt(tab: CdpTab, target: ActionTarget): Promise<Aim> {
  const first = await settled(tab, target, await aimOnce(tab, target, true));
  if (first.aim.kind === 'clear') return first.aim;
  const { moved } = await callPage(target.world, 'centreInView', target.node, first.hit);
  return moved ? (await settled(tab, target, await aimOnce(tab, target, false))).aim : first.aim;
}

/** One aim: where to click or who covers it; `hit` is the covering node when it lies in the target's own document. */
interface Aimed {
  aim: Aim;
  hit: PageObject | null;
  /** The ancestor documents of an out-of-process target the aim went through (empty: the tab's own process). */
  path: string[];
}

/** Aims taken again at most this many times while the documents on the way settle. */
const SETTLE_TRIES = 3;

/**
 * An aim counts once two agree, wherever it can be stale:
 * - in an out-of-process frame, scrolling the target into view reaches the ancestor documents
 *   asynchronously (the browser relays it from process to process), and the browser routes input
 *   into the frame by what each document last drew (seen: ~3 clicks in 4 into a nested frame below
 *   the first screen landed in the middle frame) — so it is taken again once every document on the
 *   way has drawn;
 * - a covered aim, because the page may have moved the target between the box read and the hit
 *   test (TodoMVC's info bar shifts the whole app 300 px when its XHR answers).
 */
async function settled(tab: CdpTab, target: ActionTarget, aimed: Aimed): Promise<Aimed> {
  let current = aimed;
  for (let tries = 0; (current.path.length > 0 || current.aim.kind === 'covered') && tries < SETTLE_TRIES; tries++) {
    await drawn(tab, current.path);
    const again = await aimOnce(tab, target, false);
    if (samePlace(again.aim, current.aim)) return again;
    current = again;
  }
  return current;
}

function samePlace(a: Aim, b: Aim): boolean {
  if (a.kind === 'clear' && b.kind === 'clear') return Math.abs(a.point.x - b.point.x) < 0.5 && Math.abs(a.point.y - b.point.y) < 0.5;
  return a.kind === 'covered' && b.kind === 'covered';
}

/** Longest wait for a document to draw (a hidden tab draws none: the aim then stands as taken). */
const DRAWN_TIMEOUT_MS = 500;

/** Waits until each of these documents has drawn two more frames (or the bound passed). */
async function drawn(tab: CdpTab, frameIds: string[]): Promise<void> {
  await Promise.all(
    frameIds.map(async (frameId) => {
      try {
        await callPage(await tab.world(frameId), 'framePresented', DRAWN_TIMEOUT_MS);
      } catch {
        // A frame that went away meanwhile: the next aim's hit tests say so.
      }
    }),
  );
}

async function aimOnce(tab: CdpTab, target: ActionTarget, scroll: boolean): Promise<Aimed> {
  const session = target.frame.session;
  if (scroll) await session.send('DOM.scrollIntoViewIfNeeded', { objectId: target.objectId });
  const [{ quads }, viewport] = await Promise.all([session.send('DOM.getContentQuads', { objectId: target.objectId }), viewportOf(session)]);
  let point = visibleCentre(quads, viewport);
  if (!point) {
    throw new SightlineError('browser_action_unavailable', 'the element has no visible box to click (it may be collapsed or clipped); take a new snapshot', { reason: 'no_box' });
  }
  const hit = await nodeAt(session, point, viewport);
  const hitObject = await resolveHit(target, hit);
  if (!hitObject || !(await callPage(target.world, 'hitInside', target.node, hitObject))) {
    const covering = await describeCovering(tab, session, hit, hit.frameId === target.frameId ? target.objectId : null);
    return { aim: { kind: 'covered', covering }, hit: hitObject, path: [] };
  }
  // Out-of-process frames: the point must also reach the frame's <iframe> in each parent renderer.
  let frameId = target.frameId;
  let current = session;
  const path: string[] = [];
  while (current !== tab.session) {
    const rootId = localRootOf(tab, frameId, current);
    const parentId = rootId ? (tab.oopifParents.get(rootId) ?? tab.frames.get(rootId)?.parentId) : undefined;
    const parent = parentId ? tab.frames.get(parentId) : undefined;
    if (!rootId || !parentId || !parent) throw new SightlineError('browser_ref_stale', "the ref's frame is no longer part of the tab; take a new snapshot");
    const owner = await parent.session.send('DOM.getFrameOwner', { frameId: rootId });
    point = await intoParent(parent.session, owner.backendNodeId, point);
    path.push(parentId);
    const parentHit = await nodeAt(parent.session, point, await viewportOf(parent.session));
    if (parentHit.backendNodeId !== owner.backendNodeId) {
      return { aim: { kind: 'covered', covering: await describeCovering(tab, parent.session, parentHit, null) }, hit: null, path };
    }
    frameId = parentId;
    current = parent.session;
  }
  return { aim: { kind: 'clear', point }, hit: null, path };
}

/**
 * A point of an out-of-process frame's viewport in its parent's viewport: scroll the parent so the
 * point is visible there (the frame's own scroll does not always carry across processes), then
 * offset it by the <iframe>'s content box.
 */
async function intoParent(session: CdpSession, ownerId: number, point: Point): Promise<Point> {
  const before = (await session.send('DOM.getBoxModel', { backendNodeId: ownerId })).model;
  const rect = { x: point.x + before.content[0]! - before.border[0]!, y: point.y + before.content[1]! - before.border[1]!, width: 1, height: 1 };
  await session.send('DOM.scrollIntoViewIfNeeded', { backendNodeId: ownerId, rect });
  const { model } = await session.send('DOM.getBoxModel', { backendNodeId: ownerId });
  return { x: point.x + model.content[0]!, y: point.y + model.content[1]! };
}

/** The node at a viewport point of the session's local root (hit test in document coordinates). */
async function nodeAt(session: CdpSession, point: Point, viewport: Viewport): Promise<{ backendNodeId: number; frameId: string }> {
  return session.send('DOM.getNodeForLocation', {
    x: Math.floor(point.x + viewport.pageX),
    y: Math.floor(point.y + viewport.pageY),
    includeUserAgentShadowDOM: false,
    ignorePointerEventsNone: false,
  });
}

/**
 * The hit node as an object of the target's world, when it lies in the target's document. A
 * pseudo-element resolves to a CSSPseudoElement, which the page methods map to its element.
 */
async function resolveHit(target: ActionTarget, hit: { backendNodeId: number; frameId: string }): Promise<PageObject | null> {
  if (hit.frameId !== target.frameId) return null;
  const { object } = await target.world.session.send('DOM.resolveNode', { backendNodeId: hit.backendNodeId, executionContextId: target.world.contextId, objectGroup: ACTION_GROUP });
  return object.objectId ? new PageObject(object.objectId) : null;
}

/** The out-of-process root frame (attached on `session`) whose subtree holds `frameId`. */
function localRootOf(tab: CdpTab, frameId: string, session: CdpSession): string | undefined {
  for (let id: string | undefined = frameId; id; id = tab.frames.get(id)?.parentId) {
    const frame = tab.frames.get(id);
    if (!frame || frame.session !== session) return undefined;
    if (tab.oopifSessions.get(id) === session) return id;
  }
  return undefined;
}

async function viewportOf(session: CdpSession): Promise<Viewport> {
  const metrics = await session.send('Page.getLayoutMetrics');
  return {
    width: metrics.cssLayoutViewport.clientWidth,
    height: metrics.cssLayoutViewport.clientHeight,
    pageX: metrics.cssVisualViewport.pageX,
    pageY: metrics.cssVisualViewport.pageY,
  };
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
