import { mkdtempSync, rmSync, statSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDaemon, type DaemonDriver, type RunningDaemon } from '../src/daemon/daemon-server.js';
import { runtimePaths, runtimeDirectory, type RuntimePaths } from '../src/daemon/paths.js';
import { connectToDaemon, exchange } from '../src/daemon/daemon-client.js';
import { idleMsFromEnvironment, DEFAULT_IDLE_MS } from '../src/daemon/daemon-config.js';
import { WARM_ONE_SHOT_SESSION } from '../src/daemon/protocol.js';

/** A Driver test double that records calls and answers like the contract says. */
function recordingDriver(): DaemonDriver & { calls: Array<{ method: string; input: unknown }>; closed: boolean } {
  const calls: Array<{ method: string; input: unknown }> = [];
  let snapshots = 0;
  const record = (method: string, answer: (input: Record<string, unknown>) => unknown) => async (input: unknown) => {
    calls.push({ method, input });
    return answer(input as Record<string, unknown>);
  };
  const action = (name: string) => record(name, (input) => ({ status: 'ok', action: name, ref: input.ref ?? null, effect: 'confirmed', navigation: name === 'navigate' }));
  const driver = {
    calls,
    closed: false,
    listBrowserWindows: record('listBrowserWindows', () => ({ status: 'ok', mode: 'windows', windows: [] })),
    bind: record('bind', () => ({
      status: 'ok',
      mode: 'bind',
      target_id: 'bt-0123456789abcdef',
      binding: { route: 'managed', proof: 'spawned_by_driver', exact: true },
      browser: { product: 'Chrome/156', protocol: '1.3' },
      tabs: [
        { tab_id: 'tab-aaaaaaaaaaaaaaaa', url: 'about:blank', title: 'a', active: false },
        { tab_id: 'tab-bbbbbbbbbbbbbbbb', url: 'http://x/', title: 'b', active: true },
      ],
    })),
    snapshot: record('snapshot', (input) => {
      snapshots += 1;
      return {
        status: 'ok',
        mode: 'snapshot',
        target_id: input.target_id,
        tab_id: input.tab_id,
        snapshot: { id: `p${snapshots}`, format: 'semantic_v2', continuation: snapshots === 1 ? 'bc-0123456789abcdef0123456789abcdef' : null },
      };
    }),
    click: action('click'),
    type: action('type'),
    select: action('select'),
    scroll: action('scroll'),
    press: action('press'),
    navigate: action('navigate'),
    screenshot: action('screenshot'),
    hover: action('hover'),
    drag: action('drag'),
    upload: action('upload'),
    dialog: action('dialog'),
    console: record('console', () => ({ status: 'ok', mode: 'console', entries: [], next_since: 0 })),
    endSession: record('endSession', (input) => ({ status: 'ok', mode: 'end_session', session: input.session, closed_browsers: 1 })),
    listTabs: async (input: unknown) => {
      const { target_id } = input as { target_id: string };
      return {
        status: 'ok' as const,
        mode: 'tabs' as const,
        target_id,
        tabs: [
          { tab_id: 'tab-aaaaaaaaaaaaaaaa', url: 'about:blank', title: 'a', active: false },
          { tab_id: 'tab-bbbbbbbbbbbbbbbb', url: 'http://x/', title: 'b', active: true },
        ],
      };
    },
    wait: action('wait'),
    tabs: async (input: unknown) => {
      const { target_id, action: verb, tab_id } = input as { target_id: string; action: string; tab_id?: string };
      driver.calls.push({ method: 'tabs', input });
      const listed = await driver.listTabs({ target_id });
      if (verb === 'select' && !listed.tabs.some((tab) => tab.tab_id === tab_id)) {
        return { status: 'refused' as const, refusal: { code: 'browser_tab_not_found' as const, message: 'gone', detail: { field: 'tab_id' } } };
      }
      return { ...listed, ...(verb === 'select' ? { selected_tab_id: tab_id } : {}) };
    },
    close: async () => {
      driver.closed = true;
    },
  };
  // Its answers are only as complete as the daemon reads them: typed as the Driver's on purpose.
  return driver as unknown as DaemonDriver & typeof driver;
}

