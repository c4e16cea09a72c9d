import type { Protocol } from 'devtools-protocol';
import { TransportError } from '@sightline/semantic-core';
import type { CollectorApi } from '../../page/wire/collector-api.js';
import type { CdpMethod, CdpParams, CdpResult } from '../connection/cdp-connection.js';
import type { CdpSession } from '../connection/cdp-session.js';
import { exceptionText } from '../connection/exception-text.js';
import { PAGE_SCRIPT } from '../generated/page-script.js';
import { PageObject } from './page-object.js';

export { PageObject } from './page-object.js';

/** Remote objects an action creates live in this group (the default), released when it ends. */
export const ACTION_GROUP = 'sightline-action';

/** The collector's methods as Node calls them: DOM nodes are `PageObject`s. */
export type PageMethods = CollectorApi<PageObject>;
type Answer<M extends keyof PageMethods> = Awaited<ReturnType<PageMethods[M]>>;
type MethodsAnswering<R> = { [K in keyof PageMethods]: Answer<K> extends R ? K : never }[keyof PageMethods];
/** Methods answering one node (or null): `callPageObject`. */
export type PageObjectMethod = MethodsAnswering<PageObject | null>;
/** Methods answering a list of nodes: `callPageObjects`. */
export type PageObjectsMethod = MethodsAnswering<ReadonlyArray<PageObject | null>>;
/** Methods answering JSON values (no node in the answer): `callPage`. */
export type PageValueMethod = Exclude<keyof PageMethods, PageObjectMethod | PageObjectsMethod>;

/** The collector world of one frame document: where page methods run. */
export interface PageWorld {
  session: CdpSession;
  contextId: number;
}

/** Sends a protocol command for a call (a capture's budget counts them). */
export interface CallSender {
  send<M extends CdpMethod>(session: CdpSession, method: M, params?: CdpParams<M>): Promise<CdpResult<M>>;
}

/**
 * Where and how a page call runs: a world, optionally the capture budget that counts its protocol
 * commands, and the object group remote-object answers are created in (default `ACTION_GROUP`).
 */
export interface PageCallSite extends PageWorld {
  budget?: CallSender;
  objectGroup?: string;
}

/**
 * THE typed way for Node to run in-page code: `globalThis.__sightline[method](...args)` in the
 * frame's collector world (never the page's main world, so page scripts cannot patch it).
 * `PageObject` arguments travel as remote objects of that world, everything else as JSON. The
 * method names and types are the collector's (`CollectorApi`, page/wire/collector-api.ts): a
 * method renamed or retyped there or in page/collector.ts breaks the build here.
 *
 *     const { moved } = await callPage(target.world, 'scrollBy', target.node, 0, 400);
 *     const ship = await callPage(budget.site(world), 'shipRanked', token, 0, 50);
 */
export async function callPage<M extends PageValueMethod>(site: PageCallSite, method: M, ...args: Parameters<PageMethods[M]>): Promise<Answer<M>> {
  const response = await send(site, method, args, true);
  return response.result.value as Answer<M>;
}

/** `callPage` for a method answering a node: its remote object (null for null). */
export async function callPageObject<M extends PageObjectMethod>(site: PageCallSite, method: M, ...args: Parameters<PageMethods[M]>): Promise<PageObject | null> {
  const response = await send(site, method, args, false);
  const objectId = response.result.objectId;
  return response.result.subtype === 'null' || !objectId ? null : new PageObject(objectId);
}

/** `callPage` for a method answering a list of nodes: their remote objects, at their indexes (null for a null entry). */
export async function callPageObjects<M extends PageObjectsMethod>(site: PageCallSite, method: M, ...args: Parameters<PageMethods[M]>): Promise<Answer<M>> {
  const response = await send(site, method, args, false);
  const arrayId = response.result.objectId;
  const out: Array<PageObject | null> = [];
  if (!arrayId) return out as Answer<M>;
  const { result } = await sender(site)(site.session, 'Runtime.getProperties', { objectId: arrayId, ownProperties: true });
  for (const property of result) {
    if (!/^\d+$/.test(property.name)) continue;
    const objectId = property.value?.objectId;
    out[Number(property.name)] = objectId ? new PageObject(objectId) : null;
  }
  return out as Answer<M>;
}

/** What the dispatch throws when the world holds no collector (a thrown string: matched exactly). */
const COLLECTOR_MISSING = 'sightline: no collector in this world';

/** The one function declaration every page call uses: a method of the collector by name. */
const DISPATCH = `function(method, ...args) { const collector = globalThis.__sightline; if (collector === undefined) throw ${JSON.stringify(COLLECTOR_MISSING)}; return collector[method](...args); }`;

async function send(site: PageCallSite, method: keyof PageMethods, args: unknown[], byValue: boolean): Promise<Protocol.Runtime.CallFunctionOnResponse> {
  const call = () =>
    sender(site)(site.session, 'Runtime.callFunctionOn', {
      functionDeclaration: DISPATCH,
      executionContextId: site.contextId,
      arguments: [{ value: method }, ...args.map(toArgument)],
      returnByValue: byValue,
      // A method may answer a promise (e.g. dragStarted): its settled value is the answer.
      awaitPromise: true,
      ...(byValue ? {} : { objectGroup: site.objectGroup ?? ACTION_GROUP }),
    });
  let response = await call();
  if (response.exceptionDetails?.exception?.value === COLLECTOR_MISSING) {
    // A world of ours without the collector (seen under load on CI: announced before its
    // collector ran, or that run failed): load it and ask once more.
    await loadCollector(site);
    response = await call();
  }
  if (response.exceptionDetails) {
    throw new TransportError('protocol_error', `the page's collector failed in ${method}: ${exceptionText(response.exceptionDetails)}`, 'Runtime.callFunctionOn');
  }
  return response;
}

/**
 * Loads the collector into a world of ours (`globalThis.__sightline`); a world that has one keeps
 * it (the entry is idempotent). Only for worlds the transport made or took as its own (isolated).
 */
export async function loadCollector(site: PageCallSite): Promise<void> {
  const evaluated = await sender(site)(site.session, 'Runtime.evaluate', { expression: PAGE_SCRIPT, contextId: site.contextId, returnByValue: true });
  if (evaluated.exceptionDetails) {
    throw new TransportError('protocol_error', `the collector failed to load: ${exceptionText(evaluated.exceptionDetails)}`, 'Runtime.evaluate');
  }
}

function sender(site: PageCallSite): <M extends CdpMethod>(session: CdpSession, method: M, params: CdpParams<M>) => Promise<CdpResult<M>> {
  const budget = site.budget;
  return budget ? (session, method, params) => budget.send(session, method, params) : (session, method, params) => session.send(method, params);
}

function toArgument(value: unknown): Protocol.Runtime.CallArgument {
  return value instanceof PageObject ? { objectId: value.objectId } : { value };
}
