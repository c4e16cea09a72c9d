import { describe, expect, it } from 'vitest';
import { Driver } from './driver.js';
import { FakeBrowser, FakeBrowserTransport, FakeNativePlatform, type FakePlatformInit } from '../testing/fake-ports.js';
import { fakeMailPage } from '../testing/fake-ports-pages.js';
import { bindResponseSchema, endSessionResponseSchema, listWindowsResponseSchema, refusalResponseSchema, transportErrorResponseSchema } from '../contract/responses.js';
import { TAB_ID_PATTERN, TARGET_ID_PATTERN } from '../contract/patterns.js';
import { TransportError } from '../errors/transport-error.js';

function make(platform?: FakePlatformInit, transportOptions: ConstructorParameters<typeof FakeBrowserTransport>[1] = {}) {
  const browser = new FakeBrowser([
    { capture: fakeMailPage(), title: 'Inbox', active: true, windowBounds: { x: 0, y: 0, width: 1280, height: 900 } },
    { capture: fakeMailPage({ subject: 'Other' }), title: 'Other', active: false, windowBounds: { x: 1400, y: 0, width: 800, height: 600 } },
  ]);
  const transport = new FakeBrowserTransport(browser, transportOptions);
  const native = platform ? new FakeNativePlatform(platform) : undefined;
  const driver = new Driver({ transport, platform: native });
  return { browser, transport, native, driver };
}

function refusal(result: unknown) {
  return refusalResponseSchema.parse(result).refusal;
}

const chromeWindow = { pid: 4242, windowId: 77, title: 'Inbox - Chromium', bounds: { x: 2, y: 3, width: 1284, height: 896 }, app: 'chromium' };
const otherWindow = { pid: 4242, windowId: 78, title: 'Other - Chromium', bounds: { x: 1400, y: 0, width: 800, height: 600 }, app: 'chromium' };

describe('Driver.bind — explicit endpoint', () => {
  it('binds with proof explicit_endpoint and lists the tabs', async () => {
    const { driver, transport } = make();
    const result = bindResponseSchema.parse(await driver.bind({ session: 'default', cdp_url: 'http://127.0.0.1:9222' }));
    expect(result.target_id).toMatch(TARGET_ID_PATTERN);
    expect(result.binding).toEqual({ route: 'explicit', proof: 'explicit_endpoint', exact: true });
    expect(result.browser).toEqual({ product: 'FakeChrome/156.0.0.0', protocol: '1.3' });
    expect(result.tabs).toHaveLength(2);
    for (const tab of result.tabs) expect(tab.tab_id).toMatch(TAB_ID_PATTERN);
    expect(result.tabs.map((tab) => [tab.title, tab.active])).toEqual([
      ['Inbox', true],
      ['Other', false],
    ]);
    expect(JSON.stringify(result)).not.toContain('target-1');
    expect(transport.calls).toEqual([{ method: 'connect', detail: 'http://127.0.0.1:9222' }]);
  });

  it('reports a connection failure as a transport error', async () => {
    const { driver } = make(undefined, { endpoints: ['http://127.0.0.1:9222'] });
    const result = transportErrorResponseSchema.parse(await driver.bind({ session: 's1', cdp_url: 'http://127.0.0.1:9333' }));
    expect(result.error.code).toBe('browser_transport_error');
  });

  it('mints a new target for every bind', async () => {
    const { driver } = make();
    const a = bindResponseSchema.parse(await driver.bind({ session: 's1', cdp_url: 'ws://127.0.0.1:9222/devtools/browser/x' }));
    const b = bindResponseSchema.parse(await driver.bind({ session: 's1', cdp_url: 'ws://127.0.0.1:9222/devtools/browser/x' }));
    expect(a.target_id).not.toBe(b.target_id);
  });
});

