import { SETTLE_MS } from '@sightline/harness';
import type { SnapshotTiming } from '@sightline/semantic-core';
import { AGENT_TURN_MS, type FirstSnapshotRow, type FloorPhases, type Stat } from '../first-snapshot.js';
import { fmtMs, fmtRatio } from './format.js';

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function cell(stat: Stat, timeoutMs: number): string {
  if (stat.status === 'timeout') return `**timeout** (> ${fmtMs(timeoutMs)})`;
  if (stat.status === 'error') return `error${stat.reason ? `: ${stat.reason.slice(0, 80)}` : ''}`;
  return `**${fmtMs(stat.median_ms)}** (${fmtMs(stat.min_ms)}–${fmtMs(stat.max_ms)})`;
}

/** Phases of a first snapshot in the order the work happens; `other` = collect minus its measured parts. */
export const PHASES: Array<{ key: keyof SnapshotTiming | 'other'; label: string; colour: string }> = [
  { key: 'launch', label: 'launch', colour: '#8c564b' },
  { key: 'load_wait', label: 'load wait', colour: '#c49c94' },
  { key: 'warm_up', label: 'warm-up walk (part of the load wait)', colour: '#7f7f7f' },
  { key: 'warm_up_wait', label: 'wait for the walk begun after the navigation', colour: '#bcbddc' },
  { key: 'world_setup', label: 'world setup', colour: '#9467bd' },
  { key: 'ax_enable', label: 'ax enable', colour: '#e377c2' },
  { key: 'walk', label: 'walk', colour: '#1f77b4' },
  { key: 'hit_test', label: 'hit test', colour: '#aec7e8' },
  { key: 'rank', label: 'rank + ship', colour: '#17becf' },
  { key: 'ax', label: 'ax', colour: '#d62728' },
  { key: 'other', label: 'other', colour: '#c7c7c7' },
  { key: 'compose', label: 'compose', colour: '#2ca02c' },
];

/**
 * Each phase's ms for a stacked bar; `other` is what `collect` holds beyond its named parts, and
 * the one-shot's warm-up walk is cut out of the load wait it is part of (so the bar adds up to the wall time).
 */
export function phaseValues(phases: Partial<SnapshotTiming>): Array<{ key: string; label: string; colour: string; ms: number }> {
  const parts = ['warm_up_wait', 'world_setup', 'ax_enable', 'walk', 'hit_test', 'rank', 'ax'] as const;
  const named = parts.reduce((sum, key) => sum + (phases[key] ?? 0), 0);
  const other = Math.max(0, (phases.collect ?? 0) - named);
  const warmUp = Math.min(phases.warm_up ?? 0, phases.load_wait ?? 0);
  const msOf = (key: (typeof PHASES)[number]['key']): number => {
    if (key === 'other') return other;
    if (key === 'load_wait') return (phases.load_wait ?? 0) - warmUp;
    if (key === 'warm_up') return warmUp;
    return phases[key] ?? 0;
  };
  return PHASES.map((phase) => ({ ...phase, ms: msOf(phase.key) })).filter((phase) => phase.ms > 0);
}

/** The floor's phases in the order they happen; its start and load take the one-shot's colours. */
const FLOOR_PHASES: Array<{ key: keyof FloorPhases; label: string; colour: string }> = [
  { key: 'launch_ms', label: 'launch', colour: PHASES.find((phase) => phase.key === 'launch')!.colour },
  { key: 'load_ms', label: 'load', colour: PHASES.find((phase) => phase.key === 'load_wait')!.colour },
  { key: 'visit_ms', label: 'visit every node', colour: '#393b79' },
  { key: 'layout_ms', label: 'layout', colour: '#9c9ede' },
  { key: 'quiet_ms', label: 'rest of the quiet period', colour: '#dbdb8d' },
  { key: 'stop_ms', label: 'stop', colour: '#bcbd22' },
];

function floorPhaseValues(phases: Partial<FloorPhases>): Array<{ key: string; label: string; colour: string; ms: number }> {
  return FLOOR_PHASES.map((phase) => ({ ...phase, ms: phases[phase.key] ?? 0 })).filter((phase) => phase.ms > 0);
}

function phaseText(phases: Partial<SnapshotTiming>): string {
  return phaseValues(phases)
    .map((phase) => `${phase.label} ${fmtMs(phase.ms)}`)
    .join(' · ');
}

