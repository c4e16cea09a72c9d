import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeBrowserTransport } from '../testing/fake-ports.js';
import { fakeMailPage } from '../testing/fake-ports-pages.js';
import { bindResponseSchema, refusalResponseSchema, semanticSnapshotResponseSchema } from '../contract/responses.js';
import type { BrowserConnection, LaunchOptions, PageOpenReport } from '../ports/browser-transport.js';

/** A launch whose page report is `report` (what the CDP transport sets after opening the url). */
class ReportingTransport extends FakeBrowserTransport {
  constructor(browser: FakeBrowser, private readonly report: PageOpenReport) {
    super(browser);
  }

  override async launch(options: LaunchOptions): Promise<BrowserConnection> {
    return Object.assign(await super.launch(options), { opened: this.report });
  }
}

const REPORT: PageOpenReport = {
  ready: 'painted',
  loadEvent: false,
  stillLoading: [{ type: 'Image', url: 'http://127.0.0.1:1/held.png' }],
  stillLoadingCount: 1,
  launchMs: 412.6,
  loadWaitMs: 88.2,
};

describe('issue 16: how a page was opened, and where a snapshot\'s time went', () => {
  it('passes wait_until, wait_timeout_ms and quiet_ms to the launch', async () => {
    const transport = new FakeBrowserTransport(new FakeBrowser([{ capture: fakeMailPage() }]));
    const driver = new Driver({ transport });
    bindResponseSchema.parse(await driver.bind({ session: 'a', launch: { url: 'http://127.0.0.1:1/', wait_until: 'load', wait_timeout_ms: 5_000, quiet_ms: 300 } }));
    expect((transport.calls[0]!.detail as LaunchOptions).wait).toEqual({ until: 'load', timeoutMs: 5_000, quietMs: 300 });
  });

  it('refuses a wait outside its bounds, naming the field', async () => {
    const driver = new Driver({ transport: new FakeBrowserTransport(new FakeBrowser([{ capture: fakeMailPage() }])) });
    const refused = refusalResponseSchema.parse(await driver.bind({ session: 'a', launch: { wait_timeout_ms: 100 } }));
    expect(refused.refusal.code).toBe('browser_invalid_request');
    expect(JSON.stringify(refused.refusal)).toContain('wait_timeout_ms');
    const idle = refusalResponseSchema.parse(await driver.bind({ session: 'a', launch: { wait_until: 'idle' } }));
    expect(JSON.stringify(idle.refusal)).toContain('wait_until');
  });

  it('reports what was still loading and the launch/load split on the bind answer', async () => {
    const driver = new Driver({ transport: new ReportingTransport(new FakeBrowser([{ capture: fakeMailPage() }]), REPORT) });
    const bind = bindResponseSchema.parse(await driver.bind({ session: 'a', launch: { url: 'http://127.0.0.1:1/' } }));
    expect(bind.page_load).toEqual({ ready: 'painted', load_event: false, still_loading: [{ type: 'Image', url: 'http://127.0.0.1:1/held.png' }], still_loading_count: 1 });
    expect(bind.timing_ms).toEqual({ launch: 413, load_wait: 88 });
  });

  it('a bind that opened no page has neither field', async () => {
    const driver = new Driver({ transport: new FakeBrowserTransport(new FakeBrowser([{ capture: fakeMailPage() }])) });
    const bind = bindResponseSchema.parse(await driver.bind({ session: 'a', cdp_url: 'http://127.0.0.1:9222' }));
    expect(bind.page_load).toBeUndefined();
    expect(bind.timing_ms).toBeUndefined();
  });

  it('carries the transport\'s capture phases into timing_ms (rounded), and leaves them out when absent', async () => {
    const timings = { worldSetup: 12.34, axEnable: 0, walk: 420.06, hitTest: 31, rank: 25.5, ax: 90.55 };
    const browser = new FakeBrowser([{ capture: { ...fakeMailPage(), timings } }]);
    const driver = new Driver({ transport: new FakeBrowserTransport(browser) });
    const bind = bindResponseSchema.parse(await driver.bind({ session: 'a', cdp_url: 'http://127.0.0.1:9222' }));
    const snap = semanticSnapshotResponseSchema.parse(await driver.snapshot({ session: 'a', target_id: bind.target_id, tab_id: bind.tabs[0]!.tab_id }));
    expect(snap.timing_ms).toMatchObject({ world_setup: 12.3, ax_enable: 0, walk: 420.1, hit_test: 31, rank: 25.5, ax: 90.6 });
    expect(snap.timing_ms.collect).toBeGreaterThanOrEqual(0);

    const plain = new Driver({ transport: new FakeBrowserTransport(new FakeBrowser([{ capture: fakeMailPage() }])) });
    const bound = bindResponseSchema.parse(await plain.bind({ session: 'a', cdp_url: 'http://127.0.0.1:9222' }));
    const bare = semanticSnapshotResponseSchema.parse(await plain.snapshot({ session: 'a', target_id: bound.target_id, tab_id: bound.tabs[0]!.tab_id }));
    expect(Object.keys(bare.timing_ms).sort()).toEqual(['collect', 'compose']);
  });
});
