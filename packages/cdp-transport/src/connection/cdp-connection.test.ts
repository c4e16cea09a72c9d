import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { TransportError } from '@sightline/semantic-core';
import type CDP from 'chrome-remote-interface';
import { CdpConnection, PROBE_TIMEOUT_MS } from './cdp-connection.js';

/** A chrome-remote-interface stand-in: records sends, answers only when told to. */
class FakeClient extends EventEmitter {
  readonly sent: Array<{ method: string; params: unknown; sessionId: string | undefined; reply: (error: boolean, result: unknown) => void }> = [];
  closed = false;
  send(method: string, params: unknown, sessionId: string | undefined, callback: (error: boolean, result: unknown) => void): void {
    this.sent.push({ method, params, sessionId, reply: callback });
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

function open(timeoutMs = 1_000): { client: FakeClient; connection: CdpConnection } {
  const client = new FakeClient();
  return { client, connection: CdpConnection.fromClient(client as unknown as CDP.Client, timeoutMs) };
}

const failureOf = async (promise: Promise<unknown>): Promise<TransportError> => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(TransportError.isInstance(error)).toBe(true);
  return error as TransportError;
};

describe('CdpConnection', () => {
  it('resolves a command with its result, on the right session', async () => {
    const { client, connection } = open();
    const pending = connection.session('S1').send('Runtime.evaluate', { expression: '1' });
    expect(client.sent[0]).toMatchObject({ method: 'Runtime.evaluate', params: { expression: '1' }, sessionId: 'S1' });
    client.sent[0]!.reply(false, { result: { type: 'number', value: 1 } });
    await expect(pending).resolves.toEqual({ result: { type: 'number', value: 1 } });
  });

  it('times out every command, naming the method', async () => {
    const { connection } = open(30);
    const error = await failureOf(connection.root.send('Browser.getVersion'));
    expect(error.failure).toBe('timeout');
    expect(error.method).toBe('Browser.getVersion');
    expect(error.message).toMatch(/timed out after 30 ms/);
    // Built at call time: the stack points at this test, not at a timer.
    expect(error.stack).toContain('cdp-connection.test.ts');
  });

  it('turns protocol errors into TransportError, target errors into target_closed', async () => {
    const { client, connection } = open();
    const a = connection.root.send('Target.getTargets');
    const b = connection.session('S1').send('Page.enable');
    client.sent[0]!.reply(true, { message: 'Internal error' });
    client.sent[1]!.reply(true, { message: 'Session with given id not found.' });
    expect((await failureOf(a)).failure).toBe('protocol_error');
    expect((await failureOf(b)).failure).toBe('target_closed');
  });

  it('rejects every pending command when the socket closes, and refuses new ones', async () => {
    const { client, connection } = open();
    const closed: string[] = [];
    connection.onClose((reason) => closed.push(reason));
    const a = connection.root.send('Target.getTargets');
    const b = connection.session('S1').send('Page.enable');
    client.emit('disconnect');
    expect((await failureOf(a)).failure).toBe('connection_closed');
    expect((await failureOf(b)).failure).toBe('connection_closed');
    expect(closed).toHaveLength(1);
    expect((await failureOf(connection.root.send('Browser.getVersion'))).failure).toBe('connection_closed');
  });

  it('rejects only the detached session’s pending commands and removes its listeners', async () => {
    const { client, connection } = open();
    const s1 = connection.session('S1');
    const s2 = connection.session('S2');
    const seen: string[] = [];
    s1.on('Page.frameNavigated', () => seen.push('s1'));
    s2.on('Page.frameNavigated', () => seen.push('s2'));
    expect(client.listenerCount('Page.frameNavigated.S1')).toBe(1);
    const a = s1.send('Runtime.evaluate', { expression: '1' });
    const b = s2.send('Runtime.evaluate', { expression: '2' });
    client.emit('Target.detachedFromTarget', { sessionId: 'S1' });
    expect((await failureOf(a)).failure).toBe('target_closed');
    expect(client.listenerCount('Page.frameNavigated.S1')).toBe(0);
    client.emit('Page.frameNavigated.S1', {});
    client.emit('Page.frameNavigated.S2', {});
    expect(seen).toEqual(['s2']);
    client.sent[1]!.reply(false, { result: { type: 'number', value: 2 } });
    await expect(b).resolves.toBeDefined();
    expect((await failureOf(s1.send('Page.enable'))).failure).toBe('target_closed');
  });

  it('ignores a late answer to a command that already timed out', async () => {
    const { client, connection } = open(20);
    const pending = connection.root.send('Browser.getVersion');
    await failureOf(pending);
    expect(() => client.sent[0]!.reply(false, {})).not.toThrow();
  });

  it('reads chrome-remote-interface\'s close callback (an Error alone) as connection_closed with its message', async () => {
    const { client, connection } = open();
    const pending = connection.root.send('Target.getTargets');
    client.sent[0]!.reply(new Error('WebSocket connection closed') as never, undefined);
    const error = await failureOf(pending);
    expect(error.failure).toBe('connection_closed');
    expect(error.message).toContain('WebSocket connection closed');
    expect(error.message).not.toContain('undefined');
  });

  it('probes a stalled link and drops it when the probe goes unanswered: pending commands fail with timeout', async () => {
    const { client, connection } = open(60_000);
    const pending = connection.root.send('Target.getTargets');
    const error = await failureOf(pending);
    // Not the command's own 60 s timeout: the probe (after STALL_MS) went unanswered for PROBE_TIMEOUT_MS.
    expect(error.failure).toBe('timeout');
    expect(error.message).toContain(`no reply to a liveness probe within ${PROBE_TIMEOUT_MS} ms`);
    expect(client.sent.map((sent) => sent.method)).toEqual(['Target.getTargets', 'Browser.getVersion']);
    // This connection has no URL to re-open: the next call says to bind again.
    const next = await failureOf(connection.root.send('Browser.getVersion'));
    expect(next.failure).toBe('connection_closed');
    expect(next.message).toContain('bind again');
  });

  it('probes when a reply on its way as the link died arrives after the next command went out', async () => {
    const { client, connection } = open(60_000);
    const earlier = connection.root.send('Target.getTargets');
    const pending = connection.root.send('Browser.getWindowForTarget');
    // The earlier command's reply comes in after the next one was sent; then nothing more.
    client.sent[0]!.reply(false, { targetInfos: [] });
    await earlier;
    const error = await failureOf(pending);
    expect(error.failure).toBe('timeout');
    expect(error.message).toContain(`no reply to a liveness probe within ${PROBE_TIMEOUT_MS} ms`);
  });

  it('does not drop a link that answers the probe (a slow command on a live link)', async () => {
    const { client, connection } = open(60_000);
    const pending = connection.root.send('Runtime.evaluate', { expression: 'slow()' });
    // Wait for the probe, answer it, then answer the slow command.
    await vi.waitFor(() => expect(client.sent.map((sent) => sent.method)).toContain('Browser.getVersion'), { timeout: 10_000 });
    client.sent[1]!.reply(false, { product: 'x' });
    client.sent[0]!.reply(false, { result: { type: 'number', value: 1 } });
    await expect(pending).resolves.toBeDefined();
  });
});
