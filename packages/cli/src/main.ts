import { CommanderError, InvalidArgumentError } from 'commander';
import { processIo, type CliIo } from './cli-io.js';
import { buildProgram, type ProgramResult } from './program/build-program.js';
import { UsageError } from './mapping/usage-error.js';
import { paletteFor } from './format/palette.js';

/** Exit code for a command line the CLI could not use: the same as a refusal. */
export const USAGE_EXIT_CODE = 2;

/**
 * Runs the CLI on `argv` (without `node` and the script) and resolves to the exit code:
 * 0 ok, 2 refused or unusable command line, 1 error.
 */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const result: ProgramResult = { exitCode: 0 };
  const program = buildProgram(io, result, argv);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return result.exitCode;
  } catch (error) {
    // Thrown by an action (commander printed nothing yet; an argument parser's own is re-thrown as a plain CommanderError).
    if (error instanceof InvalidArgumentError) return usage(io, argv, error);
    if (error instanceof CommanderError) {
      // Commander has already printed its message (and a suggestion) on stderr.
      // `help <command>` ends as 'commander.help' with exit code 0; help for no command has 1.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || (error.code === 'commander.help' && error.exitCode === 0)) {
        return 0;
      }
      return USAGE_EXIT_CODE;
    }
    if (UsageError.isInstance(error)) return usage(io, argv, error as Error);
    const palette = paletteFor(io.stderr, io.env);
    io.stderr.write(`${palette.red('error')} ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}

function usage(io: CliIo, argv: readonly string[], error: Error): number {
  const palette = paletteFor(io.stderr, io.env);
  io.stderr.write(`${palette.yellow('usage')} ${error.message}\n(see \`sightline ${argv[0] ?? ''} --help\`)\n`);
  return USAGE_EXIT_CODE;
}
