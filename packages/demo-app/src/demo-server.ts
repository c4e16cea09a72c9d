import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The static app ships beside src/ and dist/, so the same relative path works from both. */
export const APP_DIRECTORY = fileURLToPath(new URL('../app/', import.meta.url));

const TEXT = 'text/plain; charset=utf-8';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': TEXT,
};

export interface DemoUrls {
  /** The mail client (main origin). */
  app: string;
  /** The mail client with the settings dialog open at load (`?modal=1`). */
  appWithModal: string;
  /** Second page of the app, reached by the "Archive folder" link. */
  folder: string;
  /** The same-origin iframe's document. */
  calendarFrame: string;
  /** The out-of-process iframe's document, on the second origin. */
  translatorFrame: string;
}

export interface DemoOrigins {
  /** `http://127.0.0.1:<port>`. */
  main: string;
  /** `http://localhost:<port2>`: a different site, so Chromium puts its frames in another process. */
  second: string;
}

/** What a route answers; `status` defaults to 200. */
export interface DemoRouteResponse {
  status?: number;
  type: string;
  body: string | Buffer;
}

/**
 * An extra GET route tried before the static files (the harness adds its generated pages and its
 * own static test pages this way); undefined passes the request on.
 */
export type DemoRoute = (url: URL, origins: DemoOrigins) => DemoRouteResponse | undefined | Promise<DemoRouteResponse | undefined>;

export interface DemoServer {
  /** `http://127.0.0.1:<port>`. */
  mainOrigin: string;
  /** `http://localhost:<port2>`. */
  secondOrigin: string;
  urls: DemoUrls;
  close(): Promise<void>;
}

export interface DemoServerOptions {
  /** Directory of the static app; defaults to APP_DIRECTORY. */
  appDirectory?: string;
  /** Extra routes, tried in order before the static files. */
  routes?: DemoRoute[];
}

/**
 * Serve the demo mail app on two loopback ports: the main origin `http://127.0.0.1:<p1>` and the
 * second origin `http://localhost:<p2>` (same files; the main page embeds the second origin's
 * translator frame). Responses are never cached; only GET and HEAD are answered.
 */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const appDirectory = options.appDirectory ?? APP_DIRECTORY;
  const routes = options.routes ?? [];
  const origins: DemoOrigins = { main: '', second: '' };
  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response, appDirectory, routes, origins).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, TEXT, `demo server error: ${String(error)}`);
      else response.destroy();
    });
  };
  const main = await listen(createServer(handler));
  let second: Server;
  try {
    second = await listen(createServer(handler));
  } catch (error) {
    await closeServer(main);
    throw error;
  }
  origins.main = `http://127.0.0.1:${port(main)}`;
  origins.second = `http://localhost:${port(second)}`;
  return {
    mainOrigin: origins.main,
    secondOrigin: origins.second,
    urls: {
      app: `${origins.main}/`,
      appWithModal: `${origins.main}/?modal=1`,
      folder: `${origins.main}/folder.html`,
      calendarFrame: `${origins.main}/frames/calendar.html`,
      translatorFrame: `${origins.second}/frames/translate.html`,
    },
    close: async () => {
      await Promise.all([closeServer(main), closeServer(second)]);
    },
  };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  appDirectory: string,
  routes: DemoRoute[],
  origins: DemoOrigins,
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    send(response, 405, TEXT, 'method not allowed');
    return;
  }
  const headOnly = request.method === 'HEAD';
  const url = new URL(request.url ?? '/', 'http://demo.invalid');
  for (const route of routes) {
    const answer = await route(url, origins);
    if (answer) {
      send(response, answer.status ?? 200, answer.type, answer.body, headOnly);
      return;
    }
  }
  const file = await staticFile(appDirectory, url.pathname, origins);
  if (file) send(response, 200, file.type, file.body, headOnly);
  else send(response, 404, TEXT, 'not found');
}

/**
 * A file under `directory` for a URL path (`/` is index.html), with `{{MAIN_ORIGIN}}` and
 * `{{SECOND_ORIGIN}}` in HTML replaced by the server's origins; undefined when there is none.
 */
export async function staticFile(directory: string, pathname: string, origins: DemoOrigins): Promise<DemoRouteResponse | undefined> {
  const file = resolveStatic(directory, pathname);
  if (!file) return undefined;
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return undefined;
  }
  const extension = extname(file);
  const type = CONTENT_TYPES[extension] ?? 'application/octet-stream';
  if (extension !== '.html') return { type, body };
  return { type, body: body.toString('utf8').replaceAll('{{SECOND_ORIGIN}}', origins.second).replaceAll('{{MAIN_ORIGIN}}', origins.main) };
}

/** Map a URL path to a file under the app directory; null for traversal or unknown paths. */
function resolveStatic(appDirectory: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const root = normalize(appDirectory.endsWith(sep) ? appDirectory : appDirectory + sep);
  const file = normalize(join(root, relative));
  if (!file.startsWith(root)) return null;
  return file;
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer, headOnly = false): void {
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  response.writeHead(status, {
    'Content-Type': type,
    'Content-Length': payload.length,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(headOnly ? undefined : payload);
}

function listen(server: Server): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function port(server: Server): number {
  return (server.address() as AddressInfo).port;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
