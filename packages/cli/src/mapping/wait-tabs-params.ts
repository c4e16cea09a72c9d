import { UsageError } from './usage-error.js';
import { normalizeUrl, parseInteger } from './command-params.js';

/**
 * SPEC §12 `wait` and `tabs` command lines → daemon parameters (snake_case, as in
 * contract/wait.ts and contract/tabs.ts, minus session/target/tab which the daemon adds). Value
 * ranges are the Driver's to check; here only the shape of the command line.
 */

export interface WaitOptions {
  text?: string;
  textGone?: string;
  ref?: string;
  state?: string;
  url?: string;
  load?: string;
  timeout?: string;
}

export function waitParams(options: WaitOptions): Record<string, unknown> {
  const conditions = [
    options.text !== undefined && '--text',
    options.textGone !== undefined && '--text-gone',
    options.ref !== undefined && '--ref',
    options.url !== undefined && '--url',
    options.load !== undefined && '--load',
  ].filter((flag): flag is string => typeof flag === 'string');
  if (conditions.length !== 1) {
    throw new UsageError(
      `give exactly one of --text, --text-gone, --ref with --state, --url, --load${conditions.length > 1 ? ` (got ${conditions.join(' and ')})` : ''}; e.g. sightline wait --text "Saved"`,
    );
  }
  if ((options.ref === undefined) !== (options.state === undefined)) {
    throw new UsageError('--ref and --state go together, e.g. sightline wait --ref @p3:12 --state enabled');
  }
  const params: Record<string, unknown> = {};
  if (options.text !== undefined) params.text = options.text;
  if (options.textGone !== undefined) params.text_gone = options.textGone;
  if (options.ref !== undefined) {
    params.ref = options.ref;
    params.state = options.state;
  }
  if (options.url !== undefined) params.url = options.url;
  if (options.load !== undefined) params.load_state = options.load === 'networkidle' ? 'network_idle' : options.load;
  if (options.timeout !== undefined) params.timeout_ms = parseInteger(options.timeout, '--timeout (ms)');
  return params;
}

/** `tabs [list | new [url] | select <tab> | close [<tab>]]`; `--select <tab>` is the older spelling of `select`. */
export function tabsParams(args: readonly string[], options: { select?: string }): Record<string, unknown> {
  const [action = 'list', argument, ...rest] = args;
  if (options.select !== undefined) {
    if (args.length > 0) throw new UsageError('use either `sightline tabs select <tab>` or `sightline tabs --select <tab>`, not both');
    return { action: 'select', tab: options.select };
  }
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"; usage: sightline tabs [list | new [url] | select <tab> | close [<tab>]]`);
  switch (action) {
    case 'list':
      if (argument !== undefined) throw new UsageError('`sightline tabs list` takes no argument');
      return { action: 'list' };
    case 'new':
      return argument === undefined ? { action: 'new' } : { action: 'new', url: normalizeUrl(argument) };
    case 'select':
      if (argument === undefined) throw new UsageError('give the tab to select: its number in `sightline tabs` or its tab id');
      return { action: 'select', tab: argument };
    case 'close':
      return argument === undefined ? { action: 'close' } : { action: 'close', tab: argument };
    default:
      throw new UsageError(`unknown tabs action "${action}": use list, new [url], select <tab> or close [<tab>]`);
  }
}
