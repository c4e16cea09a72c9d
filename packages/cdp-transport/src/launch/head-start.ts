import { DEFAULT_LAUNCH_HEADLESS, DEFAULT_LAUNCH_VIEWPORT, type Size } from '@sightline/semantic-core/launch-support';
import { launchManagedChrome, type ManagedChrome } from './managed-chrome.js';

/**
 * Issue 16: a managed Chromium started before the Driver has loaded (its modules take ~0.15 s on
 * the 2-core machine, Chromium ~0.35 s to open its DevTools port), so the two overlap. Handed to
 * `new CdpBrowserTransport({ headStart })`, it serves the first managed launch that asks for the
 * same headless mode and viewport; a launch that asks for something else stops it and starts its
 * own. An unused head start dies with the process like any managed browser (exit hooks, watchdog).
 */
export interface HeadStart {
  readonly headless: boolean;
  readonly viewport: Size;
  readonly browser: Promise<ManagedChrome>;
}

/** Starts the browser now; the launch defaults are the core's (headless, 1280×800). */
export function startHeadStart(options: { headless?: boolean; viewport?: Size; env?: NodeJS.ProcessEnv } = {}): HeadStart {
  const headless = options.headless ?? DEFAULT_LAUNCH_HEADLESS;
  const viewport = options.viewport ?? { ...DEFAULT_LAUNCH_VIEWPORT };
  const browser = launchManagedChrome({ headless, viewport, env: options.env });
  // A failed start is reported by the launch that takes it (the same error a launch of its own gives).
  browser.catch(() => undefined);
  return { headless, viewport, browser };
}

/** Whether a head start was started the way a launch asks for. */
export function headStartFits(headStart: HeadStart, wanted: { headless: boolean; viewport: Size }): boolean {
  return headStart.headless === wanted.headless && headStart.viewport.width === wanted.viewport.width && headStart.viewport.height === wanted.viewport.height;
}
