import type { SnapshotTiming } from '@sightline/semantic-core';
import { plainPalette, type Palette } from './palette.js';

/** `timing_ms` fields in the order the work happens, with their printed labels. */
const PHASES: Array<[keyof SnapshotTiming, string]> = [
  ['launch', 'launch'],
  ['load_wait', 'load wait'],
  ['warm_up', '  of which warm-up walk'],
  ['warm_up_wait', 'wait for the first walk'],
  ['world_setup', 'world setup'],
  ['ax_enable', 'ax enable'],
  ['walk', 'walk'],
  ['hit_test', 'hit test'],
  ['rank', 'rank + ship'],
  ['ax', 'ax'],
  ['collect', 'collect (total)'],
  ['compose', 'compose'],
];

/**
 * Against a session: the daemon's whole time for the request (`collect` and `compose` are parts
 * of it) and how long this command has run so far, Node's own start included.
 */
export interface CommandTiming {
  daemonMs: number;
  commandMs: number;
}

function ms(value: number): string {
  return value >= 100 ? String(Math.round(value)) : value.toFixed(1);
}

/**
 * `--timing`: the snapshot's `timing_ms` as an aligned block (issue 16), phases in the order the
 * work happens. The in-page phases and `ax` are parts of `collect`; `launch` and `load_wait`
 * (one-shot only) come before it. Null when the result carries no timing.
 */
export function formatTiming(result: unknown, palette: Palette = plainPalette, command?: CommandTiming): string | null {
  const timing = (result as { timing_ms?: Partial<SnapshotTiming> } | null)?.timing_ms;
  if (!timing || typeof timing !== 'object') return null;
  const rows: Array<readonly [string, string]> = PHASES.filter(([field]) => typeof timing[field] === 'number').map(([field, label]) => [label, ms(timing[field]!)] as const);
  if (command) rows.push(['daemon (request)', ms(command.daemonMs)], ['this command', ms(command.commandMs)]);
  if (rows.length === 0) return null;
  const width = Math.max(...rows.map(([label]) => label.length));
  const valueWidth = Math.max(...rows.map(([, value]) => value.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value.padStart(valueWidth)} ms`);
  return [palette.dim('timing:'), ...lines.map((line) => palette.dim(line))].join('\n');
}

/** Appends the timing block to a rendered result when there is one. */
export function withTiming(text: string, result: unknown, palette: Palette = plainPalette, command?: CommandTiming): string {
  const block = formatTiming(result, palette, command);
  return block === null ? text : `${text}\n${block}`;
}
