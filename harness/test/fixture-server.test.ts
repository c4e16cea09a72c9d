import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_DIRECTORY, startFixtureServer, type FixtureServer } from '../src/index.js';

function get(url: string, init: { method?: string; rawPath?: string } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: target.port, path: init.rawPath ?? `${target.pathname}${target.search}`, method: init.method ?? 'GET' },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('fixture server', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves two loopback origins that are different sites', () => {
    expect(server.mainOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.secondOrigin).toMatch(/^http:\/\/localhost:\d+$/);
    expect(new URL(server.mainOrigin).port).not.toBe(new URL(server.secondOrigin).port);
  });

  it('serves the app with the second origin injected and no caching', async () => {
    const res = await get(server.urls.app);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`src="${server.secondOrigin}/frames/translate.html"`);
    expect(res.body).not.toContain('{{');
  });

  it('serves the same files on the second origin', async () => {
    const port = new URL(server.secondOrigin).port;
    const res = await get(`http://127.0.0.1:${port}/frames/translate.html`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('Translate message');
  });

  it('uses correct content types', async () => {
    expect((await get(`${server.mainOrigin}/app.js`)).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get(`${server.mainOrigin}/app.css`)).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get(server.urls.folder)).headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await get(server.urls.inbox)).headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('refuses traversal, unknown paths, bad sizes and other methods', async () => {
    expect((await get(server.urls.app, { rawPath: '/..%2f..%2fpackage.json' })).status).toBe(404);
    expect((await get(server.urls.app, { rawPath: '/../package.json' })).status).toBe(404);
    expect((await get(`${server.mainOrigin}/nope.html`)).status).toBe(404);
    expect((await get(server.inboxUrl(10))).status).toBe(400);
    expect((await get(`${server.mainOrigin}/generated/inbox?elements=abc`)).status).toBe(400);
    expect((await get(server.urls.app, { method: 'POST' })).status).toBe(405);
    const head = await get(server.urls.app, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('stops listening on close', async () => {
    const other = await startFixtureServer();
    await other.close();
    await expect(get(other.urls.app)).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('fixture app markup', () => {
  const html = readFileSync(join(APP_DIRECTORY, 'index.html'), 'utf8');
  const before = html.slice(0, html.indexOf('<div id="active-view">'));
  const controls = (markup: string): number => (markup.match(/<(button|input|select|textarea|a\s[^>]*href)\b/g) ?? []).length;

  it('retains more than 300 controls before the active view', () => {
    expect(html).toContain('<div id="active-view">');
    expect(controls(before)).toBeGreaterThan(300);
  });

  it('hides every retained pane with one of the SPEC §5 mechanisms', () => {
    const panes = [...before.matchAll(/<(section|div|nav|form) id="([^"]+)" class="retained[^"]*"([^>]*)>/g)];
    expect(panes.length).toBeGreaterThanOrEqual(7);
    for (const pane of panes) {
      expect(pane[3], pane[2]).toMatch(/display:none|\bhidden\b|visibility:hidden|aria-hidden="true"|\binert\b|opacity:0|content-visibility:hidden/);
    }
  });
});
