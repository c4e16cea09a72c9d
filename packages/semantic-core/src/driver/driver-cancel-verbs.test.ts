import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeConnection } from '../testing/fake-ports.js';
import { fakeMailPage } from '../testing/fake-ports-pages.js';
import type { ActionOutcome, BrowserConnection, BrowserTransport, CaptureRequest, NodeAddress, NodeLiveness, PageAction, PerformOptions, WaitCondition, WaitOutcome } from '../ports/browser-transport.js';
import type { PageCapture } from '../model/page-capture.js';
import { actionResponseSchema, bindResponseSchema, semanticSnapshotResponseSchema, transportErrorResponseSchema } from '../contract/responses.js';

/** A call the test holds until it says so; records the signal the Driver passed. */
interface Held {
  method: string;
  signal: AbortSignal | undefined;
  release: () => void;
}

/**
 * A fake connection whose captures, node proofs and actions can be held in flight, like a big page
 * being walked or a slow renderer. It ignores the signal on purpose: the Driver must answer a
 * cancelled read at once whatever the transport does.
 */
class HoldingConnection extends FakeConnection {
  readonly held: Held[] = [];
  readonly performSignals: Array<AbortSignal | undefined> = [];
  hold = new Set<string>();

  private async gate(method: string, signal: AbortSignal | undefined): Promise<void> {
    if (!this.hold.has(method)) return;
    await new Promise<void>((release) => this.held.push({ method, signal, release }));
  }

  override async capture(tabKey: string, request: CaptureRequest): Promise<PageCapture> {
    await this.gate('capture', request.signal);
    return super.capture(tabKey, request);
  }

  override async proveNode(tabKey: string, node: NodeAddress): Promise<NodeLiveness> {
    await this.gate('proveNode', undefined);
    return super.proveNode(tabKey, node);
  }

  override async wait(tabKey: string, condition: WaitCondition, timeoutMs: number, options?: { signal?: AbortSignal }): Promise<WaitOutcome> {
    await this.gate('wait', options?.signal);
    return super.wait(tabKey, condition, timeoutMs);
  }

  override async perform(tabKey: string, action: PageAction, options?: PerformOptions): Promise<ActionOutcome> {
    this.performSignals.push(options?.signal);
    await this.gate('perform', options?.signal);
    return super.perform(tabKey, action);
  }
}

