import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalResponseSchema, waitResponseSchema, type SemanticSnapshotResponse } from '@sightline/semantic-core';
import { refOf, startActionsFixture, type ActionsFixture } from './support/actions-fixture.js';

// SPEC §12 browser_wait through the Driver and CdpBrowserTransport on harness/app/verbs/wait.html.
// Each change on the page starts from a click (a trusted one, recorded in the capture phase) and
// lands after a delay; the test checks the condition is false before it starts.

let f: ActionsFixture;
let page: string;

beforeAll(async () => {
  f = await startActionsFixture('waits');
  page = `${f.server.mainOrigin}/verbs/wait.html`;
});
afterAll(async () => {
  await f?.close();
});

const met = (result: unknown) => waitResponseSchema.parse(result);

async function click(snapshot: SemanticSnapshotResponse, name: string): Promise<void> {
  expect(await f.driver.click({ ...f.address, ref: refOf(snapshot, 'button', name).ref })).toMatchObject({ status: 'ok', action: 'click' });
}

async function clicks(): Promise<Array<{ id: string; trusted: boolean }>> {
  return f.evaluate('window.__clicks');
}

describe('browser_wait', () => {
  it('text that appears after a delay: met, then the snapshot shows it', async () => {
    await f.open(page);
    const snapshot = await f.snapshot();
    expect(snapshot.outline).not.toContain('Saved all drafts');
    await click(snapshot, 'Show text later');
    const result = met(await f.driver.wait({ ...f.address, text: 'saved ALL   drafts', timeout_ms: 20_000 }));
    expect(result).toMatchObject({ status: 'ok', mode: 'wait', met: true });
    expect(result.waited_ms).toBeLessThan(20_000);
    expect((await f.snapshot()).outline).toContain('Saved all drafts');
    expect(await clicks()).toEqual([{ id: 'later', trusted: true }]);
  });

  it('text_gone: met once "Loading messages" is replaced', async () => {
    await f.open(page);
    const snapshot = await f.snapshot();
    expect(snapshot.outline).toContain('Loading messages');
    await click(snapshot, 'Finish loading');
    expect(met(await f.driver.wait({ ...f.address, text_gone: 'Loading messages', timeout_ms: 20_000 })).met).toBe(true);
    expect(await f.evaluate<string>("document.getElementById('status').textContent")).toBe('Ready');
  });

  it('text in an open shadow root and in an out-of-process frame counts; hidden text does not', async () => {
    await f.open(page);
    const snapshot = await f.snapshot();
    await click(snapshot, 'Shadow text later');
    expect(met(await f.driver.wait({ ...f.address, text: 'Shadow text arrived', timeout_ms: 20_000 })).met).toBe(true);
    const frameButton = refOf(snapshot, 'button', 'Frame text later');
    expect(frameButton.frame).not.toBe('main');
    expect(await f.driver.click({ ...f.address, ref: frameButton.ref })).toMatchObject({ status: 'ok' });
    expect(met(await f.driver.wait({ ...f.address, text: 'Frame text arrived', timeout_ms: 20_000 })).met).toBe(true);
    for (const hidden of ['Secret hidden words', 'Invisible words here']) {
      expect(met(await f.driver.wait({ ...f.address, text: hidden, timeout_ms: 300 })).met, hidden).toBe(false);
    }
    // The hidden text is in the page all the same (so the refusal to see it is about visibility).
    expect(await f.evaluate<string>('document.body.textContent')).toContain('Secret hidden words');
  });

  it('a ref becomes enabled again (its element number carried into the newer snapshot): met, and the button then clicks', async () => {
    // Disabled controls are listed without a ref (SPEC §6), so the ref comes from when it was enabled.
    await f.open(`${page}?delay=3000`);
    const first = await f.snapshot();
    const element = refOf(first, 'button', 'Submit order').ref.split(':')[1];
    await click(first, 'Disable submit for a while');
    const disabled = await f.snapshot();
    expect(disabled.outline).toContain('button "Submit order" [disabled]');
    const submit = `${disabled.snapshot.id}:${element}`;
    expect(met(await f.driver.wait({ ...f.address, ref: submit, state: 'visible', timeout_ms: 20_000 })).met).toBe(true);
    expect(met(await f.driver.wait({ ...f.address, ref: submit, state: 'enabled', timeout_ms: 20_000 })).met).toBe(true);
    expect(await f.evaluate<boolean>("document.getElementById('submit').disabled")).toBe(false);
    await click(await f.snapshot(), 'Submit order');
    expect(await clicks()).toEqual([
      { id: 'disable', trusted: true },
      { id: 'submit', trusted: true },
    ]);
  });

  it('a URL after a delayed pushState (substring), and after a delayed navigation (glob); the old ref is then gone', async () => {
    await f.open(page);
    let snapshot = await f.snapshot();
    await click(snapshot, 'Push URL later');
    expect(met(await f.driver.wait({ ...f.address, url: 'step=pushed', timeout_ms: 20_000 })).met).toBe(true);
    expect(await f.evaluate<string>('location.search')).toBe('?step=pushed');
    snapshot = await f.snapshot();
    const leave = refOf(snapshot, 'button', 'Leave page later');
    await click(snapshot, 'Leave page later');
    expect(met(await f.driver.wait({ ...f.address, url: '*/verbs/wait-done.*', timeout_ms: 20_000 })).met).toBe(true);
    expect(met(await f.driver.wait({ ...f.address, load_state: 'load', timeout_ms: 20_000 })).met).toBe(true);
    expect((await f.snapshot()).outline).toContain('Arrived after navigation');
    // The snapshot after navigation made the old ref stale: waiting on it is refused, never re-resolved.
    expect(refusalResponseSchema.parse(await f.driver.wait({ ...f.address, ref: leave.ref, state: 'gone' })).refusal).toMatchObject({ code: 'browser_ref_stale', detail: { field: 'ref' } });
  });

  it('ref state gone: met when the ref\'s document is replaced by a navigation', async () => {
    await f.open(page);
    const snapshot = await f.snapshot();
    const leave = refOf(snapshot, 'button', 'Leave page later');
    await click(snapshot, 'Leave page later');
    expect(met(await f.driver.wait({ ...f.address, ref: leave.ref, state: 'gone', timeout_ms: 20_000 })).met).toBe(true);
    expect(met(await f.driver.wait({ ...f.address, url: 'wait-done', timeout_ms: 20_000 })).met).toBe(true);
  });

  it('load_state network_idle waits for a slow request to finish', async () => {
    await f.open(page);
    const snapshot = await f.snapshot();
    await click(snapshot, 'Fetch slowly');
    const result = met(await f.driver.wait({ ...f.address, load_state: 'network_idle', timeout_ms: 30_000 }));
    expect(result.met).toBe(true);
    // Idle means the 1.5 s response has arrived (and 500 ms have passed since).
    expect(await f.evaluate<string>("document.getElementById('out').textContent")).toContain('Fetched after 1500 ms');
  });

  it('a timeout is met:false (not a refusal), within bounds', async () => {
    await f.open(page);
    const started = performance.now();
    const result = met(await f.driver.wait({ ...f.address, text: 'Never shown anywhere', timeout_ms: 800 }));
    const elapsed = performance.now() - started;
    expect(result.met).toBe(false);
    expect(result.waited_ms).toBeGreaterThanOrEqual(800);
    // Bounded: the timeout plus a small overrun (generous for a busy machine).
    expect(elapsed).toBeLessThan(800 + 15_000);
  });

  it('bad input is refused naming the field, and nothing waits', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ text: 'a', timeout_ms: 0 }, 'timeout_ms'],
      [{ text: 'a', timeout_ms: 60_001 }, 'timeout_ms'],
      [{}, 'text'],
      [{ text: 'a', load_state: 'load' }, 'load_state'],
      [{ state: 'visible' }, 'state'],
    ];
    for (const [extra, field] of cases) {
      const refused = refusalResponseSchema.parse(await f.driver.wait({ ...f.address, ...extra }));
      expect(refused.refusal, JSON.stringify(extra)).toMatchObject({ code: 'browser_invalid_request', detail: { field } });
    }
  });
});