describe('Driver.bind — managed launch', () => {
  it('launches headless at 1280×800 by default, and endSession closes what it launched', async () => {
    const { driver, transport, browser } = make();
    const result = bindResponseSchema.parse(await driver.bind({ session: 'cli', launch: {} }));
    expect(result.binding).toEqual({ route: 'managed', proof: 'spawned_by_driver', exact: true });
    expect(transport.calls).toEqual([
      { method: 'launch', detail: { url: undefined, headless: true, viewport: { width: 1280, height: 800 }, wait: { until: 'ready', timeoutMs: 30_000, quietMs: 0 } } },
    ]);
    const ended = endSessionResponseSchema.parse(await driver.endSession({ session: 'cli' }));
    expect(ended.closed_browsers).toBe(1);
    expect(browser.calls.filter((call) => call.method === 'close')).toEqual([{ method: 'close', detail: { launched: true } }]);
    const after = refusal(await driver.snapshot({ session: 'cli', target_id: result.target_id, tab_id: result.tabs[0]!.tab_id }));
    expect(after.code).toBe('browser_ref_stale');
  });

  it('passes url, headless and viewport through', async () => {
    const { driver, transport } = make();
    await driver.bind({ session: 'cli', launch: { url: 'http://127.0.0.1:8080/', headless: false, viewport: { width: 800, height: 600 } } });
    expect(transport.calls[0]).toEqual({
      method: 'launch',
      detail: { url: 'http://127.0.0.1:8080/', headless: false, viewport: { width: 800, height: 600 }, wait: { until: 'ready', timeoutMs: 30_000, quietMs: 0 } },
    });
  });

  it('close() ends every session', async () => {
    const { driver, browser } = make();
    await driver.bind({ session: 'a', launch: {} });
    await driver.bind({ session: 'b', cdp_url: 'http://127.0.0.1:9222' });
    await driver.close();
    expect(browser.calls.filter((call) => call.method === 'close')).toHaveLength(2);
    expect(browser.connections.every((connection) => connection.closed)).toBe(true);
  });
});

describe('Driver.bind — native window', () => {
  const proven: FakePlatformInit = {
    windows: [chromeWindow, otherWindow, { pid: 1, windowId: 5, title: 'Terminal', bounds: { x: 0, y: 0, width: 10, height: 10 }, app: 'xterm' }],
    endpoints: [{ pid: 4242, host: '127.0.0.1', port: 9229 }],
    devToolsActivePort: { 4242: { port: 9229, path: '/devtools/browser/abc' } },
  };

  it('is unavailable without a platform adapter, naming the other routes', async () => {
    const { driver } = make();
    const result = refusal(await driver.bind({ session: 's', pid: 4242, window_id: 77 }));
    expect(result.code).toBe('browser_route_unavailable');
    expect(result.message).toMatch(/cdp_url/);
    expect(result.message).toMatch(/launch/);
  });

  it('is unavailable when the platform says so (e.g. Wayland)', async () => {
    const { driver } = make({ unavailable: 'Wayland session without a supported compositor' });
    const result = refusal(await driver.bind({ session: 's', pid: 4242, window_id: 77 }));
    expect(result.code).toBe('browser_route_unavailable');
    expect(result.message).toContain('Wayland');
  });

  it('proves the endpoint through DevToolsActivePort and matches the window by bounds', async () => {
    const { driver, transport } = make(proven);
    const result = bindResponseSchema.parse(await driver.bind({ session: 's', pid: 4242, window_id: 77 }));
    expect(result.binding).toEqual({ route: 'native', proof: 'devtools_active_port', exact: true });
    expect(transport.calls).toEqual([{ method: 'connect', detail: 'http://127.0.0.1:9229' }]);
    expect(result.tabs.map((tab) => tab.title)).toEqual(['Inbox']);
  });

  it('proves the endpoint through the pid’s listening socket when there is no DevToolsActivePort', async () => {
    const { driver } = make({ ...proven, devToolsActivePort: {} });
    const result = bindResponseSchema.parse(await driver.bind({ session: 's', pid: 4242, window_id: 78 }));
    expect(result.binding.proof).toBe('listening_socket_pid');
    expect(result.tabs.map((tab) => tab.title)).toEqual(['Other']);
  });

  it('refuses an endpoint the process does not own', async () => {
    const { driver, transport } = make({ ...proven, endpoints: [{ pid: 4242, host: '127.0.0.1', port: 1234 }] });
    const result = refusal(await driver.bind({ session: 's', pid: 4242, window_id: 77 }));
    expect(result.code).toBe('browser_endpoint_owner_mismatch');
    expect(transport.calls).toEqual([]);
  });

  it('says how to start the browser when there is no endpoint', async () => {
    const { driver } = make({ ...proven, endpoints: [], devToolsActivePort: {} });
    const result = refusal(await driver.bind({ session: 's', pid: 4242, window_id: 77 }));
    expect(result.code).toBe('browser_requires_setup');
    expect(result.message).toContain('--remote-debugging-port');
  });

  it('refuses an unknown window, naming the field', async () => {
    const { driver } = make(proven);
    const result = refusal(await driver.bind({ session: 's', pid: 4242, window_id: 99 }));
    expect(result.code).toBe('browser_invalid_request');
    expect(result.detail?.field).toBe('window_id');
  });

  it('refuses a window of another process as an owner mismatch', async () => {
    const { driver } = make(proven);
    const result = refusal(await driver.bind({ session: 's', pid: 5151, window_id: 77 }));
    expect(result.code).toBe('browser_endpoint_owner_mismatch');
    expect(result.detail).toMatchObject({ field: 'pid', window_pid: 4242 });
  });

  it('refuses when the process changed while binding', async () => {
    const { driver, native } = make(proven);
    let calls = 0;
    native!.fingerprint = async (pid: number) => ({ pid, startTime: String((calls += 1)), executable: '/usr/bin/chromium' });
    const result = refusal(await driver.bind({ session: 's', pid: 4242, window_id: 77 }));
    expect(result.code).toBe('browser_binding_stale');
  });

  it('falls back to a title match, which is heuristic and read-only', async () => {
    const { driver, browser } = make({ ...proven, windows: [{ ...chromeWindow, bounds: { x: 500, y: 500, width: 10, height: 10 } }, otherWindow] });
    const result = bindResponseSchema.parse(await driver.bind({ session: 's', pid: 4242, window_id: 77 }));
    expect(result.binding).toEqual({ route: 'native', proof: 'devtools_active_port', exact: false });
    const tab = result.tabs[0]!;
    const snapshot = await driver.snapshot({ session: 's', target_id: result.target_id, tab_id: tab.tab_id });
    expect(snapshot.status).toBe('ok');
    const send = (snapshot as { refs: Array<{ ref: string; name: string }> }).refs.find((ref) => ref.name === 'Send')!;
    const before = browser.calls.length;
    const click = refusal(await driver.click({ session: 's', target_id: result.target_id, tab_id: tab.tab_id, ref: send.ref }));
    expect(click.code).toBe('browser_binding_ambiguous');
    expect(browser.calls.slice(before)).toEqual([]);
    const press = refusal(await driver.press({ session: 's', target_id: result.target_id, tab_id: tab.tab_id, key: 'Enter' }));
    expect(press.code).toBe('browser_binding_ambiguous');
  });

  it('lists only browser windows', async () => {
    const { driver } = make(proven);
    const result = listWindowsResponseSchema.parse(await driver.listBrowserWindows({}));
    expect(result.windows.map((window) => window.window_id)).toEqual([77, 78]);
    const none = make();
    expect(refusal(await none.driver.listBrowserWindows({})).code).toBe('browser_route_unavailable');
  });
});

