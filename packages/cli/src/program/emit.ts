import type { CliIo } from '../cli-io.js';
import { paletteFor } from '../format/palette.js';
import { exitCodeFor, formatFailure, isFailure } from '../format/result-text.js';
import { formatResult } from '../format/format-result.js';

export interface GlobalOptions {
  session: string;
  json: boolean;
}

/**
 * Prints a result and returns the exit code: `--json` prints the exact response on stdout; a
 * refusal or error always puts its code and message on stderr (0 ok, 2 refused, 1 error).
 */
export function emitResult(
  io: CliIo,
  globals: GlobalOptions,
  result: unknown,
  render: (result: unknown) => string = (value) =>
    formatResult(value, { palette: paletteFor(io.stdout, io.env), session: globals.session }),
): number {
  if (globals.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  if (isFailure(result)) io.stderr.write(`${formatFailure(result, paletteFor(io.stderr, io.env))}\n`);
  else if (!globals.json) io.stdout.write(`${render(result)}\n`);
  return exitCodeFor(result);
}

/** An unexpected failure of the CLI itself (daemon would not start, socket trouble): exit 1. */
export function emitCrash(io: CliIo, error: unknown): number {
  const palette = paletteFor(io.stderr, io.env);
  io.stderr.write(`${palette.red('error')} ${(error as Error).message ?? String(error)}\n`);
  return 1;
}
