import type { Protocol } from 'devtools-protocol';
import { TransportError } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';
import { ACTION_GROUP } from './action-context.js';

/** One argument of a world call: a JSON value or a remote object of the same world. */
export type WorldArgument = { value: unknown } | { objectId: string };

type Call = Protocol.Runtime.CallFunctionOnRequest;

/** Calls `fn` with `this` = the remote object, returning its JSON result. */
export async function callOn<T>(session: CdpSession, objectId: string, fn: string, args: WorldArgument[] = []): Promise<T> {
  const response = await send(session, { functionDeclaration: fn, objectId, arguments: args, returnByValue: true });
  return response.result.value as T;
}

/** Calls `fn` with `this` = the remote object; returns the object it answers (null for null/undefined). */
export async function callOnForObject(session: CdpSession, objectId: string, fn: string, args: WorldArgument[] = []): Promise<string | null> {
  const response = await send(session, { functionDeclaration: fn, objectId, arguments: args, returnByValue: false, objectGroup: ACTION_GROUP });
  return response.result.subtype === 'null' ? null : (response.result.objectId ?? null);
}

/** Calls `fn` in an execution context (`this` undefined), returning its JSON result. */
export async function callInContext<T>(session: CdpSession, contextId: number, fn: string, args: WorldArgument[] = []): Promise<T> {
  const response = await send(session, { functionDeclaration: fn, executionContextId: contextId, arguments: args, returnByValue: true });
  return response.result.value as T;
}

/** The elements of a remote array, as object ids. */
export async function arrayElements(session: CdpSession, arrayId: string): Promise<string[]> {
  const { result } = await session.send('Runtime.getProperties', { objectId: arrayId, ownProperties: true });
  return result
    .filter((property) => /^\d+$/.test(property.name) && property.value?.objectId)
    .sort((a, b) => Number(a.name) - Number(b.name))
    .map((property) => property.value!.objectId!);
}

async function send(session: CdpSession, params: Call): Promise<Protocol.Runtime.CallFunctionOnResponse> {
  const response = await session.send('Runtime.callFunctionOn', params);
  if (response.exceptionDetails) {
    const description = response.exceptionDetails.exception?.description ?? response.exceptionDetails.text;
    throw new TransportError('protocol_error', `an action step failed in the page's isolated world: ${description}`, 'Runtime.callFunctionOn');
  }
  return response;
}
