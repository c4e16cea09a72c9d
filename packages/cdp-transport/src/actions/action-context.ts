import { SightlineError, type NodeAddress } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';
import type { OpaqueKeys } from '../frame-keys.js';
import type { CdpTab, TabFrame } from '../tab/cdp-tab.js';
import { ACTION_GROUP, callPageObject, type PageObject } from '../page-call/page-call.js';

export { ACTION_GROUP } from '../page-call/page-call.js';

/** What action delivery needs from the connection: the tab, the opaque key maps, how clicks are delivered. */
export interface ActionContext {
  tab: CdpTab;
  frameKeys: OpaqueKeys;
  documentKeys: OpaqueKeys;
  /** Resolved `clickDelivery` (see `click-delivery.ts`); absent means `mouse`. */
  clickDelivery?: 'mouse' | 'keyboard';
}

export interface WorldHandle {
  session: CdpSession;
  contextId: number;
  loaderId: string;
}

/** A node resolved for delivery: its frame, the collector world of its document, its remote object. */
export interface ActionTarget {
  frameId: string;
  frame: TabFrame;
  world: WorldHandle;
  /** The node's remote object id in `world` (also `node.objectId`). */
  objectId: string;
  /** The node as an argument of page calls (`callPage(target.world, 'isFocused', target.node)`). */
  node: PageObject;
}

/** The same target with another node of its world (an option of a listbox, say). */
export function withNode(target: ActionTarget, node: PageObject): ActionTarget {
  return { ...target, objectId: node.objectId, node };
}

const STALE = 'take a new snapshot and use its refs';

/**
 * Resolves a node address to a remote object in the collector world of its frame. The Driver has
 * just re-proven the node; anything that moved since (frame gone, document replaced, node
 * detached) is refused as stale rather than resolved to something else.
 */
export async function resolveTarget(context: ActionContext, address: NodeAddress): Promise<ActionTarget> {
  const { tab } = context;
  const frameId = context.frameKeys.raw(address.frame);
  const frame = frameId ? tab.frames.get(frameId) : undefined;
  if (!frameId || !frame) throw new SightlineError('browser_ref_stale', `the ref's frame is gone; ${STALE}`);
  if (context.documentKeys.raw(address.documentKey) !== frame.loaderId) throw new SightlineError('browser_ref_stale', `the ref's document was replaced; ${STALE}`);
  const world = await tab.world(frameId);
  if (world.loaderId !== frame.loaderId) throw new SightlineError('browser_ref_stale', `the ref's document was replaced; ${STALE}`);
  const handle = Number(address.handle);
  if (!Number.isInteger(handle)) throw new SightlineError('browser_ref_stale', `the ref no longer names a node; ${STALE}`);
  const node = await callPageObject(world, 'liveNode', handle);
  if (!node) throw new SightlineError('browser_ref_stale', `the ref's node is no longer attached; ${STALE}`);
  return { frameId, frame, world, objectId: node.objectId, node };
}

/** Releases every remote object an action created in these sessions (best effort). */
export async function releaseActionObjects(sessions: Iterable<CdpSession>): Promise<void> {
  await Promise.all([...new Set(sessions)].map((session) => session.send('Runtime.releaseObjectGroup', { objectGroup: ACTION_GROUP }).catch(() => undefined)));
}
