import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLOSED_ROOTS_PAGE_SCRIPT,
  generateClosedRootsPage,
  generateHostilePage,
  generateInboxPage,
  INBOX_PAGE_SCRIPT,
  MAX_INBOX_ELEMENTS,
  MIN_INBOX_ELEMENTS,
} from './pages/index.js';

/** The static app lives beside src/ and dist/, so the same relative path works from both. */
export const APP_DIRECTORY = fileURLToPath(new URL('../app/', import.meta.url));

const DEFAULT_INBOX_ELEMENTS = 5_000;

const HTML = 'text/html; charset=utf-8';
const JAVASCRIPT = 'text/javascript; charset=utf-8';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

export interface FixtureUrls {
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
  /** Generated SPEC §8 inbox page at the default 5,000 elements. */
  inbox: string;
  /** Generated page whose main-world scripts lie about geometry and style. */
  hostile: string;
}

export interface FixtureServer {
  /** `http://127.0.0.1:<port>`. */
  mainOrigin: string;
  /** `http://localhost:<port2>`: a different site, so Chromium puts its frames in another process. */
  secondOrigin: string;
  urls: FixtureUrls;
  /** URL of the generated inbox page with exactly `elements` elements. */
  inboxUrl(elements: number): string;
  /** URL of the generated closed-shadow-roots page (`/generated/closed-roots`, see ClosedRootsPageOptions). */
  closedRootsUrl(options?: { depth?: number; elements?: number; frames?: boolean }): string;
  close(): Promise<void>;
}

export interface FixtureServerOptions {
  /** Directory of the static app; defaults to APP_DIRECTORY. */
  appDirectory?: string;
}

interface Origins {
  main: string;
  second: string;
}

/**
 * Serve the fixture app on two loopback ports: the main origin `http://127.0.0.1:<p1>` and the
 * second origin `http://localhost:<p2>` (same files; the main page embeds the second origin's
 * translator frame). Responses are never cached.
 */
export async function startFixtureServer(options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const appDirectory = options.appDirectory ?? APP_DIRECTORY;
  const origins: Origins = { main: '', second: '' };
  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response, appDirectory, origins).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', `fixture server error: ${String(error)}`);
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
  const inboxUrl = (elements: number): string => `${origins.main}/generated/inbox?elements=${elements}`;
  const closedRootsUrl = (options: { depth?: number; elements?: number; frames?: boolean } = {}): string => {
    const query = new URLSearchParams();
    if (options.depth !== undefined) query.set('depth', String(options.depth));
    if (options.elements !== undefined) query.set('elements', String(options.elements));
    if (options.frames) query.set('frames', '1');
    const search = query.toString();
    return `${origins.main}/generated/closed-roots${search ? `?${search}` : ''}`;
  };
  return {
    mainOrigin: origins.main,
    secondOrigin: origins.second,
    urls: {
      app: `${origins.main}/`,
      appWithModal: `${origins.main}/?modal=1`,
      folder: `${origins.main}/folder.html`,
      calendarFrame: `${origins.main}/frames/calendar.html`,
      translatorFrame: `${origins.second}/frames/translate.html`,
      inbox: inboxUrl(DEFAULT_INBOX_ELEMENTS),
      hostile: `${origins.main}/generated/hostile`,
    },
    inboxUrl,
    closedRootsUrl,
    close: async () => {
      await Promise.all([closeServer(main), closeServer(second)]);
    },
  };
}

async function handle(request: IncomingMessage, response: ServerResponse, appDirectory: string, origins: Origins): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    send(response, 405, 'text/plain; charset=utf-8', 'method not allowed');
    return;
  }
  const url = new URL(request.url ?? '/', 'http://fixture.invalid');
  const pathname = url.pathname;

  if (pathname === '/generated/inbox') {
    const raw = url.searchParams.get('elements');
    const elements = raw === null ? DEFAULT_INBOX_ELEMENTS : Number(raw);
    if (!Number.isInteger(elements) || elements < MIN_INBOX_ELEMENTS || elements > MAX_INBOX_ELEMENTS) {
      send(response, 400, 'text/plain; charset=utf-8', `elements must be an integer in ${MIN_INBOX_ELEMENTS}..${MAX_INBOX_ELEMENTS}`);
      return;
    }
    send(response, 200, HTML, generateInboxPage({ elements }), request.method === 'HEAD');
    return;
  }
  if (pathname === '/generated/hostile') {
    send(response, 200, HTML, generateHostilePage(), request.method === 'HEAD');
    return;
  }
  if (pathname === '/generated/closed-roots') {
    const depth = Number(url.searchParams.get('depth') ?? 0);
    const elements = Number(url.searchParams.get('elements') ?? 0);
    const frame = url.searchParams.get('frame') ?? undefined;
    const frames = url.searchParams.get('frames') === '1'
      ? { sameOrigin: `${origins.main}/generated/closed-roots?frame=same-origin`, crossOrigin: `${origins.second}/generated/closed-roots?frame=cross-origin` }
      : undefined;
    let page: string;
    try {
      page = generateClosedRootsPage({ depth, elements, frame, frames });
    } catch (error) {
      send(response, 400, 'text/plain; charset=utf-8', (error as Error).message);
      return;
    }
    send(response, 200, HTML, page, request.method === 'HEAD');
    return;
  }
  if (pathname === '/generated/closed-roots.js') {
    send(response, 200, JAVASCRIPT, CLOSED_ROOTS_PAGE_SCRIPT, request.method === 'HEAD');
    return;
  }
  if (pathname === '/generated/inbox.js') {
    send(response, 200, JAVASCRIPT, INBOX_PAGE_SCRIPT, request.method === 'HEAD');
    return;
  }

  // SPEC §12 wait rows: a response that takes `ms` (≤ 10 s) to arrive, for load_state network_idle.
  if (pathname === '/slow') {
    const ms = Math.min(Math.max(Number(url.searchParams.get('ms') ?? 1000) || 0, 0), 10_000);
    setTimeout(() => send(response, 200, 'text/plain; charset=utf-8', `after ${ms} ms`, request.method === 'HEAD'), ms);
    return;
  }

  // Web Platform Tests pages (app/wpt/) load their harness from root paths: serve those from app/wpt/ too.
  const wptPath = /^\/(resources|wai-aria\/scripts|html-aam\/scripts)\//.test(pathname) ? `/wpt${pathname}` : pathname;
  const file = resolveStatic(appDirectory, wptPath);
  if (!file) {
    send(response, 404, 'text/plain; charset=utf-8', 'not found');
    return;
  }
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    send(response, 404, 'text/plain; charset=utf-8', 'not found');
    return;
  }
  const extension = extname(file);
  const type = CONTENT_TYPES[extension] ?? 'application/octet-stream';
  if (extension === '.html') {
    const text = body.toString('utf8').replaceAll('{{SECOND_ORIGIN}}', origins.second).replaceAll('{{MAIN_ORIGIN}}', origins.main);
    send(response, 200, type, text, request.method === 'HEAD');
  } else {
    send(response, 200, type, body, request.method === 'HEAD');
  }
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
