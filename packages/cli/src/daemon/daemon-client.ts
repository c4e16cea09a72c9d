// node:net and node:child_process are loaded when first needed: `sightline --version` and
// `--help` then load neither (with crypto, dgram and streams they were ~40 internal modules per call).
// process.getBuiltinModule, not import(): from the CommonJS bundle an import() sets up Node's whole
// ES module loader (~15 internal modules) just to hand back a built-in.
import type { Socket } from 'node:net';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureRuntimeDirectory, type RuntimePaths } from './paths.js';
import { LineSplitter, PROTOCOL_VERSION, type DaemonOp, type DaemonRequest, type DaemonResponse } from './protocol.js';

// From the bundled client (dist/cli.bundle.cjs) the daemon's entry is in dist/daemon/; from the
// per-module build it is this file's neighbour.
const DAEMON_ENTRY = fileURLToPath(new URL(import.meta.url.endsWith('/cli.bundle.cjs') ? './daemon/daemon-main.js' : './daemon-main.js', import.meta.url));
const START_TIMEOUT_MS = 20_000;

async function connectOnce(path: string): Promise<Socket> {
  const { createConnection } = process.getBuiltinModule('node:net');
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

function isNotListening(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ECONNREFUSED';
}

function logTail(path: string): string {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-8).join('\n');
  } catch {
    return '';
  }
}

/** Starts the daemon as a detached process in its own session, its output going to the log file. */
async function spawnDaemon(paths: RuntimePaths): Promise<{ exited: () => number | null }> {
  const { spawn } = process.getBuiltinModule('node:child_process');
  ensureRuntimeDirectory(paths.dir);
  const log = openSync(paths.logFile, 'a', 0o600);
  let exitCode: number | null = null;
  try {
    const child = spawn(process.execPath, [DAEMON_ENTRY], {
      detached: true,
      // Hold no client directory open: the daemon outlives the command that started it.
      cwd: paths.dir,
      stdio: ['ignore', log, log],
      env: process.env,
    });
    child.once('exit', (code) => (exitCode = code ?? 1));
    child.unref();
  } finally {
    closeSync(log);
  }
  return { exited: () => exitCode };
}

/**
 * Connects to the daemon of `paths`. With `autoStart`, starts one when none answers and waits for
 * its socket; without, resolves null when none is running.
 */
export async function connectToDaemon(paths: RuntimePaths, autoStart: boolean): Promise<Socket | null> {
  try {
    return await connectOnce(paths.socket);
  } catch (error) {
    if (!isNotListening(error)) throw error;
    if (!autoStart) return null;
  }
  const child = await spawnDaemon(paths);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    try {
      return await connectOnce(paths.socket);
    } catch (error) {
      if (!isNotListening(error)) throw error;
    }
    const code = child.exited();
    // Exit 0 means another daemon won the race to start; keep waiting for its socket.
    if ((code !== null && code !== 0) || Date.now() > deadline) {
      throw new Error(`the sightline daemon did not start (log: ${paths.logFile})\n${logTail(paths.logFile)}`);
    }
  }
}

/** The daemon's answer to one request, with the time the daemon says it spent on it. */
export interface DaemonAnswer {
  result: unknown;
  /** From the daemon's `handled_ms` (absent from a daemon that does not say). */
  handledMs?: number;
}

let requestSequence = 0;

/** Sends one request on an open connection and resolves with the daemon's result and its time on it. */
export function exchange(socket: Socket, session: string, op: DaemonOp, params: Record<string, unknown>): Promise<DaemonAnswer> {
  // Unique on this connection is enough: the daemon answers each request on the socket it came from.
  const request: DaemonRequest = { v: PROTOCOL_VERSION, id: `${process.pid}-${(requestSequence += 1)}`, session, op, params };
  return new Promise((resolve, reject) => {
    const splitter = new LineSplitter();
    socket.setEncoding('utf8');
    const onData = (chunk: string): void => {
      for (const line of splitter.push(chunk)) {
        let response: DaemonResponse;
        try {
          response = JSON.parse(line) as DaemonResponse;
        } catch {
          continue;
        }
        if (response.id !== request.id) continue;
        cleanup();
        resolve(typeof response.handled_ms === 'number' ? { result: response.result, handledMs: response.handled_ms } : { result: response.result });
      }
    };
    const onClose = (): void => {
      cleanup();
      reject(new Error('the sightline daemon closed the connection before answering; run the command again'));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const cleanup = (): void => {
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onError);
    };
    socket.on('data', onData);
    socket.on('close', onClose);
    socket.on('error', onError);
    socket.write(`${JSON.stringify(request)}\n`);
  });
}
