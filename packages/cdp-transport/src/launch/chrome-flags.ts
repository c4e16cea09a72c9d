import type { Size } from '@sightline/semantic-core/launch-support';

/**
 * SPEC §11: without these Debian's Chromium hangs or phones home on a closed network. `--headless`
 * is added by whoever wants it (managed launch, test launchers).
 */
export const SPEC_CHROMIUM_FLAGS: readonly string[] = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);

/**
 * Flags every managed Chromium starts with (SPEC §11), plus profile, port and viewport, then the
 * caller's `extraArgs` and the first tab's `url` (default about:blank).
 */
export function chromeFlags(options: { profileDir: string; headless: boolean; viewport: Size; extraArgs?: readonly string[]; url?: string }): string[] {
  const flags = [
    ...SPEC_CHROMIUM_FLAGS,
    '--no-default-browser-check',
    // Issue 16: the omnibox popups are WebUI pages Chromium preloads in a renderer of their own at
    // start-up (~0.8–1 s of CPU on the 2-core machine, competing with the first page's load), and
    // a headless browser has no omnibox. One list: a second --disable-features would replace it.
    '--disable-features=Translate,MediaRouter,OptimizationHints,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
    // Sightline works on tabs in the background (SPEC §6 never brings one to the front): Chromium
    // must not slow their renderers and timers for being hidden (as Playwright and Puppeteer launch
    // it too). Measured, inbox 100k loaded in a background tab: 1.1–1.9 s instead of 2.2–2.4 s.
    '--disable-renderer-backgrounding',
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
    `--user-data-dir=${options.profileDir}`,
    '--remote-debugging-port=0',
    '--remote-debugging-address=127.0.0.1',
    `--window-size=${Math.round(options.viewport.width)},${Math.round(options.viewport.height)}`,
  ];
  if (options.headless) flags.unshift('--headless');
  // macOS: a fresh profile would otherwise ask the login keychain for its storage key, which can
  // prompt (and hang an unattended run).
  if (process.platform === 'darwin') flags.push('--use-mock-keychain');
  flags.push(...(options.extraArgs ?? []), options.url ?? 'about:blank');
  return flags;
}
