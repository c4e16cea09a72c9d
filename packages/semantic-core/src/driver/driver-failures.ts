import type { z } from 'zod';
import type { RefusalCode } from '../contract/refusal-codes.js';
import type { Failure, RefusalResponse, TransportErrorResponse } from '../contract/responses.js';
import { SightlineError } from '../errors/sightline-error.js';
import { TransportError } from '../errors/transport-error.js';

/**
 * How the Driver turns anything that went wrong into a result (SPEC §7): it never throws.
 * - invalid input → `browser_invalid_request` naming the field and the problem;
 * - a SightlineError → a refusal with its code;
 * - a TransportError → `browser_transport_error` (never a partial success);
 * - anything else → a transport-error style result whose message carries no page text and no stack.
 */

/**
 * The one builder of a refusal body (SPEC §7). Frontends that refuse on their own (a reserved
 * session name, no session bound yet) call it too, so the body has one home. `detail` is left
 * out when absent.
 */
export function refusalResponse(code: RefusalCode, message: string, detail?: Record<string, unknown>): RefusalResponse {
  return { status: 'refused', refusal: detail ? { code, message, detail } : { code, message } };
}

/** The one builder of a transport-error body (SPEC §7): never a partial success. */
export function transportErrorResponse(message: string): TransportErrorResponse {
  return { status: 'error', error: { code: 'browser_transport_error', message } };
}

export function invalidRequest(field: string, problem: string, extra: Record<string, unknown> = {}): RefusalResponse {
  const where = field === '' ? 'the request' : `field "${field}"`;
  return refusalResponse('browser_invalid_request', `Invalid request: ${where}: ${problem}. Fix it and call again.`, {
    field: field === '' ? '(request)' : field,
    problem,
    ...extra,
  });
}

/** The first zod issue as a refusal; `unrecognized_keys` names the unknown key. */
export function zodRefusal(error: z.ZodError, prefix: readonly (string | number)[] = []): RefusalResponse {
  const issue = error.issues[0];
  if (!issue) return invalidRequest('', 'the request is not valid');
  const path = [...prefix, ...issue.path.map((part) => String(part))];
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    const field = [...path, keys[0] ?? ''].filter((part) => part !== '').join('.');
    return invalidRequest(field, `unknown field${keys.length > 1 ? 's' : ''} ${keys.map((key) => `"${key}"`).join(', ')}; remove it`);
  }
  const field = path.join('.');
  const received = describeMissing(issue);
  return invalidRequest(field, received ?? issue.message);
}

function describeMissing(issue: z.core.$ZodIssue): string | null {
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
    return `is required (expected ${(issue as { expected?: string }).expected ?? 'a value'})`;
  }
  return null;
}

/** Anything thrown, as the result a caller gets (see above); never carries a stack or page text. */
export function toFailure(error: unknown): Failure {
  if (SightlineError.isInstance(error)) return refusalResponse(error.code, error.message, error.detail);
  if (TransportError.isInstance(error)) return transportErrorResponse(transportMessage(error));
  const kind = error instanceof Error ? error.name : typeof error;
  return transportErrorResponse(`internal failure (${kind}) while handling the request; nothing was reported as done. Take a new snapshot and retry.`);
}

/** SPEC §7: what happened, that nothing was done, and what to do next — per kind of transport failure. */
function transportMessage(error: TransportError): string {
  switch (error.failure) {
    case 'connection_closed':
      return `${error.message}: the browser exited or crashed, or the link to it dropped; nothing was reported as done. Bind again (a new target_id) to go on.`;
    case 'timeout':
      return `${error.message}; nothing was reported as done. The browser is busy or the link to it is down: retry, and bind again if it keeps failing.`;
    case 'cancelled':
      return `${error.message}; nothing was reported as done.`;
    default:
      return `${error.message}; nothing was reported as done. Bind again if the browser is gone.`;
  }
}