/** The floor's phases: Chromium's start (to its DevTools port), the load, the visit of every node, the layout, the rest of the quiet period, the stop. */
function floorPhaseText(phases: Partial<FloorPhases>): string {
  return floorPhaseValues(phases)
    .map((phase) => `${phase.label} ${fmtMs(phase.ms)}`)
    .join(' · ');
}

/** The issue 16 section of latest.md: targets, then the rows. */
export function renderFirstSnapshotMarkdown(rows: FirstSnapshotRow[], timeoutMs: number): string[] {
  if (rows.length === 0) return [];
  const lines: string[] = ['## First snapshot and one-shot (issue 16)', ''];
  lines.push(
    `Each run on a fresh tab (or a fresh process and browser for one-shots); median (min–max). *First snapshot*: the page loaded in a tab no DevTools client ever attached to (opened over the browser's endpoint; the page marks its URL once loaded and painted, then the tab is left alone ${SETTLE_MS / 1000} s), then \`bind\` (explicit route) and the timed first \`snapshot\`; *after \`navigate\`*: a bound session navigates to the page, pauses ${AGENT_TURN_MS / 1000} s (an agent's turn), then takes its timed first \`snapshot\`. ` +
      '*One-shot*: `sightline --json snapshot <url>` from the bundled CLI (a fresh process and browser each run); *warm one-shot*: the same with `--warm`, answered by the daemon from the browser it keeps, after one call that started both (its time in brackets); Playwright: launch, `goto` (load), `ariaSnapshot({mode:"ai"})`, close, in a fresh Node process. *Floor*: what any one-shot that reads every node pays — a plain CDP client (bench/bare-one-shot.ts) in a fresh Node process starts the same Chromium with the same flags, loads the page, visits every node once from an isolated world, reads one box (so the page is laid out, as anything that tells what is on screen needs), waits out what is left of the quiet period the one-shot waits for (counted from the end of the page\'s document response), stops; its runs alternate with the Sightline one-shot runs. *Load*: navigate → load event, without and with Sightline attached to the tab. Phases: `timing_ms` medians (chart: `first-snapshot.svg`).',
    '',
  );
  lines.push(row(['inbox', 'load (nothing attached)', 'load (Sightline attached)', 'first snapshot', 'second snapshot', `first snapshot ${AGENT_TURN_MS / 1000} s after \`navigate\``, 'one-shot Sightline', 'floor (plain CDP client)', 'ratio', 'warm one-shot (first call)', 'ratio', 'one-shot Playwright']), row(Array(12).fill('---')));
  for (const r of rows) {
    lines.push(
      row([
        r.size.toLocaleString('en-US'),
        cell(r.load_without, timeoutMs),
        cell(r.load_with, timeoutMs),
        cell(r.first, timeoutMs),
        cell(r.second, timeoutMs),
        r.after_navigate ? cell(r.after_navigate, timeoutMs) : '—',
        cell(r.one_shot, timeoutMs),
        r.one_shot_floor ? cell(r.one_shot_floor, timeoutMs) : '—',
        r.one_shot_ratio === null ? 'n/a' : `${r.one_shot_ratio_upper_bound ? '≤ ' : ''}${fmtRatio(r.one_shot_ratio)}`,
        r.one_shot_warm ? `${cell(r.one_shot_warm, timeoutMs)}${r.one_shot_warm_start?.median_ms != null ? ` (${fmtMs(r.one_shot_warm_start.median_ms)})` : ''}` : '—',
        r.one_shot_warm_ratio == null ? 'n/a' : `${r.one_shot_ratio_upper_bound ? '≤ ' : ''}${fmtRatio(r.one_shot_warm_ratio)}`,
        cell(r.playwright_one_shot, timeoutMs),
      ]),
    );
  }
  lines.push('', row(['inbox', 'first snapshot phases', 'after `navigate` phases', 'one-shot phases', 'floor phases', 'warm one-shot phases']), row(['---', '---', '---', '---', '---', '---']));
  for (const r of rows) {
    lines.push(
      row([
        r.size.toLocaleString('en-US'),
        phaseText(r.first_phases),
        r.after_navigate_phases ? phaseText(r.after_navigate_phases) : '—',
        phaseText(r.one_shot_phases),
        r.one_shot_floor_phases ? floorPhaseText(r.one_shot_floor_phases) : '—',
        r.one_shot_warm_phases ? phaseText(r.one_shot_warm_phases) : '—',
      ]),
    );
  }
  const memory = rows.filter((r) => r.memory);
  if (memory.length > 0) {
    lines.push('', row(['inbox', 'Node peak RSS (one snapshot, fresh process)', 'renderer peak RSS during it']), row(['---', '---', '---']));
    for (const r of memory) lines.push(row([r.size.toLocaleString('en-US'), `${r.memory!.node_peak_mb} MB`, r.memory!.renderer_peak_mb === null ? 'n/a' : `${r.memory!.renderer_peak_mb} MB`]));
  }
  lines.push('');
  return lines;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `first-snapshot.svg`: per inbox size, stacked bars of the phases of the first snapshot, the one-shot and the warm one-shot. */
export function renderFirstSnapshotSvg(rows: FirstSnapshotRow[]): string {
  const bars = rows.flatMap((r) => [
    { label: `${r.size.toLocaleString('en-US')} · first snapshot`, parts: phaseValues(r.first_phases) },
    { label: `${r.size.toLocaleString('en-US')} · one-shot`, parts: phaseValues(r.one_shot_phases) },
    ...(r.one_shot_floor_phases ? [{ label: `${r.size.toLocaleString('en-US')} · floor`, parts: floorPhaseValues(r.one_shot_floor_phases) }] : []),
    ...(r.one_shot_warm_phases ? [{ label: `${r.size.toLocaleString('en-US')} · warm one-shot`, parts: phaseValues(r.one_shot_warm_phases) }] : []),
  ]);
  const width = 900;
  const left = 190;
  const right = 70;
  const top = 62;
  const barHeight = 22;
  const gap = 12;
  // The floor's parts with a colour of their own (its start and load share the one-shot's).
  const floorOwn = FLOOR_PHASES.filter((part) => !PHASES.some((phase) => phase.colour === part.colour));
  const legend = [...PHASES, ...floorOwn.map((part) => ({ ...part, label: `floor: ${part.label}` }))];
  const legendColumns = 3;
  const legendHeight = Math.ceil(legend.length / legendColumns) * 20 + 8;
  const height = top + bars.length * (barHeight + gap) + legendHeight + 30;
  const max = Math.max(1, ...bars.map((bar) => bar.parts.reduce((sum, part) => sum + part.ms, 0)));
  const scale = (width - left - right) / max;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${left}" y="26" font-size="17" font-weight="bold" fill="#1d2330">Where a first snapshot's time goes</text>`);
  out.push(`<text x="${left}" y="46" fill="#5a6270">timing_ms medians per inbox size (ms, linear); one-shots add launch and load wait; floor: a plain CDP client</text>`);
  bars.forEach((bar, index) => {
    const y = top + index * (barHeight + gap);
    out.push(`<text x="${left - 8}" y="${y + barHeight / 2 + 4}" text-anchor="end" fill="#1d2330">${escapeXml(bar.label)}</text>`);
    let x = left;
    for (const part of bar.parts) {
      const w = part.ms * scale;
      out.push(`<rect x="${x.toFixed(1)}" y="${y}" width="${Math.max(0.5, w).toFixed(1)}" height="${barHeight}" fill="${part.colour}"><title>${escapeXml(`${part.label}: ${fmtMs(part.ms)}`)}</title></rect>`);
      x += w;
    }
    const total = bar.parts.reduce((sum, part) => sum + part.ms, 0);
    out.push(`<text x="${(x + 6).toFixed(1)}" y="${y + barHeight / 2 + 4}" fill="#5a6270">${escapeXml(fmtMs(total))}</text>`);
  });
  const legendTop = top + bars.length * (barHeight + gap) + 10;
  legend.forEach((phase, index) => {
    const x = left + (index % legendColumns) * 230;
    const y = legendTop + Math.floor(index / legendColumns) * 20;
    out.push(`<rect x="${x}" y="${y}" width="12" height="12" fill="${phase.colour}"/>`);
    out.push(`<text x="${x + 18}" y="${y + 11}" fill="#1d2330">${escapeXml(phase.label)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
