import { SightlineError, type ActionOutcome } from '@sightline/semantic-core';
import type { Protocol } from 'devtools-protocol';
import type { CdpTab } from '../tab/cdp-tab.js';
import type { ActionContext, ActionTarget } from './action-context.js';
import { aimAt, type Point } from './click-point.js';
import { callPage } from '../page-call/page-call.js';
import { mouseDown, mouseMove, mouseUp, pathBetween } from './mouse-input.js';
import { nextEvent } from './next-event.js';
import { observeDelivery, sitesFor } from './observed-delivery.js';
import type { ProbeSite } from './effect-probe.js';

/** Intermediate pointer moves between the press and the release. */
export const DRAG_STEPS = 8;
/** The first move goes this far (CSS px) so it clears drag thresholds (Chromium's is 4 px; libraries use 5–10). */
const FIRST_STEP_PX = 12;
/** Bound on the browser's intercepted-drag event once the page has started an HTML5 drag. */
const INTERCEPT_TIMEOUT_MS = 5000;
/** Rounds of aiming at both ends before giving up on getting both on screen at once. */
const AIM_ROUNDS = 3;

type Ends = { kind: 'clear'; from: Point; to: Point } | Extract<ActionOutcome, { delivered: false }>;

/**
 * SPEC §12 drag: both ends hit-tested like clicks (a covered end delivers nothing), then a press
 * on `source`, several moves with the button held, and a release over `to`'s centre.
 *
 * HTML5 drag and drop: drags are intercepted (`Input.setInterceptDrags`) from the press on; when
 * the first move starts a drag (the collector's drag watch saw an uncancelled `dragstart`), the
 * browser hands over the drag data and the rest is `Input.dispatchDragEvent` dragEnter, dragOver
 * at each step and drop on the target — the same events a user's drag gives the page, without an
 * OS drag session. Everything goes to the tab's own session (background-safe).
 */
export async function deliverDrag(context: ActionContext, source: ActionTarget, to: ActionTarget): Promise<ActionOutcome> {
  const { tab } = context;
  const ends = await aimBoth(tab, source, to);
  if ('delivered' in ends) return ends;
  const sites = await probeSites(tab, source, to);
  return observeDelivery(tab, sites.sites, sites.watchedEverything, () => dragBetween(tab, source, ends.from, ends.to));
}

async function dragBetween(tab: CdpTab, source: ActionTarget, from: Point, to: Point): Promise<void> {
  const session = tab.session;
  const path = dragPath(from, to);
  await mouseMove(session, from);
  await mouseDown(session, from, 'left', 1);
  const intercepted = nextEvent(session, 'Input.dragIntercepted');
  let data: Protocol.Input.DragData | null = null;
  try {
    await callPage(source.world, 'armDragWatch');
    await session.send('Input.setInterceptDrags', { enabled: true });
    await mouseMove(session, path[0]!, 'left');
    const started = await callPage(source.world, 'dragStarted').catch(() => false);
    if (started) data = (await intercepted.wait(INTERCEPT_TIMEOUT_MS))?.data ?? null;
  } finally {
    intercepted.dispose();
    await session.send('Input.setInterceptDrags', { enabled: false }).catch(() => undefined);
  }
  if (data) {
    await session.send('Input.dispatchDragEvent', { type: 'dragEnter', x: path[0]!.x, y: path[0]!.y, data });
    for (const point of path.slice(1)) await session.send('Input.dispatchDragEvent', { type: 'dragOver', x: point.x, y: point.y, data });
    // The drop ends the drag: the source gets `dragend`, and the pressed button with it.
    await session.send('Input.dispatchDragEvent', { type: 'drop', x: to.x, y: to.y, data });
    return;
  }
  for (const point of path.slice(1)) await mouseMove(session, point, 'left');
  await mouseUp(session, to, 'left', 1);
}

/** A first step of FIRST_STEP_PX towards the target, then DRAG_STEPS even steps ending on it. */
export function dragPath(from: Point, to: Point): Point[] {
  const distance = Math.hypot(to.x - from.x, to.y - from.y);
  if (distance <= FIRST_STEP_PX) return [to, to];
  const first = { x: from.x + ((to.x - from.x) * FIRST_STEP_PX) / distance, y: from.y + ((to.y - from.y) * FIRST_STEP_PX) / distance };
  return [first, ...pathBetween(first, to, DRAG_STEPS)];
}

/**
 * Aims at the source, then the drop target, then the source again: aiming scrolls an element into
 * view, so the points hold only when the second aim at the source did not move it.
 */
async function aimBoth(tab: CdpTab, source: ActionTarget, to: ActionTarget): Promise<Ends> {
  let from = await aimAt(tab, source);
  for (let round = 0; round < AIM_ROUNDS; round++) {
    if (from.kind === 'covered') return { delivered: false, reason: 'covered', covering: from.covering };
    const drop = await aimAt(tab, to);
    if (drop.kind === 'covered') return { delivered: false, reason: 'drop_covered', covering: drop.covering };
    const again = await aimAt(tab, source);
    if (again.kind === 'clear' && again.point.x === from.point.x && again.point.y === from.point.y) return { kind: 'clear', from: from.point, to: drop.point };
    from = again;
  }
  throw new SightlineError(
    'browser_action_unavailable',
    'ref and to_ref cannot be on screen at the same time, so nothing was dragged; scroll so both show (or drag in smaller moves), take a new snapshot and drag again',
    { field: 'to_ref', reason: 'not_on_screen_together' },
  );
}

/** The source's sites plus the drop target's document when that is another one. */
async function probeSites(tab: CdpTab, source: ActionTarget, to: ActionTarget): Promise<{ sites: ProbeSite[]; watchedEverything: boolean }> {
  const first = await sitesFor(tab, source);
  if (to.world.session === source.world.session && to.world.contextId === source.world.contextId) return first;
  const second = await sitesFor(tab, to);
  const sites = [...first.sites];
  for (const site of second.sites) {
    if (!sites.some((known) => known.session === site.session && known.contextId === site.contextId)) sites.push({ session: site.session, contextId: site.contextId });
  }
  return { sites, watchedEverything: first.watchedEverything && second.watchedEverything };
}
