import type { CdpSession } from '../connection/cdp-session.js';

/**
 * Issue 16: the Network domain with no response bodies kept. By default Chromium copies every
 * response body of the tab into DevTools' buffers as it arrives, on the renderer's main thread, while
 * the page parses it; nothing here reads a body (only request starts and ends are counted). Measured on
 * the 100k-element inbox (a 3.7 MB document, fresh tabs, 12 alternating runs): load 3.27 s with the
 * default buffers, 2.73 s with none, 2.77 s with nothing enabled (cdp-transport README).
 */
const NETWORK_EVENTS_ONLY = { maxTotalBufferSize: 0, maxResourceBufferSize: 0 } as const;

/** Request types that stay open by design and would keep a page from ever being idle. */
const LONG_LIVED = new Set(['EventSource', 'WebSocket']);

/**
 * Issue 16: a request the browser makes for itself, not for the page's content — the tab's icon
 * (`favicon.ico`, fetched ~0.1 s after load): type `Other`, initiated by nothing in the page. It
 * changes nothing a snapshot shows, so it neither holds a quiet period nor counts as activity.
 */
function forTheBrowser(event: { type?: string; initiator: { type: string } }): boolean {
  return event.type === 'Other' && event.initiator.type === 'other';
}

/**
 * Requests in flight for one tab (its own session and its out-of-process frames), from the
 * Network domain, for SPEC §12 `load_state: network_idle`. Requests are seen from the moment the
 * tab is attached (its first read or action); data: URLs and long-lived streams do not count.
 *
 * Keyed by request id alone: a cross-process frame's document request starts in the parent's
 * session and finishes in the frame's own, and request ids are unique in the browser.
 */
export class NetworkTracker {
  /** request id → the session that saw it start and the frame it is for. */
  private readonly inflight = new Map<string, { owner: string; frameId: string | undefined; url: string; type: string }>();
  private quietSince = performance.now();
  /** Issue 16: when a request last started or ended (the quiet period of a one-shot counts from it). */
  private lastActivity = performance.now();

  /** Starts counting the session's requests; its requests are dropped when it detaches. */
  async watch(session: CdpSession): Promise<void> {
    const owner = session.id ?? '';
    session.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.startsWith('data:') || (event.type !== undefined && LONG_LIVED.has(event.type)) || forTheBrowser(event)) return;
      this.inflight.set(event.requestId, { owner, frameId: event.frameId, url: event.request.url, type: event.type ?? 'Other' });
      this.lastActivity = performance.now();
    });
    session.on('Network.loadingFinished', ({ requestId }) => this.finish(requestId));
    session.on('Network.loadingFailed', ({ requestId }) => this.finish(requestId));
    session.onDetach(() => {
      for (const [requestId, request] of [...this.inflight]) if (request.owner === owner) this.finish(requestId);
    });
    await session.send('Network.enable', NETWORK_EVENTS_ONLY).catch(() => undefined);
  }

  /**
   * How long (ms) no request has been in flight; 0 while one is. Given the tab's current frames:
   * a document request whose document has committed (its id is the frame's loader id) counts as
   * done (the frame's own session may have started listening only after it finished), and so does
   * any request of a frame that no longer exists.
   */
  quietForMs(frames?: ReadonlyArray<{ frameId: string; loaderId: string }>): number {
    if (frames) {
      const current = new Set(frames.map((frame) => frame.frameId));
      for (const frame of frames) this.finish(frame.loaderId);
      for (const [requestId, request] of [...this.inflight]) {
        if (request.frameId !== undefined && !current.has(request.frameId)) this.finish(requestId);
      }
    }
    return this.inflight.size > 0 ? 0 : performance.now() - this.quietSince;
  }

  /** Issue 16: ms since a request last started or ended (requests still in flight do not reset it). */
  get idleForMs(): number {
    return performance.now() - this.lastActivity;
  }

  /** Issue 16: the requests in flight now (resource type and URL), oldest first. */
  pending(): Array<{ type: string; url: string }> {
    return [...this.inflight.values()].map(({ type, url }) => ({ type, url }));
  }

  private finish(requestId: string): void {
    if (!this.inflight.delete(requestId)) return;
    this.lastActivity = performance.now();
    if (this.inflight.size === 0) this.quietSince = performance.now();
  }
}
