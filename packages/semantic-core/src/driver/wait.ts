import { signalField } from './cancellable.js';
import type { Clock } from '../ports/clock.js';
import type { WaitCondition } from '../ports/browser-transport.js';
import type { CapabilityStore } from '../capabilities/capability-store.js';
import { DEFAULT_WAIT_TIMEOUT_MS, type WaitRequest, type WaitResponse } from '../contract/wait.js';
import { SightlineError, refuse } from '../errors/sightline-error.js';
import { assertStillBound } from './snapshot-target.js';

/**
 * SPEC §12 `browser_wait`: one condition, checked by the transport until it holds or the timeout
 * passes. A timeout is `met: false`, never a refusal. A ref must be current when the wait starts
 * (any ref of the tab's current snapshot: action or content); the tab closing meanwhile is refused.
 */
export async function runWait(store: CapabilityStore, request: WaitRequest, clock: Clock, signal?: AbortSignal): Promise<WaitResponse> {
  const { target, tab } = store.tab(request.session, request.target_id, request.tab_id);
  const generation = target.generation;
  const condition = conditionOf(store, request);
  const started = clock.now();
  let met: boolean;
  try {
    ({ met } = await target.connection.wait(tab.key, condition, request.timeout_ms ?? DEFAULT_WAIT_TIMEOUT_MS, signalField(signal)));
  } catch (error) {
    if (SightlineError.isInstance(error) && error.code === 'browser_tab_not_found') {
      store.closeTab(tab);
      refuse('browser_tab_not_found', `tab ${tab.id} closed while waiting; list the tabs (browser_tabs) and pick another`, { field: 'tab_id' });
    }
    throw error;
  }
  assertStillBound(target, generation, tab);
  return { status: 'ok', mode: 'wait', met, waited_ms: Math.max(0, Math.round(clock.now() - started)) };
}

function conditionOf(store: CapabilityStore, request: WaitRequest): WaitCondition {
  if (request.text !== undefined) return { kind: 'text', text: request.text };
  if (request.text_gone !== undefined) return { kind: 'text_gone', text: request.text_gone };
  if (request.url !== undefined) return { kind: 'url', pattern: request.url };
  if (request.load_state !== undefined) return { kind: 'load_state', state: request.load_state };
  // The schema guarantees ref + state here.
  const resolved = store.resolveRef(request.session, request.target_id, request.tab_id, request.ref!);
  return { kind: 'ref', node: resolved.address, state: request.state! };
}
