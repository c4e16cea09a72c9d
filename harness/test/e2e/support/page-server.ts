import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Loopback pages a spec generates itself: path → HTML, served on a free port of 127.0.0.1. */
export interface PageServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves `pages` (each rendered per request); any other path answers 404. */
export async function servePages(pages: Record<string, () => string>): Promise<PageServer> {
  const server = createServer((request, response) => {
    const page = pages[new URL(request.url ?? '/', 'http://x').pathname];
    if (!page) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
