const MARKER = Symbol.for('sightline.transport-error');

export type TransportFailure = 'protocol_error' | 'timeout' | 'target_closed' | 'connection_closed' | 'cancelled';

/**
 * A failure of the wire (SPEC §7 `browser_transport_error`): socket closed, timeout, crashed or
 * detached target, protocol error. Never reported as partial success. Built where the call was
 * made so the stack points at the caller.
 */
export class TransportError extends Error {
  readonly [MARKER] = true;
  readonly failure: TransportFailure;
  readonly method: string | undefined;

  constructor(failure: TransportFailure, message: string, method?: string) {
    super(message);
    this.name = 'TransportError';
    this.failure = failure;
    this.method = method;
  }

  static isInstance(value: unknown): value is TransportError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}