let dir: string;
let paths: RuntimePaths;
let daemon: RunningDaemon | null;
let driver: ReturnType<typeof recordingDriver>;

async function send(session: string, op: Parameters<typeof exchange>[2], params: Record<string, unknown> = {}): Promise<unknown> {
  const socket = await connectToDaemon(paths, false);
  if (!socket) throw new Error('no daemon');
  try {
    return (await exchange(socket, session, op, params)).result;
  } finally {
    socket.destroy();
  }
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sightline-daemon-unit-'));
  paths = runtimePaths(join(dir, 'rt'));
  driver = recordingDriver();
  daemon = await startDaemon({ paths, idleMs: 60_000, createDriver: async () => driver });
});

afterEach(async () => {
  await daemon?.shutdown('test end');
  rmSync(dir, { recursive: true, force: true });
});

describe('daemon server', () => {
  it('listens on a 0600 socket in a 0700 directory and writes its pid file', () => {
    expect(statSync(paths.socket).mode & 0o777).toBe(0o600);
    expect(statSync(paths.dir).mode & 0o777).toBe(0o700);
    expect(Number(readFileSync(paths.pidFile, 'utf8'))).toBe(process.pid);
  });

  it('refuses to start a second daemon on the same directory', async () => {
    expect(await startDaemon({ paths, idleMs: 60_000, createDriver: async () => recordingDriver() })).toBeNull();
  });

  it('remembers target, tab and continuation per session', async () => {
    expect(await send('default', 'snapshot')).toMatchObject({ status: 'refused', refusal: { code: 'browser_requires_setup' } });
    expect(await send('default', 'open', { url: 'http://x/' })).toMatchObject({ mode: 'bind' });
    expect(driver.calls[0]).toEqual({ method: 'bind', input: { session: 'default', launch: { url: 'http://x/' } } });
    await send('default', 'snapshot', { snapshot_format: 'semantic_v2' });
    expect(driver.calls[1]?.input).toMatchObject({ target_id: 'bt-0123456789abcdef', tab_id: 'tab-bbbbbbbbbbbbbbbb' });
    await send('default', 'snapshot', { more: true });
    expect(driver.calls[2]?.input).toMatchObject({ continuation: 'bc-0123456789abcdef0123456789abcdef' });
    // the second snapshot left no continuation
    expect(await send('default', 'snapshot', { more: true })).toMatchObject({ refusal: { code: 'browser_invalid_request' } });
    // another session is independent
    expect(await send('other', 'click', { ref: 'p1:2' })).toMatchObject({ refusal: { code: 'browser_requires_setup' } });
  });

  it('tabs lists and switches the current tab', async () => {
    await send('default', 'open', { url: 'http://x/' });
    expect(await send('default', 'tabs')).toMatchObject({ mode: 'tabs', current_tab: 'tab-bbbbbbbbbbbbbbbb' });
    expect(await send('default', 'tabs', { select: '1' })).toMatchObject({ current_tab: 'tab-aaaaaaaaaaaaaaaa' });
    expect(await send('default', 'tabs', { select: 'tab-nope' })).toMatchObject({ refusal: { code: 'browser_tab_not_found' } });
    await send('default', 'click', { ref: '@p1:2' });
    expect(driver.calls.at(-1)?.input).toMatchObject({ tab_id: 'tab-aaaaaaaaaaaaaaaa', ref: '@p1:2' });
  });

  it('close ends the session; answers malformed lines with a refusal and keeps serving', async () => {
    await send('default', 'open', { url: 'http://x/' });
    expect(await send('default', 'close')).toMatchObject({ mode: 'end_session', closed_browsers: 1 });
    expect(await send('default', 'snapshot')).toMatchObject({ refusal: { code: 'browser_requires_setup' } });
    const socket = await connectToDaemon(paths, false);
    const answer = await new Promise<string>((resolve) => {
      socket!.setEncoding('utf8');
      socket!.once('data', (chunk: string) => resolve(chunk));
      socket!.write('not json\n');
    });
    socket!.destroy();
    expect(JSON.parse(answer)).toMatchObject({ result: { refusal: { code: 'browser_invalid_request' } } });
    expect(await send('default', 'ping')).toMatchObject({ status: 'ok', mode: 'ping' });
  });

  it('a client that disconnects mid-request does not disturb the daemon', async () => {
    await send('default', 'open', { url: 'http://x/' });
    const socket = await connectToDaemon(paths, false);
    socket!.write(`${JSON.stringify({ v: 1, id: 'x', session: 'default', op: 'snapshot', params: {} })}\n`);
    socket!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await send('default', 'ping')).toMatchObject({ status: 'ok' });
  });

  it("answers a warm one-shot before its tab has closed; the session's next request runs after the close", async () => {
    let releaseClose!: () => void;
    const closeHeld = new Promise<void>((resolve) => (releaseClose = resolve));
    const order: string[] = [];
    const tabs = driver.tabs;
    driver.tabs = (async (input: { action?: string }) => {
      if (input.action === 'new') return { status: 'ok', mode: 'tabs', tab_id: 'tab-cccccccccccccccc', tabs: [] };
      if (input.action === 'close') {
        order.push('close asked');
        await closeHeld;
        order.push('closed');
      }
      return tabs(input as never);
    }) as typeof driver.tabs;
    const answer = await send(WARM_ONE_SHOT_SESSION, 'one_shot', { url: 'http://x/' });
    expect(answer).toMatchObject({ status: 'ok', mode: 'snapshot', tab_id: 'tab-cccccccccccccccc' });
    expect(order).toEqual(['close asked']);
    // Another session is not held up; the warm one-shot's own session waits for the close.
    expect(await send('default', 'ping')).toMatchObject({ status: 'ok' });
    const next = send(WARM_ONE_SHOT_SESSION, 'ping').then((result) => (order.push('next answered'), result));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['close asked']);
    releaseClose();
    expect(await next).toMatchObject({ status: 'ok', mode: 'ping' });
    expect(order).toEqual(['close asked', 'closed', 'next answered']);
  });

  it('shutdown ends every session, closes the driver and removes socket and pid file', async () => {
    await send('a', 'open', { url: 'http://x/' });
    await send('b', 'open', { url: 'http://y/' });
    expect(await send('a', 'shutdown')).toMatchObject({ status: 'ok', mode: 'shutdown', sessions: 2, pid: process.pid });
    expect(await daemon!.done).toBe('close --all');
    expect(driver.calls.filter((call) => call.method === 'endSession').map((call) => call.input)).toEqual([{ session: 'a' }, { session: 'b' }]);
    expect(driver.closed).toBe(true);
    expect(existsSync(paths.socket)).toBe(false);
    expect(existsSync(paths.pidFile)).toBe(false);
    daemon = null;
  });

  it('exits after the idle time', async () => {
    await daemon!.shutdown('restart');
    driver = recordingDriver();
    daemon = await startDaemon({ paths, idleMs: 100, createDriver: async () => driver });
    await send('default', 'open', { url: 'http://x/' });
    expect(await daemon!.done).toMatch(/^idle/);
    expect(driver.calls.at(-1)).toEqual({ method: 'endSession', input: { session: 'default' } });
    expect(driver.closed).toBe(true);
    daemon = null;
  });
});

describe('runtime directory', () => {
  it('SIGHTLINE_RUNTIME_DIR wins, then XDG_RUNTIME_DIR/sightline, then a per-user temp dir', () => {
    expect(runtimeDirectory({ SIGHTLINE_RUNTIME_DIR: '/r', XDG_RUNTIME_DIR: '/x' }, '/t')).toBe('/r');
    expect(runtimeDirectory({ XDG_RUNTIME_DIR: '/x' }, '/t')).toBe('/x/sightline');
    expect(runtimeDirectory({}, '/t')).toMatch(/^\/t\/sightline-/);
  });

  it('idle time comes from SIGHTLINE_DAEMON_IDLE_MS', () => {
    expect(idleMsFromEnvironment(undefined)).toBe(DEFAULT_IDLE_MS);
    expect(idleMsFromEnvironment('1500')).toBe(1500);
    expect(idleMsFromEnvironment('soon')).toBe(DEFAULT_IDLE_MS);
  });
});
