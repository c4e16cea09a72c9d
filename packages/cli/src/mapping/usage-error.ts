const MARKER = Symbol.for('sightline.cli-usage-error');

/** A command line the CLI cannot turn into a request; exits 2 like a refusal. */
export class UsageError extends Error {
  readonly [MARKER] = true;

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }

  static isInstance(value: unknown): value is UsageError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}
