import type { RefusalCode } from '../contract/refusal-codes.js';

const MARKER = Symbol.for('sightline.error');

/** A refusal (SPEC §7): a normal, structured answer, not a crash. */
export class SightlineError extends Error {
  readonly [MARKER] = true;
  readonly code: RefusalCode;
  readonly detail: Record<string, unknown> | undefined;

  constructor(code: RefusalCode, message: string, detail?: Record<string, unknown>) {
    super(message);
    this.name = 'SightlineError';
    this.code = code;
    this.detail = detail;
  }

  static isInstance(value: unknown): value is SightlineError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

export function refuse(code: RefusalCode, message: string, detail?: Record<string, unknown>): never {
  throw new SightlineError(code, message, detail);
}
