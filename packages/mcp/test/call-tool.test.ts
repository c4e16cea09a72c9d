import { SightlineError, TransportError } from '@sightline/semantic-core';
import { describe, expect, test } from 'vitest';
import { callTool, SIGHTLINE_TOOLS } from '../src/index.js';

/** What callTool calls: semantic-core's Driver type (a Pick of it). */
type ServedDriver = Parameters<typeof callTool>[0];

const click = SIGHTLINE_TOOLS.find((tool) => tool.name === 'browser_click')!;
const state = SIGHTLINE_TOOLS.find((tool) => tool.name === 'get_browser_state')!;
const address = { session: 's', target_id: 'bt-0123456789abcdef', tab_id: 'tab-0123456789abcdef' };

function driverAnswering(answer: () => Promise<unknown>, seen: unknown[] = []): ServedDriver {
  // Answers anything, also outside the contract: typed as the Driver's methods on purpose.
  const method = (async (input: unknown) => {
    seen.push(input);
    return answer();
  }) as never;
  return {
    listBrowserWindows: method, bind: method, snapshot: method, click: method, type: method, select: method,
    scroll: method, press: method, navigate: method, screenshot: method, endSession: method,
    dialog: method, console: method,
    listTabs: async () => ({ status: 'ok', mode: 'tabs', target_id: address.target_id, tabs: [] }),
    hover: method, drag: method, upload: method,
    wait: method, tabs: method,
  };
}

describe('callTool never throws', () => {
  test('a thrown SightlineError becomes a refusal, a TransportError an isError result', async () => {
    const refused = await callTool(driverAnswering(() => Promise.reject(new SightlineError('browser_ref_stale', 'take a new snapshot'))), click, { ...address, ref: 'p1:1' });
    expect(refused).toMatchObject({ isError: false, structuredContent: { status: 'refused', refusal: { code: 'browser_ref_stale' } } });
    const broken = await callTool(driverAnswering(() => Promise.reject(new TransportError('connection_closed', 'socket closed'))), click, { ...address, ref: 'p1:1' });
    expect(broken).toMatchObject({ isError: true, structuredContent: { status: 'error', error: { code: 'browser_transport_error' } } });
    const weird = await callTool(driverAnswering(() => Promise.reject(new Error('boom'))), click, { ...address, ref: 'p1:1' });
    expect(weird.isError).toBe(true);
  });

  test('an answer outside the contract is reported, not forwarded', async () => {
    const result = await callTool(driverAnswering(async () => ({ status: 'ok', action: 'teleport' })), click, { ...address, ref: 'p1:1' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect((result.content[0] as { text: string }).text).toMatch(/outside its contract/);
  });

  test('get_browser_state routes by the fields present and defaults snapshot_format to dom_refs_v1', async () => {
    const seen: unknown[] = [];
    const driver = driverAnswering(async () => ({ status: 'refused', refusal: { code: 'browser_invalid_request', message: 'x' } }), seen);
    await callTool(driver, state, { ...address });
    await callTool(driver, state, { ...address, snapshot_format: 'semantic_v2' });
    await callTool(driver, state, { session: 's', launch: {} });
    expect(seen).toEqual([
      { ...address, snapshot_format: 'dom_refs_v1' },
      { ...address, snapshot_format: 'semantic_v2' },
      { session: 's', launch: {} },
    ]);
  });
});
