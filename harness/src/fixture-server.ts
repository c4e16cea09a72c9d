import { fileURLToPath } from 'node:url';
import { startDemoServer, staticFile, type DemoOrigins, type DemoRouteResponse, type DemoUrls } from '@sightline/demo-app';
import {
  CLOSED_ROOTS_PAGE_SCRIPT,
  generateClosedRootsPage,
  generateHostilePage,
  generateInboxPage,
  INBOX_PAGE_SCRIPT,
  MAX_INBOX_ELEMENTS,
  MIN_INBOX_ELEMENTS,
} from './pages/index.js';
import { HeldRequests } from './held-requests.js';

/** The demo mail app's static files (from @sightline/demo-app). */
export { APP_DIRECTORY } from '@sightline/demo-app';

/**
 * The harness's own static test pages (layouts, verbs, dialogs, WPT data…), served before the demo
 * app's files; they live beside src/ and dist/, so the same relative path works from both.
 */
export const HARNESS_PAGES_DIRECTORY = fileURLToPath(new URL('../app/', import.meta.url));

const DEFAULT_INBOX_ELEMENTS = 5_000;

const HTML = 'text/html; charset=utf-8';
const JAVASCRIPT = 'text/javascript; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

export interface FixtureUrls extends DemoUrls {
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
  /** Issue 16: images held until released, and the `/generated/slow-image?key=` page that shows one. */
  held: HeldRequests;
  /** URL of the slow-image page whose image is held under `key`. */
  slowImageUrl(key: string): string;
  close(): Promise<void>;
}

export interface FixtureServerOptions {
  /** Directory of the static app; defaults to APP_DIRECTORY. */
  appDirectory?: string;
}

/**
 * The demo mail app's two-origin loopback server (@sightline/demo-app) plus the harness's generated
 * pages: the SPEC §8 inbox at any size, the hostile page and the closed-shadow-roots page.
 */
export async function startFixtureServer(options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const held = new HeldRequests();
  const demo = await startDemoServer({
    ...(options.appDirectory ? { appDirectory: options.appDirectory } : {}),
    routes: [generatedPage, slowResponse, held.pageRoute, held.imageRoute, harnessPage],
  });
  const main = demo.mainOrigin;
  const inboxUrl = (elements: number): string => `${main}/generated/inbox?elements=${elements}`;
  const closedRootsUrl = (options: { depth?: number; elements?: number; frames?: boolean } = {}): string => {
    const query = new URLSearchParams();
    if (options.depth !== undefined) query.set('depth', String(options.depth));
    if (options.elements !== undefined) query.set('elements', String(options.elements));
    if (options.frames) query.set('frames', '1');
    const search = query.toString();
    return `${main}/generated/closed-roots${search ? `?${search}` : ''}`;
  };
  return {
    mainOrigin: demo.mainOrigin,
    secondOrigin: demo.secondOrigin,
    urls: { ...demo.urls, inbox: inboxUrl(DEFAULT_INBOX_ELEMENTS), hostile: `${main}/generated/hostile` },
    inboxUrl,
    closedRootsUrl,
    held,
    slowImageUrl: (key: string) => `${main}/generated/slow-image?key=${encodeURIComponent(key)}`,
    close: () => {
      held.releaseAll();
      return demo.close();
    },
  };
}

/** SPEC §12 wait rows: a response that takes `ms` (≤ 10 s) to arrive, for load_state network_idle. */
async function slowResponse(url: URL): Promise<DemoRouteResponse | undefined> {
  if (url.pathname !== '/slow') return undefined;
  const ms = Math.min(Math.max(Number(url.searchParams.get('ms') ?? 1000) || 0, 0), 10_000);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { type: TEXT, body: `after ${ms} ms` };
}

/** A file of the harness's test pages; Web Platform Tests pages load their harness from root paths (served from wpt/). */
function harnessPage(url: URL, origins: DemoOrigins): Promise<DemoRouteResponse | undefined> {
  const pathname = /^\/(resources|wai-aria\/scripts|html-aam\/scripts)\//.test(url.pathname) ? `/wpt${url.pathname}` : url.pathname;
  if (pathname === '/') return Promise.resolve(undefined);
  return staticFile(HARNESS_PAGES_DIRECTORY, pathname, origins);
}

/** The generated pages; undefined for every other path (the demo server then serves the app's files). */
function generatedPage(url: URL, origins: DemoOrigins): DemoRouteResponse | undefined {
  switch (url.pathname) {
    case '/generated/inbox': {
      const raw = url.searchParams.get('elements');
      const elements = raw === null ? DEFAULT_INBOX_ELEMENTS : Number(raw);
      if (!Number.isInteger(elements) || elements < MIN_INBOX_ELEMENTS || elements > MAX_INBOX_ELEMENTS) {
        return { status: 400, type: TEXT, body: `elements must be an integer in ${MIN_INBOX_ELEMENTS}..${MAX_INBOX_ELEMENTS}` };
      }
      return { type: HTML, body: generateInboxPage({ elements }) };
    }
    case '/generated/hostile':
      return { type: HTML, body: generateHostilePage() };
    case '/generated/closed-roots': {
      const depth = Number(url.searchParams.get('depth') ?? 0);
      const elements = Number(url.searchParams.get('elements') ?? 0);
      const frame = url.searchParams.get('frame') ?? undefined;
      const frames = url.searchParams.get('frames') === '1'
        ? { sameOrigin: `${origins.main}/generated/closed-roots?frame=same-origin`, crossOrigin: `${origins.second}/generated/closed-roots?frame=cross-origin` }
        : undefined;
      try {
        return { type: HTML, body: generateClosedRootsPage({ depth, elements, frame, frames }) };
      } catch (error) {
        return { status: 400, type: TEXT, body: (error as Error).message };
      }
    }
    case '/generated/closed-roots.js':
      return { type: JAVASCRIPT, body: CLOSED_ROOTS_PAGE_SCRIPT };
    case '/generated/inbox.js':
      return { type: JAVASCRIPT, body: INBOX_PAGE_SCRIPT };
    default:
      return undefined;
  }
}
