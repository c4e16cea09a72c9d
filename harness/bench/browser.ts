import CDP from 'chrome-remote-interface';
import { closeOtherTabs } from '@sightline/harness';

export interface LoadedTab {
  targetId: string;
  url: string;
  /** `document.getElementsByTagName('*').length` of the top document. */
  elements: number;
  /** Frames in the tab (top document included). */
  frames: number;
  loadMs: number;
  /** The viewport the tab shows (CSS px), as `innerWidth`×`innerHeight`: what every tool sees. */
  viewport: string;
}

/**
 * Give each (page, tool) pair a fresh tab: create it, load `url`, wait for the load event and two
 * animation frames, then close every other page tab so the browser shows exactly one. A tool that
 * times out leaves its work behind in a tab that is then thrown away, not in the next tool's.
 */
export async function freshTab(port: number, wsEndpoint: string, url: string, timeoutMs = 180_000): Promise<LoadedTab> {
  const browser = await CDP({ target: wsEndpoint, local: true });
  try {
    const { targetId } = await browser.Target.createTarget({ url: 'about:blank' });
    await closeOtherTabs(browser, targetId);
    const tab = await CDP({ host: '127.0.0.1', port, local: true, target: targetId });
    try {
      await tab.Page.enable();
      const started = performance.now();
      const loaded = tab.Page.loadEventFired();
      await tab.Page.navigate({ url });
      await withTimeout(loaded, timeoutMs, `loading ${url}`);
      await tab.Runtime.evaluate({
        expression: 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))',
        awaitPromise: true,
      });
      const loadMs = performance.now() - started;
      const { result } = await tab.Runtime.evaluate({ expression: "[document.getElementsByTagName('*').length, location.href, innerWidth + 'x' + innerHeight]", returnByValue: true });
      const [elements, href, viewport] = result.value as [number, string, string];
      const { frameTree } = await tab.Page.getFrameTree();
      await tab.Page.disable();
      return { targetId, url: href, elements, frames: countFrames(frameTree), loadMs, viewport };
    } finally {
      await tab.close();
    }
  } finally {
    await browser.close();
  }
}

interface FrameTreeLike {
  childFrames?: FrameTreeLike[];
}

function countFrames(tree: FrameTreeLike): number {
  return 1 + (tree.childFrames ?? []).reduce((sum, child) => sum + countFrames(child), 0);
}

export async function browserVersion(httpEndpoint: string): Promise<string> {
  const response = await fetch(`${httpEndpoint}/json/version`);
  const body = (await response.json()) as { Browser?: string };
  return body.Browser ?? 'unknown';
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} exceeded ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class TimeoutError extends Error {
  override name = 'TimeoutError';
}
