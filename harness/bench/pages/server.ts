import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateDataTablePage } from './data-table.js';
import { generateAdPage, generateNewsArticlePage } from './news-article.js';
import { generateSettingsPage } from './settings.js';

export interface BenchPageServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The same server as `http://localhost:<port>`: another site, so its frames run out of process. */
  secondOrigin: string;
  urls: { dataTable: string; newsArticle: string; settings: string };
  close(): Promise<void>;
}

/**
 * Serve the benchmark's real-site look-alikes on loopback (the fixture server serves the inbox
 * and the mail app; this one only adds pages, so the fixture server stays untouched). Pages are
 * generated once and cached: generation is not what is measured.
 */
export async function startBenchPageServer(): Promise<BenchPageServer> {
  const cache = new Map<string, string>();
  let origin = '';
  let secondOrigin = '';
  const page = (key: string, make: () => string): string => {
    let html = cache.get(key);
    if (html === undefined) {
      html = make();
      cache.set(key, html);
    }
    return html;
  };
  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    const url = new URL(request.url ?? '/', 'http://bench.invalid');
    let body: string | undefined;
    if (url.pathname === '/bench/table') body = page('table', () => generateDataTablePage(10_000));
    else if (url.pathname === '/bench/news') body = page('news', () => generateNewsArticlePage({ adOrigin: secondOrigin, sameOrigin: origin }));
    else if (url.pathname === '/bench/settings') body = page('settings', () => generateSettingsPage());
    else if (url.pathname === '/bench/ad') body = generateAdPage(Number(url.searchParams.get('slot') ?? 0) || 0);
    if (body === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    const payload = Buffer.from(body, 'utf8');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': payload.length, 'Cache-Control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : payload);
  };
  const server: Server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  secondOrigin = `http://localhost:${port}`;
  return {
    origin,
    secondOrigin,
    urls: { dataTable: `${origin}/bench/table`, newsArticle: `${origin}/bench/news`, settings: `${origin}/bench/settings` },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
