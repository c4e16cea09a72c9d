import { SightlineError, TransportError } from '@sightline/semantic-core';
import type { CdpTab } from '../tab/cdp-tab.js';

/** Errors thrown while input was being delivered: those keep their class (something may have happened). */
const duringDelivery = new WeakSet<object>();

/** Marks an error thrown by a delivery step (observed-delivery.ts) so it is never turned into a refusal. */
export function markDeliveryError(error: unknown): void {
  if (typeof error === 'object' && error !== null) duringDelivery.add(error);
}

/** The document the action aimed into went away or was replaced under it. */
const DOCUMENT_REPLACED = /Cannot find context with specified id|Execution context was destroyed|Could not find node with given id|No node with given id found|does not belong to the document|Cannot find default execution context/i;

/**
 * Issue #12 item 6 (SPEC §7): a step that fails while the connection is fine — no node at the
 * location, no layout object, an exception in the page's isolated world — is not a transport error.
 * Before delivery such a failure becomes a refusal with advice (`browser_action_unavailable`, or
 * `browser_ref_stale` when the document changed), since nothing was sent to the page. Timeouts,
 * closed sessions and closed connections, and anything thrown while input was being delivered,
 * stay `browser_transport_error`.
 */
export function asStepRefusal(error: unknown, action: string, tab: CdpTab): unknown {
  if (!TransportError.isInstance(error) || error.failure !== 'protocol_error') return error;
  if (duringDelivery.has(error) || tab.session.detached) return error;
  const step = error.method ?? 'a protocol step';
  if (DOCUMENT_REPLACED.test(error.message)) {
    return new SightlineError('browser_ref_stale', `the page changed while the ${action} was being prepared (${error.message}); nothing was delivered. Take a new snapshot and use its refs`, { reason: 'document_changed', step });
  }
  if (/layout object/i.test(error.message)) {
    return new SightlineError('browser_action_unavailable', `the element has no box to ${action} (it is not rendered now: display:none or contents, or drawn by the browser itself); nothing was delivered. Take a new snapshot`, { reason: 'no_box', step });
  }
  return new SightlineError(
    'browser_action_unavailable',
    `the ${action} could not be prepared: ${error.message}; nothing was delivered. The element may have changed since the snapshot: take a new snapshot and try again`,
    { reason: 'step_failed', step },
  );
}
