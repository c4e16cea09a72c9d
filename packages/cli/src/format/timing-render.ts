import type { CliIo } from '../cli-io.js';
import type { GlobalOptions } from '../program/emit.js';
import { formatResult } from './format-result.js';
import { paletteFor } from './palette.js';
import { withTiming } from './timing-text.js';

/** `snapshot --timing`: the usual human text, then the timing block (issue 16). */
export function timingRender(io: CliIo, globals: GlobalOptions, moreHint?: string): (result: unknown) => string {
  const palette = paletteFor(io.stdout, io.env);
  return (result) => withTiming(formatResult(result, { palette, session: globals.session, ...(moreHint ? { moreHint } : {}) }), result, palette);
}
