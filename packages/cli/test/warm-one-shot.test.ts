import { describe, expect, it } from 'vitest';
import { refusalResponse, transportErrorResponse } from '@sightline/semantic-core';
import { warmOneShot } from '../src/daemon/warm-one-shot.js';
import { WARM_ONE_SHOT_SESSION } from '../src/daemon/protocol.js';
import type { SessionState } from '../src/mapping/session-state.js';

/** A scripted Driver: each method answers from its queue and every call is recorded (pure logic; the real browser runs in cli-lifecycle). */
function scriptedDriver(script: Record<string, unknown[]>) {
  const calls: Array<[string, Record<string, unknown>]> = [];
  const method = (name: string) => async (input: unknown) => {
    calls.push([name, input as Record<string, unknown>]);
    const next = script[name]?.shift();
    if (next instanceof Error) throw next;
    return next ?? { status: 'ok', mode: name };
  };
  const driver = { bind: method('bind'), tabs: method('tabs'), wait: method('wait'), snapshot: method('snapshot'), endSession: method('endSession') };
  return { driver: driver as never, calls };
}

const bound = { status: 'ok', mode: 'bind', target_id: 'bt-1', binding: { route: 'managed', proof: 'spawned_by_driver', exact: true }, tabs: [{ tab_id: 'tab-0', url: 'about:blank', title: '', active: true }] };
const snapshot = { status: 'ok', mode: 'snapshot', timing_ms: { collect: 10, compose: 1 } };

describe('warm one-shot (issue 16)', () => {
  it('launches once, then every call opens, waits for load, snapshots and closes its own tab', async () => {
    const sessions = new Map<string, SessionState>();
    const { driver, calls } = scriptedDriver({ bind: [bound], tabs: [{ status: 'ok', tab_id: 'tab-1' }, {}, { status: 'ok', tab_id: 'tab-2' }, {}], snapshot: [snapshot, snapshot] });
    const firstCall = await warmOneShot(driver, sessions, { url: 'http://127.0.0.1:1/a', node_budget: 50 });
    await firstCall.closing;
    const secondCall = await warmOneShot(driver, sessions, { url: 'http://127.0.0.1:1/b' });
    await secondCall.closing;
    const first = firstCall.answer as { timing_ms: Record<string, number> };
    const second = secondCall.answer as { timing_ms: Record<string, number> };
    expect(calls.map(([name]) => name)).toEqual(['bind', 'tabs', 'wait', 'snapshot', 'tabs', 'tabs', 'wait', 'snapshot', 'tabs']);
    expect(calls[0]![1]).toEqual({ session: WARM_ONE_SHOT_SESSION, launch: {} });
    expect(calls[1]![1]).toEqual({ session: WARM_ONE_SHOT_SESSION, target_id: 'bt-1', action: 'new', url: 'http://127.0.0.1:1/a' });
    expect(calls[2]![1]).toMatchObject({ tab_id: 'tab-1', load_state: 'load' });
    expect(calls[3]![1]).toEqual({ session: WARM_ONE_SHOT_SESSION, target_id: 'bt-1', tab_id: 'tab-1', node_budget: 50 });
    expect(calls[4]![1]).toMatchObject({ action: 'close', tab_id: 'tab-1' });
    expect(first.timing_ms.launch).toBeGreaterThanOrEqual(0);
    expect(second.timing_ms.launch).toBe(0);
    expect(second.timing_ms.load_wait).toBeGreaterThanOrEqual(0);
  });

  it('answers before its tab has closed; the closing is handed back to run after the answer', async () => {
    const sessions = new Map<string, SessionState>();
    let finishClose!: () => void;
    const closed = new Promise<void>((resolve) => (finishClose = resolve));
    const { driver, calls } = scriptedDriver({ bind: [bound], tabs: [{ status: 'ok', tab_id: 'tab-1' }, closed.then(() => ({ status: 'ok' }))], snapshot: [snapshot] });
    const { answer, closing } = await warmOneShot(driver, sessions, { url: 'http://127.0.0.1:1/a' });
    expect(answer).toMatchObject({ status: 'ok', mode: 'snapshot' });
    // The close was asked for, and is still running when the answer is there.
    expect(calls.at(-1)).toEqual(['tabs', { session: WARM_ONE_SHOT_SESSION, target_id: 'bt-1', action: 'close', tab_id: 'tab-1' }]);
    let settled = false;
    void closing.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    finishClose();
    await closing;
    expect(settled).toBe(true);
  });

  it('closes its tab when the snapshot fails, and answers the failure', async () => {
    const sessions = new Map<string, SessionState>();
    const { driver, calls } = scriptedDriver({ bind: [bound], tabs: [{ status: 'ok', tab_id: 'tab-1' }, {}], snapshot: [new Error('boom')] });
    await expect(warmOneShot(driver, sessions, { url: 'http://127.0.0.1:1/a' })).rejects.toThrow('boom');
    expect(calls.at(-1)).toEqual(['tabs', { session: WARM_ONE_SHOT_SESSION, target_id: 'bt-1', action: 'close', tab_id: 'tab-1' }]);
  });

  it('replaces a browser that died once, and gives up after that', async () => {
    const sessions = new Map<string, SessionState>();
    const gone = transportErrorResponse('the browser connection closed');
    const { driver, calls } = scriptedDriver({ bind: [bound, bound, bound], tabs: [gone, { status: 'ok', tab_id: 'tab-9' }, {}], snapshot: [snapshot] });
    sessions.set(WARM_ONE_SHOT_SESSION, { targetId: 'bt-old', route: 'managed', tabs: [], tabId: null, continuation: null });
    const replaced = await warmOneShot(driver, sessions, { url: 'http://127.0.0.1:1/a' });
    await replaced.closing;
    expect(replaced.answer).toMatchObject({ status: 'ok', mode: 'snapshot' });
    expect(calls.map(([name]) => name)).toEqual(['tabs', 'endSession', 'bind', 'tabs', 'wait', 'snapshot', 'tabs']);
    // A refusal that is not about the browser is answered as it is; the browser stays warm.
    const refused = refusalResponse('browser_invalid_request', 'bad url', { field: 'url' });
    const again = scriptedDriver({ bind: [bound], tabs: [refused] });
    const kept = new Map<string, SessionState>();
    expect((await warmOneShot(again.driver, kept, { url: 'nope' })).answer).toEqual(refused);
    expect(again.calls.map(([name]) => name)).toEqual(['bind', 'tabs']);
    expect(kept.get(WARM_ONE_SHOT_SESSION)?.targetId).toBe('bt-1');
    // Twice gone: answered after one relaunch, nothing left bound.
    const twice = scriptedDriver({ bind: [bound, bound], tabs: [gone, gone] });
    const lost = new Map<string, SessionState>();
    expect((await warmOneShot(twice.driver, lost, { url: 'http://127.0.0.1:1/a' })).answer).toEqual(gone);
    expect(twice.calls.map(([name]) => name)).toEqual(['bind', 'tabs', 'endSession', 'bind', 'tabs', 'endSession']);
    expect(lost.size).toBe(0);
  });

  it('refuses a request without a URL, naming the field', async () => {
    const { driver, calls } = scriptedDriver({});
    expect((await warmOneShot(driver, new Map(), {})).answer).toMatchObject({ status: 'refused', refusal: { code: 'browser_invalid_request', detail: { field: 'url' } } });
    expect(calls).toEqual([]);
  });
});
