import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransportError } from '@sightline/semantic-core';
import { resolveEndpoint } from './resolve-endpoint.js';
import { redactUrl } from './cdp-connection.js';

// Browser farms put a token in the endpoint's query string (issue 17): it must reach /json/version
// and the WebSocket URL, and never a message.

let server: Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname !== '/json/version' || url.searchParams.get('token') !== 'secret-token') {
      response.writeHead(401).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Browser: 'Chrome/156', webSocketDebuggerUrl: 'ws://localhost/devtools/browser/abc' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('resolveEndpoint with a token', () => {
  it('keeps the query string on /json/version and on the WebSocket URL, and the host the caller named', async () => {
    const resolved = await resolveEndpoint(`${base}/?token=secret-token`);
    expect(seen.at(-1)).toBe('/json/version?token=secret-token');
    expect(resolved.webSocketUrl).toBe(`${base.replace('http:', 'ws:')}/devtools/browser/abc?token=secret-token`);
  });

  it('a refused token fails as a TransportError whose message does not carry the token', async () => {
    const error = await resolveEndpoint(`${base}/?token=wrong-token`).then(() => null, (e: unknown) => e);
    expect(TransportError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('HTTP 401');
    expect((error as Error).message).not.toContain('wrong-token');
  });

  it('redacts the browser id and the query of a DevTools URL', () => {
    expect(redactUrl('wss://farm.example/devtools/browser/abc?token=t0k')).toBe('wss://farm.example/devtools/…');
    expect(redactUrl('ws://farm.example/?token=t0k')).toBe('ws://farm.example/?…');
  });
});
