import { refusalResponse } from '@sightline/semantic-core';
import type { CliIo } from '../cli-io.js';
import { connectToDaemon, exchange, type DaemonAnswer } from '../daemon/daemon-client.js';
import { runtimeDirectory, runtimePaths } from '../daemon/paths.js';
import type { DaemonOp } from '../daemon/protocol.js';
import { withProgress } from '../ui/progress.js';
import { emitCrash, emitResult, type GlobalOptions } from './emit.js';

export interface DaemonCommandOptions {
  /** Start the daemon when none runs (open, bind); otherwise `whenNoDaemon` answers. */
  autoStart: boolean;
  /** Spinner label for a command that may take over a second. */
  progress?: string;
  /** The result when no daemon runs and `autoStart` is false. */
  whenNoDaemon?: () => unknown;
  /** Custom human rendering (e.g. screenshot writes a file first); `daemonMs`: the daemon's own time. */
  render?: (result: unknown, daemonMs?: number) => Promise<string> | string;
  /** Runs after the daemon answered (e.g. wait for the daemon process to exit). */
  after?: (result: unknown) => Promise<void>;
}

export function notBoundResult(session: string): unknown {
  return refusalResponse(
    'browser_requires_setup',
    `session "${session}" is not bound to a browser (no sightline daemon is running): run \`sightline open <url>\` or \`sightline bind --cdp <url>\` first`,
  );
}

/** Sends one command to the daemon (starting it if asked), prints the result, returns the exit code. */
export async function runDaemonCommand(
  io: CliIo,
  globals: GlobalOptions,
  op: DaemonOp,
  params: Record<string, unknown>,
  options: DaemonCommandOptions,
): Promise<number> {
  const paths = runtimePaths(runtimeDirectory(io.env));
  let result: unknown;
  let daemonMs: number | undefined;
  try {
    const socket = await withProgress(io.stderr, 'starting the sightline daemon', connectToDaemon(paths, options.autoStart));
    if (!socket) {
      result = options.whenNoDaemon ? options.whenNoDaemon() : notBoundResult(globals.session);
    } else {
      try {
        const work = exchange(socket, globals.session, op, params);
        const answer: DaemonAnswer = await (options.progress ? withProgress(io.stderr, options.progress, work) : withProgress(io.stderr, `${op}…`, work));
        result = answer.result;
        daemonMs = answer.handledMs;
      } finally {
        socket.destroy();
      }
      if (options.after) await options.after(result);
    }
  } catch (error) {
    return emitCrash(io, error);
  }
  if (options.render && !globals.json && (result as { status?: unknown }).status === 'ok') {
    const render = options.render;
    const text = await render(result, daemonMs);
    return emitResult(io, globals, result, () => text);
  }
  return emitResult(io, globals, result);
}
