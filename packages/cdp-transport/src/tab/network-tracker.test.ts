import { describe, expect, it } from 'vitest';
import type { CdpSession } from '../connection/cdp-session.js';
import { NetworkTracker } from './network-tracker.js';

/** A session that records what was sent and lets the test fire its events and its detach. */
function fakeSession(id: string) {
  const sent: Array<[string, unknown]> = [];
  const handlers = new Map<string, (params: unknown) => void>();
  const detach: Array<(reason: string) => void> = [];
  const session = {
    id,
    send: async (method: string, params: unknown) => {
      sent.push([method, params]);
      return {};
    },
    on: (event: string, handler: (params: unknown) => void) => {
      handlers.set(event, handler);
      return () => handlers.delete(event);
    },
    onDetach: (listener: (reason: string) => void) => {
      detach.push(listener);
      return () => undefined;
    },
  } as unknown as CdpSession;
  const fire = (event: string, params: unknown) => handlers.get(event)!(params);
  return { session, sent, fire, detach: () => detach.forEach((listener) => listener('gone')) };
}

const pageRequest = (requestId: string, url: string, type = 'Image') => ({ requestId, frameId: 'F', type, request: { url }, initiator: { type: 'parser' } });

describe('NetworkTracker', () => {
  it('enables the Network domain without keeping response bodies (nothing reads them; buffering them slows the page)', async () => {
    const { session, sent } = fakeSession('S1');
    await new NetworkTracker().watch(session);
    expect(sent).toEqual([['Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }]]);
  });

  it('counts page requests until they finish or fail; data: URLs, streams and the browser’s own icon request do not count', async () => {
    const tracker = new NetworkTracker();
    const { session, fire } = fakeSession('S1');
    await tracker.watch(session);
    fire('Network.requestWillBeSent', pageRequest('1', 'http://127.0.0.1/a.png'));
    fire('Network.requestWillBeSent', pageRequest('2', 'http://127.0.0.1/b.css', 'Stylesheet'));
    fire('Network.requestWillBeSent', pageRequest('3', 'data:image/png;base64,AAAA'));
    fire('Network.requestWillBeSent', pageRequest('4', 'http://127.0.0.1/events', 'EventSource'));
    fire('Network.requestWillBeSent', { requestId: '5', type: 'Other', request: { url: 'http://127.0.0.1/favicon.ico' }, initiator: { type: 'other' } });
    expect(tracker.pending()).toEqual([
      { type: 'Image', url: 'http://127.0.0.1/a.png' },
      { type: 'Stylesheet', url: 'http://127.0.0.1/b.css' },
    ]);
    expect(tracker.quietForMs()).toBe(0);
    fire('Network.loadingFinished', { requestId: '1' });
    fire('Network.loadingFailed', { requestId: '2' });
    expect(tracker.pending()).toEqual([]);
  });

  it('drops the requests of a session that detaches, and those of frames that are gone', async () => {
    const tracker = new NetworkTracker();
    const one = fakeSession('S1');
    const two = fakeSession('S2');
    await tracker.watch(one.session);
    await tracker.watch(two.session);
    one.fire('Network.requestWillBeSent', pageRequest('1', 'http://127.0.0.1/one.js', 'Script'));
    two.fire('Network.requestWillBeSent', { ...pageRequest('2', 'http://127.0.0.1/two.js', 'Script'), frameId: 'G' });
    one.detach();
    expect(tracker.pending()).toEqual([{ type: 'Script', url: 'http://127.0.0.1/two.js' }]);
    tracker.quietForMs([{ frameId: 'F', loaderId: 'L' }]);
    expect(tracker.pending()).toEqual([]);
  });
});
