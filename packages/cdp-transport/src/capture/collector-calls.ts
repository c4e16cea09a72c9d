import type { Protocol } from 'devtools-protocol';
import { TransportError } from '@sightline/semantic-core';
import type { CdpSession } from '../connection/cdp-session.js';
import type { CaptureCallBudget } from './call-budget.js';

/** The object group every remote object of a capture is created in (released at its end). */
export const OBJECT_GROUP = 'sightline-capture';

export interface WorldRef {
  session: CdpSession;
  contextId: number;
}

/** Calls `globalThis.__sightline.<method>(...args)` in the world and returns the JSON value. */
export async function callCollector<T>(world: WorldRef, budget: CaptureCallBudget, method: string, args: unknown[]): Promise<T> {
  const response = await budget.send(world.session, 'Runtime.callFunctionOn', {
    functionDeclaration: `function(...a){return globalThis.__sightline.${method}(...a)}`,
    executionContextId: world.contextId,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
  });
  throwIfException(response, method);
  return response.result.value as T;
}

/** Calls a collector method that returns an array of DOM nodes; answers their remote object ids (null for gaps). */
export async function collectorObjects(world: WorldRef, budget: CaptureCallBudget, method: string, args: unknown[], objectGroup = OBJECT_GROUP): Promise<Array<string | null>> {
  const response = await budget.send(world.session, 'Runtime.callFunctionOn', {
    functionDeclaration: `function(...a){return globalThis.__sightline.${method}(...a)}`,
    executionContextId: world.contextId,
    arguments: args.map((value) => ({ value })),
    returnByValue: false,
    objectGroup,
  });
  throwIfException(response, method);
  const arrayId = response.result.objectId;
  if (!arrayId) return [];
  const { result } = await budget.send(world.session, 'Runtime.getProperties', { objectId: arrayId, ownProperties: true });
  const out: Array<string | null> = [];
  for (const property of result) {
    const index = Number(property.name);
    if (!Number.isInteger(index) || index < 0) continue;
    out[index] = property.value?.objectId ?? null;
  }
  return out;
}

/** `globalThis.__sightline.<method>(...values, objects)`: plain values, then the remote objects (by id) as one array. */
export async function callCollectorWithObjects(world: WorldRef, budget: CaptureCallBudget, method: string, values: unknown[], objectIds: string[]): Promise<void> {
  const response = await budget.send(world.session, 'Runtime.callFunctionOn', {
    functionDeclaration: `function(...a){return globalThis.__sightline.${method}(...a.slice(0, ${values.length}), a.slice(${values.length}))}`,
    executionContextId: world.contextId,
    arguments: [...values.map((value) => ({ value })), ...objectIds.map((objectId) => ({ objectId }))],
    returnByValue: true,
  });
  throwIfException(response, method);
}

function throwIfException(response: Protocol.Runtime.CallFunctionOnResponse, method: string): void {
  if (response.exceptionDetails) {
    const description = response.exceptionDetails.exception?.description ?? response.exceptionDetails.text;
    throw new TransportError('protocol_error', `the in-page collector failed in ${method}: ${description}`, 'Runtime.callFunctionOn');
  }
}