describe('Driver.bind — invalid requests', () => {
  const cases: Array<[string, unknown, string]> = [
    ['no route', { session: 's' }, 'cdp_url'],
    ['two routes', { session: 's', cdp_url: 'http://127.0.0.1:9222', launch: {} }, 'launch'],
    ['bad session', { session: 'has space', cdp_url: 'http://127.0.0.1:9222' }, 'session'],
    ['missing session', { cdp_url: 'http://127.0.0.1:9222' }, 'session'],
    ['bad cdp_url', { session: 's', cdp_url: 'ftp://x' }, 'cdp_url'],
    ['unknown field', { session: 's', cdp_url: 'http://127.0.0.1:9222', extra: 1 }, 'extra'],
    ['bad viewport', { session: 's', launch: { viewport: { width: 10, height: 800 } } }, 'launch.viewport.width'],
    ['unknown launch field', { session: 's', launch: { profile: '/tmp' } }, 'launch.profile'],
    ['bad pid', { session: 's', pid: -1, window_id: 3 }, 'pid'],
    ['not an object', 'bind me', '(request)'],
  ];
  for (const [label, input, field] of cases) {
    it(`refuses ${label}, naming ${field}`, async () => {
      const { driver, transport } = make();
      const result = refusal(await driver.bind(input));
      expect(result.code).toBe('browser_invalid_request');
      expect(result.detail?.field).toBe(field);
      expect(typeof result.detail?.problem).toBe('string');
      expect(transport.calls).toEqual([]);
    });
  }

  it('turns an unexpected exception into an error without page text or stack', async () => {
    const { driver, transport } = make();
    transport.connect = async () => {
      throw new RangeError('secret page text at line 3');
    };
    const result = transportErrorResponseSchema.parse(await driver.bind({ session: 's', cdp_url: 'http://127.0.0.1:9222' }));
    expect(result.error.message).not.toContain('secret');
    expect(result.error.message).not.toMatch(/\bat\b.*:\d+/);
  });

  it('reports a TransportError from listing tabs as an error and closes the connection', async () => {
    const { driver, browser } = make();
    browser.failNext('listTabs', new TransportError('timeout', 'Target.getTargets timed out', 'Target.getTargets'));
    const result = transportErrorResponseSchema.parse(await driver.bind({ session: 's', cdp_url: 'http://127.0.0.1:9222' }));
    expect(result.status).toBe('error');
    expect(browser.connections[0]!.closed).toBe(true);
  });
});
