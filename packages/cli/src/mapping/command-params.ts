import { REF_PATTERN, SCROLL_DIRECTIONS } from '@sightline/semantic-core';
import { UsageError } from './usage-error.js';

/**
 * Pure mapping from parsed command-line arguments to the parameters the client sends to the
 * daemon (snake_case, as in contract/requests.ts, minus session/target/tab which the daemon adds).
 * Value ranges are validated by the Driver's contract schemas, not here.
 */

export interface SnapshotOptions {
  query?: string;
  scope?: string;
  more?: boolean;
  diff?: boolean;
  interactive?: boolean;
  depth?: number;
  budget?: number;
  maxChars?: number;
  format?: string;
  boxes?: boolean;
  maxChildren?: number;
  urls?: boolean;
  timeout?: number;
  /** `--timing`: print timing_ms after the snapshot (display only; not sent to the daemon). */
  timing?: boolean;
  /** `snapshot <url> --warm`: answer the one-shot from the daemon's warm browser (issue 16). */
  warm?: boolean;
}

const FORMATS: Record<string, 'semantic_v2' | 'dom_refs_v1'> = {
  v2: 'semantic_v2',
  semantic_v2: 'semantic_v2',
  v1: 'dom_refs_v1',
  dom_refs_v1: 'dom_refs_v1',
};

export function snapshotFormat(value: string | undefined): 'semantic_v2' | 'dom_refs_v1' {
  if (value === undefined) return 'semantic_v2';
  const format = FORMATS[value];
  if (!format) throw new UsageError(`--format must be v2 or v1, not "${value}"`);
  return format;
}

export function snapshotParams(options: SnapshotOptions): Record<string, unknown> {
  const scopes = [
    options.query !== undefined && '--query',
    options.scope !== undefined && '--scope',
    options.more === true && '--more',
    options.diff === true && '--diff',
  ].filter((scope): scope is string => typeof scope === 'string');
  if (scopes.length > 1) throw new UsageError(`use at most one of --query, --scope, --more, --diff (got ${scopes.join(' and ')})`);
  return withoutUndefined({
    snapshot_format: snapshotFormat(options.format),
    query: options.query,
    scope_ref: options.scope,
    more: options.more === true ? true : undefined,
    diff: options.diff === true ? true : undefined,
    interactive_only: options.interactive === true ? true : undefined,
    max_depth: options.depth,
    node_budget: options.budget,
    max_chars: options.maxChars,
    include_boxes: options.boxes === true ? true : undefined,
    max_children: options.maxChildren,
    include_urls: options.urls === true ? true : undefined,
    timeout_ms: options.timeout,
  });
}

export interface ClickOptions {
  double?: boolean;
  button?: string;
  /** Comma-separated, e.g. `Shift,Control` (case-insensitive). */
  modifiers?: string;
}

const BUTTONS = new Set(['left', 'right', 'middle']);
const MODIFIER_NAMES: Record<string, string> = { alt: 'Alt', control: 'Control', ctrl: 'Control', meta: 'Meta', cmd: 'Meta', shift: 'Shift' };

/** `click <ref> [--double] [--button right] [--modifiers Shift,Control]`; a plain click sends only the ref. */
export function clickParams(ref: string, options: ClickOptions = {}): Record<string, unknown> {
  let button: string | undefined;
  if (options.button !== undefined) {
    button = options.button.trim().toLowerCase();
    if (!BUTTONS.has(button)) throw new UsageError(`--button must be left, right or middle, not "${options.button}"`);
  }
  let modifiers: string[] | undefined;
  if (options.modifiers !== undefined) {
    modifiers = [];
    for (const part of options.modifiers.split(/[,+]/).map((name) => name.trim()).filter(Boolean)) {
      const name = MODIFIER_NAMES[part.toLowerCase()];
      if (!name) throw new UsageError(`--modifiers takes Alt, Control, Meta, Shift (comma-separated), not "${part}"`);
      if (!modifiers.includes(name)) modifiers.push(name);
    }
    if (modifiers.length === 0) throw new UsageError('--modifiers needs at least one of Alt, Control, Meta, Shift');
  }
  return withoutUndefined({
    ref,
    double: options.double === true ? true : undefined,
    button: button === 'left' ? undefined : button,
    modifiers,
  });
}

export function typeParams(ref: string, text: string, options: { replace?: boolean; submit?: boolean; keys?: boolean }): Record<string, unknown> {
  return withoutUndefined({
    ref,
    text,
    replace: options.replace === true ? true : undefined,
    submit: options.submit === true ? true : undefined,
    keystrokes: options.keys === true ? true : undefined,
  });
}

// SPEC §12 pointer verbs.
export function hoverParams(ref: string): Record<string, unknown> {
  return { ref };
}

export function dragParams(ref: string, toRef: string): Record<string, unknown> {
  return { ref, to_ref: toRef };
}

/**
 * `upload <ref> <paths...>`: relative paths are resolved against the CLI's working directory (the
 * daemon and the Driver only take absolute ones); whether each is an existing file is checked at
 * delivery. `resolvePath` is injected so this stays pure.
 */
export function uploadParams(ref: string, paths: string[], resolvePath: (path: string) => string): Record<string, unknown> {
  if (paths.length === 0) throw new UsageError('give at least one file, e.g. sightline upload @p3:12 ./report.pdf');
  return { ref, paths: paths.map((path) => resolvePath(path)) };
}

