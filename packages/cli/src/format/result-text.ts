import type {
  ActionResponse,
  BindResponse,
  ConsoleResponse,
  EndSessionResponse,
  Failure,
  ListWindowsResponse,
  ScreenshotResponse,
  TabSummary,
} from '@sightline/semantic-core';
import { plainPalette, type Palette } from './palette.js';
import { commandPrefix } from './command-hint.js';
import { formatPageLoad } from './page-load-text.js';
import type { FormatContext } from './snapshot-text.js';

const defaultContext: FormatContext = { palette: plainPalette, session: 'default' };

export function isFailure(value: unknown): value is Failure {
  if (typeof value !== 'object' || value === null) return false;
  const status = (value as { status?: unknown }).status;
  return status === 'refused' || status === 'error';
}

/** SPEC exit codes: 0 ok, 2 refused, 1 error (transport or anything unexpected). */
export function exitCodeFor(result: unknown): 0 | 1 | 2 {
  if (typeof result !== 'object' || result === null) return 1;
  const status = (result as { status?: unknown }).status;
  if (status === 'ok') return 0;
  if (status === 'refused') return 2;
  return 1;
}

/** One stderr line for a refusal or error: its code and message (the message says what to do next). */
export function formatFailure(failure: Failure, palette: Palette = plainPalette): string {
  if (failure.status === 'refused') return `${palette.yellow('refused')} ${failure.refusal.code}: ${failure.refusal.message}`;
  return `${palette.red('error')} ${failure.error.code}: ${failure.error.message}`;
}

export function formatTabs(tabs: readonly TabSummary[], currentTab: string | null, palette: Palette = plainPalette): string {
  if (tabs.length === 0) return palette.dim('(no tabs)');
  return tabs
    .map((tab) => {
      const marker = tab.tab_id === currentTab ? '*' : ' ';
      const active = tab.active === true ? ' [active]' : '';
      const opener = (tab as { opener_tab_id?: string }).opener_tab_id;
      const openedBy = opener ? palette.dim(` (opened by ${opener})`) : '';
      return `${marker} ${palette.cyan(tab.tab_id)} ${JSON.stringify(tab.title)} ${palette.dim(tab.url)}${active}${openedBy}`;
    })
    .join('\n');
}

export function formatBind(response: BindResponse, currentTab: string | null, context: FormatContext = defaultContext): string {
  const { palette } = context;
  const { binding } = response;
  const exact = binding.exact ? 'exact' : 'heuristic: read-only';
  const pageLoad = formatPageLoad(response, palette);
  return [
    `${palette.green('bound')} session ${context.session} to ${response.browser.product} ${palette.dim(`(${binding.route}, ${binding.proof}, ${exact})`)}`,
    formatTabs(response.tabs, currentTab, palette),
    ...(pageLoad ? [pageLoad] : []),
    palette.dim(`next: ${commandPrefix(context.session)} snapshot`),
  ].join('\n');
}

export function formatWindows(response: ListWindowsResponse, palette: Palette = plainPalette): string {
  if (response.windows.length === 0) return palette.dim('(no browser windows visible to this platform)');
  return response.windows
    .map((window) => {
      const { x, y, width, height } = window.bounds;
      return `pid ${window.pid} window ${palette.cyan(String(window.window_id))} ${window.app} ${JSON.stringify(window.title)} ${palette.dim(`${width}x${height}+${x}+${y}`)}`;
    })
    .join('\n');
}

const PAST_TENSE: Record<ActionResponse['action'], string> = {
  click: 'clicked',
  type: 'typed into',
  select: 'selected in',
  scroll: 'scrolled',
  press: 'pressed a key in',
  navigate: 'navigated',
  hover: 'hovered over',
  drag: 'dragged',
  upload: 'uploaded files to',
  dialog: 'answered the dialog',
};

export function formatAction(response: ActionResponse, context: FormatContext = defaultContext): string {
  const { palette } = context;
  const subject = response.ref ? ` ${palette.cyan(response.ref)}` : response.action === 'press' ? ' the focused element' : '';
  const verb = response.action === 'press' && !response.ref ? 'pressed a key on' : PAST_TENSE[response.action];
  const effect =
    response.effect === 'confirmed'
      ? palette.green('confirmed')
      : response.effect === 'suspected_noop'
        ? palette.yellow('suspected no-op')
        : palette.dim('unverifiable');
  const line = `${verb}${subject} — ${effect}`;
  if (response.dialog) {
    const prompt = `a JavaScript ${response.dialog.type} is open: ${JSON.stringify(response.dialog.message)}`;
    return `${line}\n${palette.yellow(prompt)}\n${palette.dim(`answer it: ${commandPrefix(context.session)} dialog accept|dismiss`)}`;
  }
  if (!response.navigation) return line;
  return `${line}\n${palette.dim(`the page navigated: take a new snapshot (${commandPrefix(context.session)} snapshot)`)}`;
}

export function formatScreenshot(response: ScreenshotResponse, path: string, palette: Palette = plainPalette): string {
  const lines = [`saved ${path} ${palette.dim(`(${response.image.width}x${response.image.height})`)}`];
  for (const label of response.labels) lines.push(`  ${label.label} → ${palette.cyan(label.ref)}`);
  return lines.join('\n');
}

export function formatEndSession(response: EndSessionResponse, palette: Palette = plainPalette): string {
  const browsers = response.closed_browsers === 1 ? '1 browser stopped' : `${response.closed_browsers} browsers stopped`;
  return `${palette.green('closed')} session ${response.session} ${palette.dim(`(${browsers})`)}`;
}

/** SPEC §12 `console`: one line per entry, then the `--since` for only newer ones. */
export function formatConsole(response: ConsoleResponse, context: FormatContext = defaultContext): string {
  const { palette } = context;
  const color = { debug: palette.dim, info: (t: string) => t, log: (t: string) => t, warn: palette.yellow, error: palette.red } as const;
  const lines = response.entries.map((entry) => {
    const level = color[entry.level](entry.level.padEnd(5));
    return `${palette.dim(String(entry.seq).padStart(4))} ${level} ${entry.source === 'exception' ? palette.red('uncaught ') : ''}${entry.text}`;
  });
  if (lines.length === 0) lines.push(palette.dim('(no console entries)'));
  lines.push(palette.dim(`newer ones: ${commandPrefix(context.session)} console --since ${response.next_since}`));
  return lines.join('\n');
}
