import type { Protocol } from 'devtools-protocol';

/**
 * An exception's own words, as the protocol reports it: its description (an Error's, with the
 * stack), else a thrown primitive's value, else the protocol's text ("Uncaught").
 */
export function exceptionText(details: Protocol.Runtime.ExceptionDetails): string {
  const exception = details.exception;
  return exception?.description ?? (exception?.value !== undefined ? String(exception.value) : details.text);
}
