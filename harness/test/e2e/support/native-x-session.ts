import { chromeFlags } from '@sightline/cdp-transport';
import { HeadfulChromium, spawnGroup, stopGroup, type HeadfulChromiumOptions } from '@sightline/platform-linux/testing';

/**
 * The native-window rows' (SPEC §3 route 1) view of platform-linux's X test support: the X display,
 * headful Chromium processes started with the managed launch's own flags, the X test client and
 * sentinel windows, and an idle stand-in process. Everything runs in its own process group,
 * started here and killed by `stop()` (or, as a last resort, when this process exits).
 */
export {
  HeadfulChromium,
  SentinelWindow,
  XTestClient,
  TEST_X11_TIMEOUT_MS,
  XSession,
  findExecutable,
  isAlive,
  waitFor,
} from '@sightline/platform-linux/testing';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A headful Chromium on the test's X display, with cdp-transport's `chromeFlags`. */
export function launchHeadfulChromium(executable: string, options: Omit<HeadfulChromiumOptions, 'chromeFlags'>): Promise<HeadfulChromium> {
  return HeadfulChromium.launch(executable, { ...options, chromeFlags });
}

/** A process that owns no window and no DevTools endpoint (for the wrong-pid row); `args` show up in its command line. */
export function spawnIdleProcess(args: string[] = []): { pid: number; stop(): Promise<void> } {
  const child = spawnGroup('sh', ['-c', 'sleep 600; :', 'sightline-idle', ...args], process.env);
  return { pid: child.pid as number, stop: () => stopGroup(child, 1_000) };
}