/** Resolves once a call of `method` is held. */
async function heldCall(connection: HoldingConnection, method: string): Promise<Held> {
  for (let turn = 0; turn < 1_000; turn++) {
    const found = connection.held.find((held) => held.method === method);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(`no ${method} call was held`);
}

async function bound() {
  const browser = new FakeBrowser([{ capture: fakeMailPage() }]);
  const connection = new HoldingConnection(browser, 'http://127.0.0.1:9222', false);
  browser.connections.push(connection);
  const transport: BrowserTransport = {
    connect: async (): Promise<BrowserConnection> => connection,
    launch: async (): Promise<BrowserConnection> => connection,
  };
  const driver = new Driver({ transport });
  const bind = bindResponseSchema.parse(await driver.bind({ session: 'agent', cdp_url: 'http://127.0.0.1:9222' }));
  const address = { session: 'agent', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id };
  const snapshot = semanticSnapshotResponseSchema.parse(await driver.snapshot(address));
  const ref = (name: string): string => {
    const found = snapshot.refs.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no ref ${name} in ${snapshot.refs.map((candidate) => candidate.name).join(', ')}`);
    return found.ref;
  };
  return { browser, connection, driver, address, ref };
}

function cancelled(result: unknown): string {
  const failure = transportErrorResponseSchema.parse(result);
  expect(failure.error.code).toBe('browser_transport_error');
  expect(failure.error.message).toContain('cancelled by the client');
  return failure.error.message;
}

describe('Driver — cancelled snapshots and actions (issue 17)', () => {
  it('a cancelled snapshot answers cancelled while its capture is still running, and the capture was given the signal', async () => {
    const { connection, driver, address } = await bound();
    connection.hold.add('capture');
    const controller = new AbortController();
    const pending = driver.snapshot(address, { signal: controller.signal });
    const held = await heldCall(connection, 'capture');
    expect(held.signal).toBe(controller.signal);
    controller.abort();
    // Answered although the (stubborn) capture is still held.
    expect(cancelled(await pending)).toContain('the snapshot');
    // The session still works: the next snapshot is read as usual.
    connection.hold.clear();
    held.release();
    expect((await driver.snapshot(address)).status).toBe('ok');
  });

  it('a cancelled wait answers cancelled while the transport is still checking, and the transport was given the signal', async () => {
    const { connection, driver, address } = await bound();
    connection.hold.add('wait');
    const controller = new AbortController();
    const pending = driver.wait({ ...address, text: 'never there', timeout_ms: 60_000 }, { signal: controller.signal });
    const held = await heldCall(connection, 'wait');
    expect(held.signal).toBe(controller.signal);
    controller.abort();
    expect(cancelled(await pending)).toContain('the wait');
    held.release();
    connection.hold.clear();
    // The session still works.
    expect((await driver.snapshot(address)).status).toBe('ok');
  });

  it('a screenshot or console read already cancelled when it arrives answers cancelled', async () => {
    const { driver, address } = await bound();
    const controller = new AbortController();
    controller.abort();
    cancelled(await driver.screenshot(address, { signal: controller.signal }));
    cancelled(await driver.console(address, { signal: controller.signal }));
  });

  it('a snapshot already cancelled when it arrives reaches no page', async () => {
    const { browser, driver, address } = await bound();
    const before = browser.pageCalls().length;
    const controller = new AbortController();
    controller.abort();
    cancelled(await driver.snapshot(address, { signal: controller.signal }));
    expect(browser.pageCalls().length).toBe(before);
  });

  it('an action cancelled while its ref is being re-proven sends nothing', async () => {
    const { browser, connection, driver, address, ref } = await bound();
    connection.hold.add('proveNode');
    const controller = new AbortController();
    const pending = driver.click({ ...address, ref: ref('Send') }, { signal: controller.signal });
    const held = await heldCall(connection, 'proveNode');
    controller.abort();
    expect(cancelled(await pending)).toContain('the action');
    held.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(browser.pageCalls('perform')).toEqual([]);
  });

  it('every action verb already cancelled sends nothing to the page', async () => {
    const { browser, driver, address, ref } = await bound();
    const controller = new AbortController();
    controller.abort();
    const options = { signal: controller.signal };
    const before = browser.pageCalls().length;
    const answers = await Promise.all([
      driver.click({ ...address, ref: ref('Send') }, options),
      driver.type({ ...address, ref: ref('Reply body'), text: 'hi' }, options),
      driver.select({ ...address, ref: ref('Send'), values: ['a'] }, options),
      driver.scroll({ ...address, direction: 'down' }, options),
      driver.press({ ...address, key: 'Enter' }, options),
      driver.navigate({ ...address, url: 'http://127.0.0.1/next' }, options),
      driver.hover({ ...address, ref: ref('Send') }, options),
      driver.drag({ ...address, ref: ref('Send'), to_ref: ref('Reply body') }, options),
      driver.upload({ ...address, ref: ref('Send'), paths: ['/tmp/a.txt'] }, options),
    ]);
    for (const answer of answers) cancelled(answer);
    expect(browser.pageCalls().length).toBe(before);
  });

  it('the signal goes to perform, and an action the transport delivers is reported, not called cancelled', async () => {
    const { browser, connection, driver, address, ref } = await bound();
    connection.hold.add('perform');
    const controller = new AbortController();
    const pending = driver.click({ ...address, ref: ref('Send') }, { signal: controller.signal });
    const held = await heldCall(connection, 'perform');
    expect(held.signal).toBe(controller.signal);
    // Cancelled while the transport delivers: whether it still can stop is the transport's call,
    // and this one delivers (it ignores the signal), so the click is reported.
    controller.abort();
    held.release();
    expect(actionResponseSchema.parse(await pending)).toMatchObject({ status: 'ok', action: 'click' });
    expect(browser.pageCalls('perform')).toHaveLength(1);
  });

  it('calls without a signal pass none to the transport', async () => {
    const { browser, connection, driver, address, ref } = await bound();
    await driver.click({ ...address, ref: ref('Send') });
    expect(connection.performSignals).toEqual([undefined]);
    const captures = browser.pageCalls('capture').map((call) => call.detail as CaptureRequest);
    expect(captures.every((request) => !('signal' in request))).toBe(true);
  });
});
