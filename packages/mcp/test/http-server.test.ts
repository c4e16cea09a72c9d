import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Driver } from '@sightline/semantic-core';
import { FakeBrowser, FakeBrowserTransport, fakeMailPage } from '@sightline/semantic-core/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIGHTLINE_TOOLS, startHttpServer, type RunningHttpServer } from '../src/index.js';

const TOKEN = 'test-token-0123456789abcdef';
let running: RunningHttpServer;
let driver: Driver;

beforeAll(async () => {
  driver = new Driver({ transport: new FakeBrowserTransport(new FakeBrowser([{ capture: fakeMailPage() }])) });
  running = await startHttpServer({ driver, port: 0, token: TOKEN });
});
afterAll(async () => {
  await running.close();
  await driver.close();
});

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};

function post(headers: Record<string, string>, body: unknown = initialize) {
  return fetch(running.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

describe('Streamable HTTP on loopback', () => {
  test('listens on 127.0.0.1 only', () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  test('requires the bearer token', async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer wrong-token-0123456789abcdef' })).status).toBe(401);
    expect((await post({ authorization: `Basic ${TOKEN}` })).status).toBe(401);
  });

  test('rejects a non-loopback Origin even with the token', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'http://192.168.1.2:8931']) {
      const response = await post({ authorization: `Bearer ${TOKEN}`, origin });
      expect(response.status, origin).toBe(403);
    }
  });

  test('accepts a loopback Origin with the token', async () => {
    const response = await post({ authorization: `Bearer ${TOKEN}`, origin: 'http://localhost:3000' });
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });

  test('an SDK client with the token lists and calls the tools', async () => {
    const client = new Client({ name: 'http-test', version: '0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    expect((await client.listTools()).tools).toHaveLength(SIGHTLINE_TOOLS.length);
    const bound = await client.callTool({ name: 'get_browser_state', arguments: { session: 'http', cdp_url: 'ws://127.0.0.1:1/devtools/browser/x' } });
    expect(bound.structuredContent).toMatchObject({ status: 'ok', mode: 'bind' });
    const refused = await client.callTool({ name: 'browser_click', arguments: { session: 'http' } });
    expect(refused).toMatchObject({ isError: false, structuredContent: { status: 'refused', refusal: { code: 'browser_invalid_request' } } });
    await client.close();
  });

  test('generates a token when none is given', async () => {
    const other = await startHttpServer({ driver, port: 0 });
    try {
      expect(other.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await post({})).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
