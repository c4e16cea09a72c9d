import { TransportError, anySignal, cancelledError } from '@sightline/semantic-core';

/** Timeout of the `/json/version` request when resolving an `http://` endpoint (ms). */
export const ENDPOINT_RESOLVE_TIMEOUT_MS = 5_000;

export interface ResolvedEndpoint {
  webSocketUrl: string;
  product: string | null;
  protocol: string | null;
}

/** `ws://…` as given; `http://host:port` through `/json/version` (browser-level WebSocket). */
export async function resolveEndpoint(endpoint: string, signal?: AbortSignal): Promise<ResolvedEndpoint> {
  const url = new URL(endpoint);
  if (url.protocol === 'ws:' || url.protocol === 'wss:') return { webSocketUrl: endpoint, product: null, protocol: null };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TransportError('connection_closed', `unsupported DevTools endpoint scheme ${url.protocol}`, 'connect');
  }
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  // A farm's token in the query string (`?token=…`) goes to /json/version and to the WebSocket.
  const versionUrl = new URL(`${url.pathname.replace(/\/+$/, '')}/json/version`, url);
  versionUrl.search = url.search;
  let body: { webSocketDebuggerUrl?: string; Browser?: string; 'Protocol-Version'?: string };
  try {
    const timeout = AbortSignal.timeout(ENDPOINT_RESOLVE_TIMEOUT_MS);
    const response = await fetch(versionUrl, { signal: anySignal([timeout, signal]) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = (await response.json()) as typeof body;
  } catch (error) {
    if (signal?.aborted) throw cancelledError('connecting to the browser');
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new TransportError(timedOut ? 'timeout' : 'connection_closed', `could not read ${versionUrl.origin}${versionUrl.pathname}: ${(error as Error).message}`, 'connect');
  }
  if (!body.webSocketDebuggerUrl) throw new TransportError('protocol_error', `${versionUrl.origin}/json/version has no webSocketDebuggerUrl`, 'connect');
  const ws = new URL(body.webSocketDebuggerUrl);
  // Trust the host the caller named, not the one the browser reports (may be 0.0.0.0 / localhost).
  ws.hostname = url.hostname;
  ws.port = url.port;
  if (url.protocol === 'https:') ws.protocol = 'wss:';
  if (!ws.search && url.search) ws.search = url.search;
  return { webSocketUrl: ws.toString(), product: body.Browser ?? null, protocol: body['Protocol-Version'] ?? null };
}
