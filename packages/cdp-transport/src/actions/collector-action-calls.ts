import { TransportError } from '@sightline/semantic-core';
import type { WorldHandle } from './action-context.js';

/** Collector methods the action path calls (page/collector.ts); each returns JSON or a promise of it. */
export type CollectorActionMethod = 'armDragWatch' | 'dragStarted';

/**
 * Calls `globalThis.__sightline.<method>(...args)` in an action target's collector world, awaiting
 * a returned promise, and answers its JSON value. The in-page code is the collector's (typed,
 * under page/); nothing but the method name travels as text.
 */
export async function callCollectorAction<T>(world: WorldHandle, method: CollectorActionMethod, args: unknown[] = []): Promise<T> {
  const response = await world.session.send('Runtime.callFunctionOn', {
    functionDeclaration: `function(...a){return globalThis.__sightline.${method}(...a)}`,
    executionContextId: world.contextId,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
    awaitPromise: true,
  });
  if (response.exceptionDetails) {
    throw new TransportError('protocol_error', `the in-page collector failed in ${method}: ${response.exceptionDetails.text}`, 'Runtime.callFunctionOn');
  }
  return response.result.value as T;
}
