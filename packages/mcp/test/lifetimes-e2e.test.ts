import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { processesWithProfileUnder } from '@sightline/platform-linux/testing';
import { Driver } from '@sightline/semantic-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../src/index.js';

/**
 * Issue 17: no browser outlives its session. A client that gives up on a `launch` bind (its
 * request is cancelled), or ends the session while the launch is still starting, leaves no Chromium
 * behind; a late completion never re-creates the ended session; `end_session` answers only after
 * the launched browser has exited. Over stdio (the built server) and over Streamable HTTP.
 * Processes are counted by their --user-data-dir under a profile directory this test owns.
 */
const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const CHROME = process.env.SIGHTLINE_CHROME ?? '/usr/bin/chromium';
const canRun = process.platform === 'linux' && existsSync(CHROME);

/** Pids of live processes started with a --user-data-dir under `parent`. */
function browsersUnder(parent: string): number[] {
  return processesWithProfileUnder(parent).map((process) => process.pid);
}

/** The browser main processes (no --type=) under `parent`. */
function mainBrowsersUnder(parent: string): number[] {
  return processesWithProfileUnder(parent)
    .filter((process) => !process.args.some((arg) => arg.startsWith('--type=')))
    .map((process) => process.pid);
}

/** Waits (bounded, generous) until no process of `parent` is left. */
async function expectNoneLeft(parent: string): Promise<void> {
  await expect.poll(() => browsersUnder(parent), { timeout: 30_000, interval: 100 }).toEqual([]);
}

/** The same outside a test (afterAll): a bounded wait, then a plain failure. */
async function settleNoneLeft(parent: string): Promise<void> {
  for (let waited = 0; browsersUnder(parent).length > 0; waited += 100) {
    if (waited > 30_000) throw new Error(`browsers left under ${parent}: ${browsersUnder(parent).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until a launch under `parent` has a running browser process. */
async function waitForBrowserStarting(parent: string): Promise<void> {
  await expect.poll(() => browsersUnder(parent).length, { timeout: 30_000, interval: 25 }).toBeGreaterThan(0);
}

type Call = (name: string, args: Record<string, unknown>, signal?: AbortSignal) => Promise<Record<string, unknown>>;

function caller(client: Client): Call {
  return async (name, args, signal) => {
    const result = await client.callTool({ name, arguments: args }, undefined, signal ? { signal, timeout: 120_000 } : { timeout: 120_000 });
    return result.structuredContent as Record<string, unknown>;
  };
}

/** The rows, run against one client whose server creates profiles under `parent`. */
function lifetimeRows(context: () => { call: Call; parent: string }): void {
  test('a launch bind the client cancels stops its browser, and the session has nothing bound', async () => {
    const { call, parent } = context();
    const controller = new AbortController();
    const pending = call('get_browser_state', { session: 'cancelled', launch: {} }, controller.signal);
    await waitForBrowserStarting(parent);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await expectNoneLeft(parent);
    expect(await call('end_session', { session: 'cancelled' })).toMatchObject({ status: 'ok', closed_browsers: 0 });
  });

  test('end_session while the launch is starting: the bind is refused, no browser is left, the session stays ended', async () => {
    const { call, parent } = context();
    const pending = call('get_browser_state', { session: 'abandoned', launch: {} });
    await waitForBrowserStarting(parent);
    expect(await call('end_session', { session: 'abandoned' })).toMatchObject({ status: 'ok' });
    expect(await pending).toMatchObject({ status: 'refused', refusal: { code: 'browser_binding_stale' } });
    await expectNoneLeft(parent);
    // The late completion did not re-create the session.
    expect(await call('end_session', { session: 'abandoned' })).toMatchObject({ status: 'ok', closed_browsers: 0 });
  });

  test('end_session answers after the launched browser has exited', async () => {
    const { call, parent } = context();
    expect(await call('get_browser_state', { session: 'ended', launch: {} })).toMatchObject({ status: 'ok', mode: 'bind' });
    expect(mainBrowsersUnder(parent)).toHaveLength(1);
    expect(await call('end_session', { session: 'ended' })).toMatchObject({ status: 'ok', closed_browsers: 1 });
    // No wait: the browser process itself is gone when end_session answers.
    expect(mainBrowsersUnder(parent)).toEqual([]);
    await expectNoneLeft(parent);
  });
}

describe.runIf(canRun)('no browser outlives its session — stdio (built server)', () => {
  let parent: string;
  let client: Client;
  let transport: StdioClientTransport;
  const stderr: string[] = [];

  beforeAll(async () => {
    expect(existsSync(BIN), `${BIN} is missing: build the package first`).toBe(true);
    parent = mkdtempSync(join(tmpdir(), 'sl-lifetimes-stdio-'));
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN],
      // The server's profiles go under this test's own directory (os.tmpdir() reads TMPDIR).
      env: { ...(process.env as Record<string, string>), SIGHTLINE_CHROME: CHROME, TMPDIR: parent },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    client = new Client({ name: 'lifetimes-stdio', version: '0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
    if (parent) {
      await settleNoneLeft(parent);
      rmSync(parent, { recursive: true, force: true });
    }
  });

  lifetimeRows(() => ({ call: caller(client), parent }));

  test('closing the client ends the server and every browser it launched', async () => {
    const call = caller(client);
    expect(await call('get_browser_state', { session: 'left-open', launch: {} })).toMatchObject({ status: 'ok' });
    expect(mainBrowsersUnder(parent)).toHaveLength(1);
    await client.close();
    await expectNoneLeft(parent);
  });
});

describe.runIf(canRun)('no browser outlives its session — Streamable HTTP', () => {
  let parent: string;
  let driver: Driver;
  let running: RunningHttpServer;
  let client: Client;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'sl-lifetimes-http-'));
    driver = new Driver({ transport: new CdpBrowserTransport({ profileParent: parent, env: { ...process.env, SIGHTLINE_CHROME: CHROME } }) });
    running = await startHttpServer({ driver, port: 0 });
    client = new Client({ name: 'lifetimes-http', version: '0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url), { requestInit: { headers: { authorization: `Bearer ${running.token}` } } }));
  });
  afterAll(async () => {
    await client?.close();
    await running?.close();
    await driver?.close();
    if (parent) {
      await settleNoneLeft(parent);
      rmSync(parent, { recursive: true, force: true });
    }
  });

  lifetimeRows(() => ({ call: caller(client), parent }));
});
