import type { DemoRouteResponse } from '@sightline/demo-app';

/** A 1×1 transparent PNG: what a held image answers once released. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

interface Held {
  arrived: Promise<void>;
  markArrived: () => void;
  released: Promise<void>;
  release: () => void;
  answered: boolean;
}

/**
 * Issue 16: requests that stay unanswered until the test says so (`/held/<key>.png`), and a page
 * whose text is on screen at once while its one image is held (`/generated/slow-image?key=<key>`).
 * Tests assert on order — what was still loading when `open` returned — never on wall time.
 */
export class HeldRequests {
  private readonly held = new Map<string, Held>();

  /** The page: a heading and a button, then an image that answers only when released. */
  pageRoute = (url: URL): DemoRouteResponse | undefined => {
    if (url.pathname !== '/generated/slow-image') return undefined;
    const key = (url.searchParams.get('key') ?? 'image').replace(/[^A-Za-z0-9_-]/g, '');
    const body = [
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slow image</title></head><body>',
      '<h1>Ready at once</h1><button type="button">Go</button>',
      `<img alt="Slow picture" width="40" height="40" src="/held/${key}.png">`,
      '</body></html>',
    ].join('');
    return { type: 'text/html; charset=utf-8', body };
  };

  /** The held image itself. */
  imageRoute = async (url: URL): Promise<DemoRouteResponse | undefined> => {
    const match = /^\/held\/([A-Za-z0-9_-]+)\.png$/.exec(url.pathname);
    if (!match) return undefined;
    const held = this.entry(match[1]!);
    held.markArrived();
    await held.released;
    held.answered = true;
    return { type: 'image/png', body: PIXEL };
  };

  /** Settles when the browser has asked for the held image `key`. */
  arrived(key: string): Promise<void> {
    return this.entry(key).arrived;
  }

  /** Answer the held image `key` (now or as soon as it is asked for). */
  release(key: string): void {
    this.entry(key).release();
  }

  /** Whether the held image `key` has been answered. */
  answered(key: string): boolean {
    return this.held.get(key)?.answered ?? false;
  }

  /** Answers everything still held (the server is closing). */
  releaseAll(): void {
    for (const held of this.held.values()) held.release();
  }

  private entry(key: string): Held {
    let held = this.held.get(key);
    if (!held) {
      let markArrived: () => void = () => undefined;
      let release: () => void = () => undefined;
      const arrived = new Promise<void>((resolve) => (markArrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      held = { arrived, markArrived, released, release, answered: false };
      this.held.set(key, held);
    }
    return held;
  }
}
