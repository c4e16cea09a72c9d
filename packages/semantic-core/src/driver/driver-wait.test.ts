import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeBrowserTransport } from '../testing/fake-ports.js';
import { fakeMailPage } from '../testing/fake-ports-pages.js';
import { bindResponseSchema, refusalResponseSchema, semanticSnapshotResponseSchema } from '../contract/responses.js';
import { waitResponseSchema } from '../contract/wait.js';
import type { WaitCondition } from '../ports/browser-transport.js';
import { SightlineError } from '../errors/sightline-error.js';

async function bound() {
  const browser = new FakeBrowser([{ capture: fakeMailPage() }]);
  const driver = new Driver({ transport: new FakeBrowserTransport(browser) });
  const bind = bindResponseSchema.parse(await driver.bind({ session: 'agent', cdp_url: 'http://127.0.0.1:9222' }));
  const address = { session: 'agent', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id };
  return { browser, driver, address };
}

const refusal = (result: unknown) => refusalResponseSchema.parse(result).refusal;

describe('Driver.wait', () => {
  it('passes one condition and the default timeout to the transport and answers met and waited_ms', async () => {
    const { browser, driver, address } = await bound();
    const seen: Array<{ condition: WaitCondition; timeoutMs: number }> = [];
    browser.waitOutcome = (_key, condition, timeoutMs) => {
      seen.push({ condition, timeoutMs });
      return { met: condition.kind !== 'text_gone' };
    };
    expect(waitResponseSchema.parse(await driver.wait({ ...address, text: 'Saved' }))).toMatchObject({ mode: 'wait', met: true });
    expect(waitResponseSchema.parse(await driver.wait({ ...address, text_gone: 'Loading', timeout_ms: 250 }))).toMatchObject({ met: false });
    await driver.wait({ ...address, url: '*/done' });
    await driver.wait({ ...address, load_state: 'network_idle', timeout_ms: 60_000 });
    expect(seen).toEqual([
      { condition: { kind: 'text', text: 'Saved' }, timeoutMs: 10_000 },
      { condition: { kind: 'text_gone', text: 'Loading' }, timeoutMs: 250 },
      { condition: { kind: 'url', pattern: '*/done' }, timeoutMs: 10_000 },
      { condition: { kind: 'load_state', state: 'network_idle' }, timeoutMs: 60_000 },
    ]);
  });

  it('resolves a current ref to its node address; a stale ref is refused before anything waits', async () => {
    const { browser, driver, address } = await bound();
    const snapshot = semanticSnapshotResponseSchema.parse(await driver.snapshot(address));
    const send = snapshot.refs.find((ref) => ref.name === 'Send')!;
    await driver.wait({ ...address, ref: send.ref, state: 'enabled' });
    const last = browser.pageCalls('wait').at(-1)!.detail as { condition: WaitCondition };
    expect(last.condition).toMatchObject({ kind: 'ref', state: 'enabled', node: { handle: expect.any(String) } });
    await driver.snapshot(address);
    const before = browser.pageCalls('wait').length;
    expect(refusal(await driver.wait({ ...address, ref: send.ref, state: 'gone' }))).toMatchObject({ code: 'browser_ref_stale', detail: { field: 'ref' } });
    expect(browser.pageCalls('wait')).toHaveLength(before);
  });

  it('refuses bad input naming the field: no condition, two conditions, state without ref, ref without state, timeout out of range', async () => {
    const { browser, driver, address } = await bound();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'text'],
      [{ text: 'a', url: 'b' }, 'url'],
      [{ state: 'visible' }, 'state'],
      [{ ref: 'p1:2' }, 'state'],
      [{ text: 'a', timeout_ms: 0 }, 'timeout_ms'],
      [{ text: 'a', timeout_ms: 60_001 }, 'timeout_ms'],
      [{ load_state: 'idle' }, 'load_state'],
    ];
    for (const [extra, field] of cases) {
      expect(refusal(await driver.wait({ ...address, ...extra })), JSON.stringify(extra)).toMatchObject({ code: 'browser_invalid_request', detail: { field } });
    }
    expect(browser.pageCalls('wait')).toHaveLength(0);
  });

  it('a tab closed during the wait is refused naming tab_id, and stays closed', async () => {
    const { browser, driver, address } = await bound();
    const key = browser.firstTabKey();
    browser.waitOutcome = () => {
      browser.closeTab(key);
      throw new SightlineError('browser_tab_not_found', 'the tab closed');
    };
    expect(refusal(await driver.wait({ ...address, text: 'x' }))).toMatchObject({ code: 'browser_tab_not_found', detail: { field: 'tab_id' } });
    expect(refusal(await driver.snapshot(address)).code).toBe('browser_tab_not_found');
  });
});
