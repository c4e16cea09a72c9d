import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** Answers a request itself (true) or leaves it to the static files (false). */
export type RouteHandler = (request: IncomingMessage, response: ServerResponse, body: string) => boolean;

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  origin: string;
  close(): Promise<void>;
}

/** Serves `root` (and `routes` first) on 127.0.0.1 at a free port the OS picks. Nothing else is reachable. */
export async function startStaticServer(root: string, routes: RouteHandler = () => false): Promise<LoopbackServer> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (routes(request, response, Buffer.concat(chunks).toString('utf8'))) return;
      serveFile(root, request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with the file under `root` at the request's path (less `stripPrefix`), or 404. */
export function serveFile(root: string, request: IncomingMessage, response: ServerResponse, stripPrefix = ''): void {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname).slice(stripPrefix.length);
  let file = normalize(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) return notFound(response);
  try {
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    statSync(file);
  } catch {
    return notFound(response);
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  createReadStream(file).pipe(response);
}

function notFound(response: ServerResponse): void {
  response.writeHead(404, { 'content-type': 'text/plain' });
  response.end('not found');
}
