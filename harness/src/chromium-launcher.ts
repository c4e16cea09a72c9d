import { chromeFlags, launchManagedChrome } from '@sightline/cdp-transport';

/** The flags a test Chromium starts with (the managed launch's, headless, 1280×800), for reports. */
export const CHROMIUM_BASE_FLAGS: readonly string[] = Object.freeze(
  chromeFlags({ profileDir: '<fresh>', headless: true, viewport: { width: 1280, height: 800 } }).filter((flag) => flag !== 'about:blank'),
);

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export interface LaunchTestChromiumOptions {
  /** Browser executable; defaults to $SIGHTLINE_CHROME, then /usr/bin/chromium. */
  executablePath?: string;
  /** Window size in CSS px; default 1280×800. */
  windowSize?: { width: number; height: number };
  /** Extra command-line flags, appended after the base flags. */
  extraArgs?: string[];
  /** URL of the first tab; default about:blank. */
  url?: string;
  /** How long to wait for DevToolsActivePort; default 30 s. */
  startTimeoutMs?: number;
}

export interface TestChromium {
  /** Browser-level DevTools WebSocket, `ws://127.0.0.1:<port>/devtools/browser/<id>`. */
  wsEndpoint: string;
  /** `http://127.0.0.1:<port>`, for `/json/*` and chrome-remote-interface's host/port. */
  httpEndpoint: string;
  /** The DevTools port. */
  port: number;
  /** Browser process id. */
  pid: number;
  /** The fresh profile directory, deleted on close. */
  userDataDir: string;
  /** Kill the browser's process tree and delete the profile. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Start a headless Chromium for tests on a fresh profile with DevTools on a free loopback port.
 * It runs under cdp-transport's managed-launch watchdog, so `close()`, this process's exit, and
 * even a SIGKILL of the test runner stop it and delete its profile: no test leaves a browser behind.
 */
export async function launchTestChromium(options: LaunchTestChromiumOptions = {}): Promise<TestChromium> {
  const executable = options.executablePath ?? process.env.SIGHTLINE_CHROME ?? DEFAULT_CHROMIUM_PATH;
  const managed = await launchManagedChrome({
    headless: true,
    viewport: options.windowSize ?? { width: 1280, height: 800 },
    env: { ...process.env, SIGHTLINE_CHROME: executable },
    extraArgs: options.extraArgs,
    url: options.url,
    startTimeoutMs: options.startTimeoutMs ?? 30_000,
  });
  const { port } = new URL(managed.webSocketUrl);
  return {
    wsEndpoint: managed.webSocketUrl,
    httpEndpoint: `http://127.0.0.1:${port}`,
    port: Number(port),
    pid: managed.pid,
    userDataDir: managed.profileDir,
    close: async () => managed.stop(),
  };
}
