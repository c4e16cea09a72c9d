import { TransportError, intersectRects, type Rect } from '@sightline/semantic-core';
import type { CdpTab } from '../tab/cdp-tab.js';
import { CaptureCallBudget } from '../capture/call-budget.js';
import { callPage, callPageObjects, type PageWorld as WorldRef } from '../page-call/page-call.js';

/** Object group of the frame-owner handles a mask pass creates (released at its end). */
const MASK_GROUP = 'sightline-masks';
/** A mask pass gives up (and the screenshot with it) after this long. */
const MASK_PASS_MS = 10_000;
/** Frames nested deeper than this are covered whole instead of read. */
const MAX_FRAME_DEPTH = 16;

/** Where a frame's viewport sits in the top-level viewport (CSS px), and what of it shows. */
interface Placement {
  x: number;
  y: number;
  scaleX: number;
  scaleY: number;
  /** The part of the top-level viewport the frame can paint into (null: the whole viewport). */
  clip: Rect | null;
}

export interface SecretMasks {
  /** The top-level layout viewport (CSS px), to scale boxes to image pixels. */
  viewport: { width: number; height: number };
  /** Boxes to paint opaque, in top-level viewport CSS px. */
  boxes: Rect[];
}

/**
 * SPEC §4 for pixels: the boxes of every secret field (the core's rule, page/secret-boxes.ts) in
 * every frame of the tab, same-process and out-of-process, placed in the top-level viewport. Read
 * in the isolated worlds, painted in Node (paint-masks.ts): a page script cannot see or remove them.
 * Fails closed: a child frame that cannot be read (not attached yet, gone mid-read, too deep) is
 * covered whole; a failure in the main frame fails the screenshot.
 */
export async function secretMasks(tab: CdpTab): Promise<SecretMasks> {
  const budget = new CaptureCallBudget(performance.now() + MASK_PASS_MS, Number.MAX_SAFE_INTEGER, 0, 0);
  const boxes: Rect[] = [];
  const sessions = new Set<WorldRef['session']>();
  try {
    const viewport = await frameMasks(tab, tab.mainFrameId, { x: 0, y: 0, scaleX: 1, scaleY: 1, clip: null }, budget, boxes, sessions, 0);
    return { viewport, boxes };
  } finally {
    await Promise.all([...sessions].map((session) => session.send('Runtime.releaseObjectGroup', { objectGroup: MASK_GROUP }).catch(() => undefined)));
  }
}

async function frameMasks(
  tab: CdpTab,
  frameId: string,
  placement: Placement,
  budget: CaptureCallBudget,
  out: Rect[],
  sessions: Set<WorldRef['session']>,
  depth: number,
): Promise<{ width: number; height: number }> {
  if (budget.timeLeftMs <= 0) throw new TransportError('timeout', `the screenshot's secret masks took longer than ${MASK_PASS_MS} ms; nothing was captured`, 'Runtime.callFunctionOn');
  const world = await tab.world(frameId);
  const found = await callPage(budget.site(world), 'secretBoxes');
  for (const box of found.boxes) push(out, place(box, placement), placement.clip);
  if (found.owners.length === 0) return found.viewport;
  sessions.add(world.session);
  const owners = await callPageObjects(budget.site(world, MASK_GROUP), 'secretFrameOwners');
  await Promise.all(
    found.owners.map(async (owner, index) => {
      const content = place(owner.content, placement);
      const clip = placement.clip ? intersectRects(content, placement.clip) : content;
      if (!clip || !(clip.width > 0 && clip.height > 0)) return;
      const child: Placement = { x: content.x, y: content.y, scaleX: placement.scaleX * owner.scaleX, scaleY: placement.scaleY * owner.scaleY, clip };
      const objectId = owners[index]?.objectId;
      try {
        const described = objectId ? await budget.send(world.session, 'DOM.describeNode', { objectId }) : null;
        const childId = described?.node.frameId;
        if (!childId || !tab.frames.has(childId) || depth + 1 > MAX_FRAME_DEPTH) throw new Error('unreadable frame');
        await frameMasks(tab, childId, child, budget, out, sessions, depth + 1);
      } catch (error) {
        // A frame whose secrets cannot be located is covered whole (fail closed), unless time ran out.
        if (TransportError.isInstance(error) && error.failure === 'connection_closed') throw error;
        out.push(clip);
      }
    }),
  );
  return found.viewport;
}

function place(box: Rect, at: Placement): Rect {
  return { x: at.x + box.x * at.scaleX, y: at.y + box.y * at.scaleY, width: box.width * at.scaleX, height: box.height * at.scaleY };
}

function push(out: Rect[], box: Rect, clip: Rect | null): void {
  const shown = clip ? intersectRects(box, clip) : box;
  if (shown && shown.width > 0 && shown.height > 0) out.push(shown);
}
