import { createServer, createConnection, type Server, type Socket } from 'node:net';
import { chmodSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { ensureRuntimeDirectory, type RuntimePaths } from './paths.js';
import { LineSplitter, parseRequestLine, type DaemonRequest, type DaemonResponse } from './protocol.js';
import { isProcessAlive } from './process-liveness.js';
import { isDriverCall, toDriverCall, type DriverMethodName } from '../mapping/driver-input.js';
import { nextSessionState, pickTab, type SessionState } from '../mapping/session-state.js';
import { warmOneShot } from './warm-one-shot.js';
import { refusalResponse, TAB_ID_PATTERN, transportErrorResponse, type Driver } from '@sightline/semantic-core';

/** What the daemon calls: semantic-core's Driver (its request verbs, `tabs` and `close`). */
export type DaemonDriver = Pick<Driver, DriverMethodName | 'tabs' | 'close'>;

export interface DaemonOptions {
  paths: RuntimePaths;
  /** Exit after this long without a request in flight. */
  idleMs: number;
  createDriver: () => Promise<DaemonDriver>;
  log?: (message: string) => void;
  version?: string;
}

export interface RunningDaemon {
  /** Resolves when the daemon has shut down (idle, `close --all`, signal). */
  readonly done: Promise<string>;
  shutdown(reason: string): Promise<void>;
}

/** Takes the pid file exclusively; false when another live daemon holds it. */
function acquirePidFile(path: string): boolean {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) return false;
      unlinkSync(path);
    }
  }
  return false;
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function socketAnswers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts the per-user daemon: one Driver, the sessions' remembered target/tab/continuation, and a
 * unix socket (mode 0600) speaking newline-delimited JSON. Requests of one session run one at a
 * time; sessions run side by side. Returns null when another daemon already serves `paths`.
 */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon | null> {
  const { paths, idleMs } = options;
  const log = options.log ?? (() => {});
  ensureRuntimeDirectory(paths.dir);
  if (!acquirePidFile(paths.pidFile)) return null;
  if (await socketAnswers(paths.socket)) {
    removeQuietly(paths.pidFile);
    return null;
  }
  removeQuietly(paths.socket);

  let driver: DaemonDriver;
  try {
    driver = await options.createDriver();
  } catch (error) {
    removeQuietly(paths.pidFile);
    throw error;
  }

  const sessions = new Map<string, SessionState>();
  const queues = new Map<string, Promise<unknown>>();
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  let resolveDone!: (reason: string) => void;
  const done = new Promise<string>((resolve) => (resolveDone = resolve));

  const armIdle = (): void => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    if (inFlight === 0 && !stopping) {
      idleTimer = setTimeout(() => void shutdown(`idle for ${idleMs} ms`), idleMs);
    }
  };

  const remember = (request: DaemonRequest, result: unknown): void => {
    const next = nextSessionState(sessions.get(request.session), result);
    if (next) sessions.set(request.session, next);
    else sessions.delete(request.session);
  };

  /**
   * `tabs [list | new [url] | select <tab> | close [<tab>]]` (SPEC §12): the Driver's browser_tabs
   * does the work and keeps tab ids and the selected tab; the daemon follows its selection as the
   * tab later commands act on. <tab> is a number in the listing or a tab id; close defaults to the
   * current tab. After closing the current tab, commands act on the selection the Driver moved to
   * (the opener, else the first tab), or on none when no tab is left (`tabs new` opens one).
   */
  const tabsResult = async (request: DaemonRequest): Promise<unknown> => {
    const state = sessions.get(request.session);
    if (!state) {
      return refusalResponse(
        'browser_requires_setup',
        `session "${request.session}" is not bound to a browser: run \`sightline open <url>\` or \`sightline bind --cdp <url>\` first`,
      );
    }
    const address = { session: request.session, target_id: state.targetId };
    const fresh = await driver.tabs({ ...address, action: 'list' });
    if (fresh.status !== 'ok') return fresh;
    state.tabs = fresh.tabs;
    if (!state.tabs.some((tab) => tab.tab_id === state.tabId)) state.tabId = pickTab(state.tabs);
    const given = request.params.tab ?? request.params.select;
    const action = typeof request.params.action === 'string' ? request.params.action : typeof given === 'string' ? 'select' : 'list';
    const answer = (result: typeof fresh) => ({ ...result, current_tab: state.tabId, ...(state.tabId ? { selected_tab_id: state.tabId } : {}) });
    if (action === 'list') return answer(fresh);
    const input: Record<string, unknown> = { ...address, action };
    if (request.params.url !== undefined) input.url = request.params.url;
    if (action === 'select' || action === 'close') {
      if (typeof given === 'string') {
        const byIndex = /^[0-9]+$/.test(given) ? state.tabs[Number(given) - 1] : undefined;
        if (!byIndex && !TAB_ID_PATTERN.test(given)) {
          return refusalResponse('browser_tab_not_found', `no tab ${given} in this session: list them with \`sightline tabs\``, { field: 'tab_id' });
        }
        input.tab_id = byIndex?.tab_id ?? given;
      } else if (action === 'close') {
        if (!state.tabId) return refusalResponse('browser_tab_required', 'no current tab to close: list them with `sightline tabs`');
        input.tab_id = state.tabId;
      }
    }
    const result = await driver.tabs(input);
    if (result.status !== 'ok') return result;
    const previous = state.tabId;
    state.tabs = result.tabs;
    if (action === 'new' || action === 'select') state.tabId = result.selected_tab_id ?? state.tabId;
    else if (!state.tabs.some((tab) => tab.tab_id === state.tabId)) state.tabId = result.selected_tab_id ?? pickTab(state.tabs);
    if (state.tabId !== previous) state.continuation = null;
    return answer(result);
  };

  /** A request's answer, and work of its session still running after it (the session's next request waits for it). */
  type Executed = { result: unknown; after?: Promise<void> };

  const execute = async (request: DaemonRequest): Promise<Executed> => {
    if (request.op !== 'one_shot') return { result: await answerOf(request) };
    const { answer, closing } = await warmOneShot(driver, sessions, request.params);
    return { result: answer, after: closing };
  };

  const answerOf = async (request: DaemonRequest): Promise<unknown> => {
    switch (request.op) {
      case 'ping':
        return {
          status: 'ok',
          mode: 'ping',
          pid: process.pid,
          version: options.version ?? 'unknown',
          sessions: [...sessions.keys()],
        };
      case 'tabs':
        return tabsResult(request);
      case 'shutdown':
        return { status: 'ok', mode: 'shutdown', sessions: sessions.size, pid: process.pid };
      default: {
        const call = toDriverCall(request.op, request.session, request.params, sessions.get(request.session));
        if (!isDriverCall(call)) return call;
        const result = await driver[call.method](call.input);
        remember(request, result);
        return result;
      }
    }
  };

  /**
   * Runs a request after the earlier requests of the same session (and the work they left running
   * after their answer); resolves with its answer.
   */
  const enqueue = (request: DaemonRequest): Promise<unknown> => {
    const previous = queues.get(request.session) ?? Promise.resolve();
    const run = previous.then(
      () => execute(request),
      () => execute(request),
    );
    const settled = run.then((executed) => executed.after).catch(() => undefined);
    queues.set(request.session, settled);
    void settled.then(() => {
      if (queues.get(request.session) === settled) queues.delete(request.session);
    });
    return run.then((executed) => executed.result);
  };

  const respond = (socket: Socket, response: DaemonResponse): void => {
    if (socket.destroyed || !socket.writable) return;
    socket.write(`${JSON.stringify(response)}\n`);
  };

  const handleLine = async (socket: Socket, line: string): Promise<void> => {
    const received = performance.now();
    const request = parseRequestLine(line);
    if ('invalid' in request) {
      respond(socket, { id: request.id, result: refusalResponse('browser_invalid_request', request.invalid) });
      return;
    }
    if (stopping) {
      // Already on the way out (idle exit, another close --all): say so; the client waits for the pid.
      const result =
        request.op === 'shutdown'
          ? { status: 'ok', mode: 'shutdown', sessions: 0, pid: process.pid }
          : transportErrorResponse('the sightline daemon is shutting down; run the command again');
      respond(socket, { id: request.id, result });
      return;
    }
    inFlight += 1;
    armIdle();
    let result: unknown;
    try {
      result = await enqueue(request);
    } catch (error) {
      log(`request ${request.op} failed: ${(error as Error).stack ?? String(error)}`);
      result = transportErrorResponse(`the daemon failed while running ${request.op}: ${(error as Error).message}`);
    } finally {
      inFlight -= 1;
    }
    if (request.op === 'shutdown') {
      // Answer once everything is stopped, and only then let the process exit.
      const answer = (): Promise<void> =>
        new Promise((resolve) => {
          if (socket.destroyed || !socket.writable) return resolve();
          socket.write(`${JSON.stringify({ id: request.id, result })}\n`, () => resolve());
        });
      await shutdown('close --all', answer);
      return;
    }
    respond(socket, { id: request.id, result, handled_ms: Math.round((performance.now() - received) * 10) / 10 });
    armIdle();
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const splitter = new LineSplitter();
    socket.setEncoding('utf8');
    // A client killed mid-command leaves a broken pipe behind; the request still completes.
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk: string) => {
      for (const line of splitter.push(chunk)) void handleLine(socket, line);
    });
  });

  const shutdown = (reason: string, beforeExit?: () => Promise<void>): Promise<void> => {
    if (stopping) return stopping;
    stopping = (async () => {
      log(`shutting down: ${reason}`);
      if (idleTimer) clearTimeout(idleTimer);
      server.close();
      // Let requests already running finish before the browsers go away.
      await Promise.allSettled([...queues.values()]);
      for (const session of [...sessions.keys()]) {
        try {
          await driver.endSession({ session });
        } catch (error) {
          log(`endSession ${session} failed: ${String(error)}`);
        }
      }
      sessions.clear();
      try {
        await driver.close();
      } catch (error) {
        log(`driver close failed: ${String(error)}`);
      }
      removeQuietly(paths.socket);
      removeQuietly(paths.pidFile);
      if (beforeExit) await beforeExit();
      for (const socket of sockets) if (!socket.destroyed) socket.end();
      resolveDone(reason);
    })();
    return stopping;
  };

  const previousUmask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(paths.socket, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(previousUmask);
  }
  chmodSync(paths.socket, 0o600);
  log(`listening on ${paths.socket} (pid ${process.pid}, idle exit after ${idleMs} ms)`);
  armIdle();

  return { done, shutdown };
}
