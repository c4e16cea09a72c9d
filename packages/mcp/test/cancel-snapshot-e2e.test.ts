import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { launchTestChromium, startFixtureServer, type FixtureServer, type TestChromium } from '@sightline/harness';
import { Driver, TransportError, type BrowserConnection, type BrowserTransport, type CaptureRequest } from '@sightline/semantic-core';
import CDP from 'chrome-remote-interface';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSightlineMcpServer } from '../src/index.js';

/**
 * Issue 17: the MCP request's abort signal reaches the snapshot. A client that gives up on the
 * snapshot of a 100,000-element page (the SDK Client's AbortSignal: `notifications/cancelled`)
 * makes the server stop collecting and answer `cancelled` — it does not finish the read first —
 * and the server then answers the next request, and the session keeps working. Real Chromium,
 * the real Driver and transport, the MCP server and an SDK client over a linked in-memory pair.
 */
const CHROME = process.env.SIGHTLINE_CHROME ?? '/usr/bin/chromium';
const canRun = process.platform === 'linux' && existsSync(CHROME);
const ELEMENTS = 100_000;

/** What the test sees of the transport's captures: when each started and how it ended. */
interface CaptureEvent {
  started: number;
  signal: AbortSignal | undefined;
  ended?: { at: number; failure: string | null };
}

/** The real CdpBrowserTransport, with every connection's `capture` observed (nothing else changes). */
function observedTransport(captures: CaptureEvent[]): BrowserTransport {
  const real = new CdpBrowserTransport();
  const observe = (connection: BrowserConnection): BrowserConnection =>
    new Proxy(connection, {
      get(target, property) {
        if (property === 'capture') {
          return (tabKey: string, request: CaptureRequest) => {
            const event: CaptureEvent = { started: performance.now(), signal: request.signal };
            captures.push(event);
            return target.capture(tabKey, request).then(
              (capture) => ((event.ended = { at: performance.now(), failure: null }), capture),
              (error: unknown) => {
                event.ended = { at: performance.now(), failure: TransportError.isInstance(error) ? error.failure : String(error) };
                throw error;
              },
            );
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return {
    connect: async (endpoint, options) => observe(await real.connect(endpoint, options)),
    launch: async (options) => observe(await real.launch(options)),
  };
}

describe.runIf(canRun)('a cancelled snapshot over MCP', () => {
  let fixture: FixtureServer;
  let chromium: TestChromium;
  let driver: Driver;
  let client: Client;
  const captures: CaptureEvent[] = [];
  /** The Driver's answers to snapshots, as the server got them (the client never sees a cancelled one). */
  const answers: Array<{ at: number; status: string; message?: string }> = [];

  beforeAll(async () => {
    fixture = await startFixtureServer();
    chromium = await launchTestChromium();
    driver = new Driver({ transport: observedTransport(captures) });
    const served = new Proxy(driver, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (property !== 'snapshot' || typeof value !== 'function') return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        return async (input: unknown, options?: { signal?: AbortSignal }) => {
          const answer = (await target.snapshot(input, options)) as { status: string; error?: { message: string } };
          answers.push({ at: performance.now(), status: answer.status, ...(answer.error ? { message: answer.error.message } : {}) });
          return answer;
        };
      },
    });
    const server = createSightlineMcpServer({ driver: served });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: 'cancel-snapshot-e2e', version: '0' });
    await client.connect(clientSide);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await driver?.close();
    await chromium?.close();
    await fixture?.close();
  });

  const call = async (name: string, args: Record<string, unknown>, signal?: AbortSignal) =>
    (await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000, ...(signal ? { signal } : {}) })).structuredContent as Record<string, unknown>;

  test('the server stops collecting, answers the next request, and the session still works', { timeout: 240_000 }, async () => {
    const url = fixture.inboxUrl(ELEMENTS);
    const side = await CDP({ target: chromium.wsEndpoint });
    try {
      const { targetId } = await side.Target.createTarget({ url });
      // The page has loaded (its last element exists) before anything is timed.
      const { sessionId } = await side.Target.attachToTarget({ targetId, flatten: true });
      await expect
        .poll(async () => {
          const { result } = await side.send('Runtime.evaluate', { expression: 'document.readyState === "complete" && document.getElementsByTagName("*").length', returnByValue: true }, sessionId);
          return result.value as number | false;
        }, { timeout: 120_000, interval: 250 })
        .toBe(ELEMENTS);
      await side.send('Target.detachFromTarget', { sessionId });
    } finally {
      await side.close();
    }

    const bound = await call('get_browser_state', { session: 'cancel', cdp_url: chromium.httpEndpoint });
    expect(bound).toMatchObject({ status: 'ok', mode: 'bind' });
    const tab = (bound.tabs as Array<{ tab_id: string; url: string }>).find((candidate) => candidate.url === url);
    if (!tab) throw new Error(`the inbox tab is not listed: ${JSON.stringify(bound.tabs)}`);
    const address = { session: 'cancel', target_id: bound.target_id as string, tab_id: tab.tab_id };

    // The first snapshot of the page (nothing reused yet: the whole document is walked), cancelled
    // by the client once the server has started collecting.
    const controller = new AbortController();
    const pending = call('get_browser_state', { ...address, snapshot_format: 'semantic_v2' }, controller.signal);
    await expect.poll(() => captures.length, { timeout: 60_000, interval: 5 }).toBe(1);
    const aborted = performance.now();
    controller.abort();
    await expect(pending).rejects.toThrow();

    // The server answered the cancelled call with the cancelled result (not a finished snapshot),
    // and the transport got the request's signal and stopped the capture rather than finishing it.
    await expect.poll(() => answers.length, { timeout: 60_000, interval: 5 }).toBe(1);
    expect(answers[0]).toMatchObject({ status: 'error' });
    expect(answers[0]!.message).toContain('the snapshot was cancelled by the client');
    expect(captures[0]!.signal?.aborted).toBe(true);
    await expect.poll(() => captures[0]!.ended, { timeout: 60_000, interval: 5 }).toBeDefined();
    expect(captures[0]!.ended!.failure).toBe('cancelled');

    // The next request is answered (the tab list comes from the browser, not the busy page).
    const listed = await call('browser_tabs', { session: 'cancel', target_id: address.target_id, action: 'list' });
    const nextAnswered = performance.now();
    expect(listed).toMatchObject({ status: 'ok' });

    // The session still works: a snapshot of the same tab reads the page, visible targets included.
    const snapshot = await call('get_browser_state', { ...address, snapshot_format: 'semantic_v2' });
    expect(snapshot).toMatchObject({ status: 'ok', mode: 'snapshot' });
    const names = (snapshot.refs as Array<{ name: string }>).map((ref) => ref.name);
    expect(names).toContain('Reply body');
    expect(names).toContain('Send');
    console.info(
      `cancel-snapshot: cancelled answer ${Math.round(answers[0]!.at - aborted)} ms after the abort, capture stopped after ${Math.round(captures[0]!.ended!.at - aborted)} ms, ` +
        `next request answered ${Math.round(nextAnswered - aborted)} ms after it; the next full snapshot took ${JSON.stringify(snapshot.timing_ms)}`,
    );
  });
});
