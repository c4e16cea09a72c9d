import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../src/index.js';

let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer({
    routes: [(url, origins) => (url.pathname === '/extra' ? { type: 'text/plain; charset=utf-8', body: `second=${origins.second}` } : undefined)],
  });
});

afterAll(async () => {
  await server.close();
});

describe('startDemoServer', () => {
  it('serves the mail app on two loopback origins with the second origin injected', async () => {
    expect(server.mainOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.secondOrigin).toMatch(/^http:\/\/localhost:\d+$/);
    const response = await fetch(server.urls.app);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('Reply body');
    expect(html).toContain(server.secondOrigin);
    expect(html).not.toContain('{{SECOND_ORIGIN}}');
    expect((await fetch(server.urls.translatorFrame)).status).toBe(200);
  });

  it('answers extra routes before the static files', async () => {
    const response = await fetch(`${server.mainOrigin}/extra`);
    expect(await response.text()).toBe(`second=${server.secondOrigin}`);
  });

  it('refuses traversal, unknown paths and other methods', async () => {
    expect((await fetch(`${server.mainOrigin}/%2e%2e/package.json`)).status).toBe(404);
    expect((await fetch(`${server.mainOrigin}/nope.html`)).status).toBe(404);
    expect((await fetch(server.urls.app, { method: 'POST' })).status).toBe(405);
  });
});