export function selectParams(ref: string, values: string[]): Record<string, unknown> {
  if (values.length === 0) throw new UsageError('give at least one value to select, e.g. sightline select @p3:12 "Blue"');
  return { ref, values };
}

/** `scroll [REF] <up|down|left|right> [PX]`. */
export function scrollParams(args: string[]): Record<string, unknown> {
  const rest = [...args];
  let ref: string | undefined;
  if (rest[0] !== undefined && !isDirection(rest[0])) ref = rest.shift();
  const direction = rest.shift();
  if (direction === undefined || !isDirection(direction)) {
    throw new UsageError(
      ref !== undefined && !REF_PATTERN.test(ref)
        ? `"${ref}" is neither a ref (p<N>:<E>) nor a direction (up, down, left, right)`
        : 'give a direction: up, down, left or right (e.g. sightline scroll down 600)',
    );
  }
  let amount: number | undefined;
  const px = rest.shift();
  if (px !== undefined) amount = parseInteger(px, 'the scroll amount in CSS px');
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"; usage: sightline scroll [REF] <up|down|left|right> [PX]`);
  return withoutUndefined({ ref, direction, amount });
}

function isDirection(value: string): value is (typeof SCROLL_DIRECTIONS)[number] {
  return (SCROLL_DIRECTIONS as readonly string[]).includes(value);
}

export function pressParams(key: string): Record<string, unknown> {
  return { key };
}

const HISTORY = new Set(['back', 'forward', 'reload']);

export function navigateParams(target: string): Record<string, unknown> {
  if (HISTORY.has(target)) return { history: target };
  return { url: normalizeUrl(target) };
}

/** `navigate <target> [--on-beforeunload accept|dismiss]`. */
export function navigateOptions(params: Record<string, unknown>, options: { onBeforeunload?: string }): Record<string, unknown> {
  return withoutUndefined({ ...params, on_beforeunload: options.onBeforeunload });
}

/** `dialog accept|dismiss [--text T]` (SPEC §12). */
export function dialogParams(action: string, options: { text?: string }): Record<string, unknown> {
  if (action !== 'accept' && action !== 'dismiss') throw new UsageError(`dialog takes accept or dismiss, not "${action}"`);
  return withoutUndefined({ action, prompt_text: options.text });
}

/** `console [--since N] [--level L] [--limit N]` (SPEC §12); ranges are checked by the Driver. */
export function consoleParams(options: { since?: string; level?: string; limit?: string }): Record<string, unknown> {
  return withoutUndefined({
    since: options.since !== undefined ? parseInteger(options.since, '--since') : undefined,
    level: options.level,
    limit: options.limit !== undefined ? parseInteger(options.limit, '--limit') : undefined,
  });
}

export function screenshotParams(options: { annotate?: boolean }): Record<string, unknown> {
  return options.annotate === true ? { annotate: true } : {};
}

export interface OpenOptions {
  headed?: boolean;
  viewport?: string;
  /** Issue 16: `ready` (parsed + first paint, the default) or `load`. */
  waitUntil?: string;
  waitTimeout?: number;
}

export function openParams(url: string, options: OpenOptions): Record<string, unknown> {
  const waitUntil = options.waitUntil?.trim().toLowerCase();
  if (waitUntil !== undefined && waitUntil !== 'ready' && waitUntil !== 'load') throw new UsageError(`--wait-until must be ready or load, not "${options.waitUntil}"`);
  return withoutUndefined({
    url: normalizeUrl(url),
    headless: options.headed === true ? false : undefined,
    viewport: options.viewport !== undefined ? parseViewport(options.viewport) : undefined,
    wait_until: waitUntil,
    wait_timeout_ms: options.waitTimeout,
  });
}

export interface BindOptions {
  pid?: number;
  window?: string;
  cdp?: string;
}

export function bindParams(options: BindOptions): Record<string, unknown> {
  if (options.cdp !== undefined) {
    if (options.pid !== undefined || options.window !== undefined) {
      throw new UsageError('use either --cdp <url> or --pid <pid> --window <id>, not both');
    }
    return { cdp_url: options.cdp };
  }
  if (options.pid === undefined || options.window === undefined) {
    throw new UsageError(
      'bind needs --cdp <url>, or --pid <pid> and --window <id> (list them with sightline tabs --windows)',
    );
  }
  const window = /^[0-9]+$/.test(options.window) ? Number(options.window) : options.window;
  return { pid: options.pid, window_id: window };
}

/** `1280x800` → `{ width: 1280, height: 800 }`. */
export function parseViewport(value: string): { width: number; height: number } {
  const match = /^([0-9]{2,5})[x×]([0-9]{2,5})$/.exec(value.trim());
  if (!match) throw new UsageError(`--viewport must look like 1280x800, not "${value}"`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

export function parseInteger(value: string, what: string): number {
  if (!/^-?[0-9]+$/.test(value.trim())) throw new UsageError(`${what} must be a whole number, not "${value}"`);
  return Number(value);
}

/**
 * Adds a scheme to a bare host the way a browser's address bar does: `example.com` →
 * `https://example.com`, `localhost:3000` → `http://localhost:3000`. Anything with a scheme
 * (`https:`, `file:`, `about:`, `data:`) is kept as given.
 */
export function normalizeUrl(value: string): string {
  const trimmed = value.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || /^(about|data|file|javascript|chrome):/i.test(trimmed)) return trimmed;
  if (/^(localhost|127\.[0-9.]+|\[::1\])(:[0-9]+)?(\/|$)/i.test(trimmed)) return `http://${trimmed}`;
  return `https://${trimmed}`;
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
