import { TransportError } from '@sightline/semantic-core';

/** Timeout of the `/json/version` request when resolving an `http://` endpoint (ms). */
export const ENDPOINT_RESOLVE_TIMEOUT_MS = 5_000;

export interface ResolvedEndpoint {
  webSocketUrl: string;
  product: string | null;
  protocol: string | null;
}

/** `ws://…` as given; `http://host:port` through `/json/version` (browser-level WebSocket). */
export async function resolveEndpoint(endpoint: string): Promise<ResolvedEndpoint> {
  const url = new URL(endpoint);
  if (url.protocol === 'ws:' || url.protocol === 'wss:') return { webSocketUrl: endpoint, product: null, protocol: null };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TransportError('connection_closed', `unsupported DevTools endpoint scheme ${url.protocol}`, 'connect');
  }
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  const versionUrl = new URL('/json/version', url);
  let body: { webSocketDebuggerUrl?: string; Browser?: string; 'Protocol-Version'?: string };
  try {
    const response = await fetch(versionUrl, { signal: AbortSignal.timeout(ENDPOINT_RESOLVE_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = (await response.json()) as typeof body;
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new TransportError(timedOut ? 'timeout' : 'connection_closed', `could not read ${versionUrl.origin}/json/version: ${(error as Error).message}`, 'connect');
  }
  if (!body.webSocketDebuggerUrl) throw new TransportError('protocol_error', `${versionUrl.origin}/json/version has no webSocketDebuggerUrl`, 'connect');
  const ws = new URL(body.webSocketDebuggerUrl);
  // Trust the host the caller named, not the one the browser reports (may be 0.0.0.0 / localhost).
  ws.hostname = url.hostname;
  ws.port = url.port;
  return { webSocketUrl: ws.toString(), product: body.Browser ?? null, protocol: body['Protocol-Version'] ?? null };
}
