import type { CliIo } from '../cli-io.js';
import type { GlobalOptions } from '../program/emit.js';
import { formatResult } from './format-result.js';
import { paletteFor } from './palette.js';
import { withTiming } from './timing-text.js';

/**
 * `snapshot --timing`: the usual human text, then the timing block (issue 16). Against a session,
 * `daemonMs` is the daemon's whole time for the request; the block then also says how long this
 * command has run (Node's start included), so what the client costs is plain.
 */
export function timingRender(io: CliIo, globals: GlobalOptions, moreHint?: string): (result: unknown, daemonMs?: number) => string {
  const palette = paletteFor(io.stdout, io.env);
  return (result, daemonMs) => {
    const text = formatResult(result, { palette, session: globals.session, ...(moreHint ? { moreHint } : {}) });
    // process.uptime() counts from the start of this process (and, unlike the \`performance\`
    // global, loads no module on first use).
    const command = daemonMs === undefined ? undefined : { daemonMs, commandMs: process.uptime() * 1000 };
    return withTiming(text, result, palette, command);
  };
}
