import { SightlineError, TransportError, type NodeAddress } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';
import type { OpaqueKeys } from '../frame-keys.js';
import type { CdpTab, TabFrame } from '../tab/cdp-tab.js';

/** What action delivery needs from the connection: the tab, the opaque key maps, how clicks are delivered. */
export interface ActionContext {
  tab: CdpTab;
  frameKeys: OpaqueKeys;
  documentKeys: OpaqueKeys;
  /** Resolved `clickDelivery` (see `click-delivery.ts`); absent means `mouse`. */
  clickDelivery?: 'mouse' | 'keyboard';
}

/** Remote objects created for one action live in this group, released when it ends. */
export const ACTION_GROUP = 'sightline-action';

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
  objectId: string;
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
  const response = await world.session.send('Runtime.callFunctionOn', {
    functionDeclaration: 'function(h){const n=globalThis.__sightline.node(h);return n&&n.isConnected&&n.ownerDocument===document?n:null}',
    executionContextId: world.contextId,
    arguments: [{ value: handle }],
    returnByValue: false,
    objectGroup: ACTION_GROUP,
  });
  if (response.exceptionDetails) {
    throw new TransportError('protocol_error', `the in-page collector failed to resolve a node: ${response.exceptionDetails.text}`, 'Runtime.callFunctionOn');
  }
  const objectId = response.result.objectId;
  if (!objectId || response.result.subtype === 'null') throw new SightlineError('browser_ref_stale', `the ref's node is no longer attached; ${STALE}`);
  return { frameId, frame, world, objectId };
}

/** Releases every remote object an action created in these sessions (best effort). */
export async function releaseActionObjects(sessions: Iterable<CdpSession>): Promise<void> {
  await Promise.all([...new Set(sessions)].map((session) => session.send('Runtime.releaseObjectGroup', { objectGroup: ACTION_GROUP }).catch(() => undefined)));
}
