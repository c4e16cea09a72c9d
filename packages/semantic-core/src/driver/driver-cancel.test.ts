import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeConnection } from '../testing/fake-ports.js';
import { fakeMailPage } from '../testing/fake-ports-pages.js';
import type { BrowserConnection, BrowserTransport, ConnectOptions, LaunchOptions } from '../ports/browser-transport.js';
import { bindResponseSchema, refusalResponseSchema, transportErrorResponseSchema } from '../contract/responses.js';
import { cancelledError } from './call-options.js';

/**
 * A transport whose binds finish when the test says so, or reject at once when their signal fires
 * (as the CDP transport does: a cancelled launch stops its browser).
 */
class SlowTransport implements BrowserTransport {
  readonly browser = new FakeBrowser([{ capture: fakeMailPage() }]);
  readonly connections: FakeConnection[] = [];
  readonly stoppedByCancel: string[] = [];
  private readonly pending: Array<() => void> = [];

  connect(endpoint: string, options?: ConnectOptions): Promise<BrowserConnection> {
    return this.slow(endpoint, options?.signal);
  }

  launch(options: LaunchOptions): Promise<BrowserConnection> {
    return this.slow('launched', options.signal);
  }

  /** Completes every bind in flight (as a late completion would), ignoring its signal. */
  finishAll(): void {
    for (const finish of this.pending.splice(0)) finish();
  }

  private slow(endpoint: string, signal: AbortSignal | undefined): Promise<BrowserConnection> {
    return new Promise((resolve, reject) => {
      signal?.addEventListener('abort', () => {
        this.stoppedByCancel.push(endpoint);
        reject(cancelledError('the launch'));
      });
      this.pending.push(() => {
        const connection = new FakeConnection(this.browser, endpoint, endpoint === 'launched');
        this.connections.push(connection);
        resolve(connection);
      });
    });
  }
}

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Driver.bind — cancellation and session lifetimes (issue 17)', () => {
  it('a cancelled launch bind stops the launch and adds nothing to the session', async () => {
    const transport = new SlowTransport();
    const driver = new Driver({ transport });
    const controller = new AbortController();
    const pending = driver.bind({ session: 'agent', launch: {} }, { signal: controller.signal });
    await settle();
    controller.abort();
    const failed = transportErrorResponseSchema.parse(await pending);
    expect(failed.error.message).toContain('cancelled');
    expect(transport.stoppedByCancel).toEqual(['launched']);
    // Nothing was added: the session has no target to end.
    expect(await driver.endSession({ session: 'agent' })).toMatchObject({ status: 'ok', closed_browsers: 0 });
  });

  it('an already cancelled request does not start a launch', async () => {
    const transport = new SlowTransport();
    const driver = new Driver({ transport });
    const controller = new AbortController();
    controller.abort();
    const failed = transportErrorResponseSchema.parse(await driver.bind({ session: 'agent', launch: {} }, { signal: controller.signal }));
    expect(failed.error.code).toBe('browser_transport_error');
    expect(transport.stoppedByCancel).toEqual([]);
    expect(transport.connections).toEqual([]);
  });

  it('end_session during a launch bind cancels it; a late completion never re-creates the session', async () => {
    const transport = new SlowTransport();
    const driver = new Driver({ transport });
    const pending = driver.bind({ session: 'agent', launch: {} });
    await settle();
    expect(await driver.endSession({ session: 'agent' })).toMatchObject({ status: 'ok' });
    const refused = refusalResponseSchema.parse(await pending).refusal;
    expect(refused.code).toBe('browser_binding_stale');
    expect(refused.message).toContain('ended while this bind was in progress');
    expect(transport.stoppedByCancel).toEqual(['launched']);
  });

  it('a bind that completes after its session ended (ignoring the signal) is closed, not added', async () => {
    const transport = new SlowTransport();
    // This transport ignores cancellation: the completion arrives late, as from a stubborn endpoint.
    const stubborn: BrowserTransport = { connect: (endpoint) => transport.connect(endpoint), launch: (options) => transport.launch({ ...options, signal: undefined }) };
    const driver = new Driver({ transport: stubborn });
    const pending = driver.bind({ session: 'agent', cdp_url: 'http://127.0.0.1:9222' });
    await settle();
    await driver.endSession({ session: 'agent' });
    transport.finishAll();
    expect(refusalResponseSchema.parse(await pending).refusal.code).toBe('browser_binding_stale');
    expect(transport.connections).toHaveLength(1);
    expect(transport.connections[0]!.closed).toBe(true);
    // The session was not re-created: a later bind under the name starts afresh and works.
    const again = driver.bind({ session: 'agent', cdp_url: 'http://127.0.0.1:9222' });
    await settle();
    transport.finishAll();
    expect(bindResponseSchema.parse(await again).tabs).toHaveLength(1);
  });

  it('close() cancels binds in flight', async () => {
    const transport = new SlowTransport();
    const driver = new Driver({ transport });
    const pending = driver.bind({ session: 'agent', launch: {} });
    await settle();
    await driver.close();
    expect((await pending).status).not.toBe('ok');
    expect(transport.stoppedByCancel).toEqual(['launched']);
  });
});
