import type { Protocol } from 'devtools-protocol';
import { TransportError } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';
import type { PageActionMethods } from './page-methods.js';

/** Remote objects created for one action live in this group, released when it ends. */
export const ACTION_GROUP = 'sightline-action';

/** A DOM node (or other object) of a collector world, seen from Node. */
export class PageObject {
  /** Nominal: a plain `{objectId}` is not a PageObject (arguments are told apart by class). */
  private readonly nominal = 'page-object';
  constructor(readonly objectId: string) {}
}

/** The collector's action methods as Node calls them: DOM nodes are `PageObject`s. */
export type PageMethods = PageActionMethods<PageObject>;

/** The collector world of one frame document: where page methods run. */
export interface PageWorld {
  session: CdpSession;
  contextId: number;
}

type Returning<R> = { [K in keyof PageMethods]: ReturnType<PageMethods[K]> extends R ? K : never }[keyof PageMethods];
/** Methods answering JSON values (no node in the answer). */
export type PageValueMethod = Exclude<keyof PageMethods, Returning<PageObject | null> | Returning<PageObject[]>>;
/** Methods answering one node (or null). */
export type PageObjectMethod = Returning<PageObject | null>;
/** Methods answering a list of nodes. */
export type PageObjectsMethod = Returning<PageObject[]>;

/**
 * THE typed way for Node to run in-page action code: `globalThis.__sightline[method](...args)` in
 * the frame's collector world (never the page's main world, so page scripts cannot patch it).
 * `PageObject` arguments travel as remote objects of that world, everything else as JSON. A
 * method renamed or retyped in page-methods.ts / page/collector.ts breaks the build here.
 *
 *     const { moved } = await callPage(target.world, 'scrollBy', target.node, 0, 400);
 */
export async function callPage<M extends PageValueMethod>(world: PageWorld, method: M, ...args: Parameters<PageMethods[M]>): Promise<Awaited<ReturnType<PageMethods[M]>>> {
  const response = await send(world, method, args, true);
  return response.result.value as Awaited<ReturnType<PageMethods[M]>>;
}

/** `callPage` for a method answering a node: its remote object (null for null). */
export async function callPageObject<M extends PageObjectMethod>(world: PageWorld, method: M, ...args: Parameters<PageMethods[M]>): Promise<PageObject | null> {
  const response = await send(world, method, args, false);
  const objectId = response.result.objectId;
  return response.result.subtype === 'null' || !objectId ? null : new PageObject(objectId);
}

/** `callPage` for a method answering a list of nodes: their remote objects, in order. */
export async function callPageObjects<M extends PageObjectsMethod>(world: PageWorld, method: M, ...args: Parameters<PageMethods[M]>): Promise<PageObject[]> {
  const response = await send(world, method, args, false);
  const arrayId = response.result.objectId;
  if (!arrayId) return [];
  const { result } = await world.session.send('Runtime.getProperties', { objectId: arrayId, ownProperties: true });
  return result
    .filter((property) => /^\d+$/.test(property.name) && property.value?.objectId)
    .sort((a, b) => Number(a.name) - Number(b.name))
    .map((property) => new PageObject(property.value!.objectId!));
}

async function send(world: PageWorld, method: keyof PageMethods, args: unknown[], byValue: boolean): Promise<Protocol.Runtime.CallFunctionOnResponse> {
  const response = await world.session.send('Runtime.callFunctionOn', {
    functionDeclaration: CALL,
    executionContextId: world.contextId,
    arguments: [{ value: method }, ...args.map(toArgument)],
    returnByValue: byValue,
    // A method may answer a promise (e.g. dragStarted): its settled value is the answer.
    awaitPromise: true,
    ...(byValue ? {} : { objectGroup: ACTION_GROUP }),
  });
  if (response.exceptionDetails) {
    const description = response.exceptionDetails.exception?.description ?? response.exceptionDetails.text;
    throw new TransportError('protocol_error', `an action step (${method}) failed in the page's isolated world: ${description}`, 'Runtime.callFunctionOn');
  }
  return response;
}

/** The one function declaration every page call uses: a method of the collector by name. */
const CALL = 'function(method, ...args) { return globalThis.__sightline[method](...args); }';

function toArgument(value: unknown): Protocol.Runtime.CallArgument {
  return value instanceof PageObject ? { objectId: value.objectId } : { value };
}
