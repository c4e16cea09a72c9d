import { AGENT_TURN_MS, type FirstSnapshotRow } from './first-snapshot.js';
import { ONE_SHOT_QUIET_MS } from '@sightline/semantic-core';
import type { TargetCheck } from './results.js';

function fmt(ms: number | null): string {
  if (ms === null) return 'n/a';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/**
 * What a first snapshot of a document pays that the next one does not, from the run's own phases:
 * the first walk after load runs cold, and — where any shipped element needs Chromium's
 * accessibility tree — the first accessibility read builds that tree for the whole document.
 */
function firstSnapshotFloor(row: FirstSnapshotRow): string | undefined {
  const axEnable = row.first_phases.ax_enable ?? 0;
  const walk = row.first_phases.walk;
  if (walk === undefined) return undefined;
  const cold =
    `the first walk after load takes ${fmt(walk)} where the whole second snapshot takes ${fmt(row.second.median_ms)}: every node it touches gets its ` +
    `wrapper in the isolated world the first time, and the renderer takes fresh memory pages for what a first walk keeps (each costly on a VM) ` +
    `while its code runs cold (cdp-transport README, "Where a first snapshot's time goes", "Fresh memory is what a cold walk pays for")`;
  const after = row.after_navigate?.status === 'ok' ? row.after_navigate.median_ms : null;
  // Issue 16: after a navigation that walk runs while the caller pauses.
  const navigated = after === null ? '' : `; the first snapshot a session takes ${AGENT_TURN_MS / 1000} s after its own \`navigate\` (that walk done meanwhile) takes ${fmt(after)}`;
  if (axEnable < 50) return `${cold}; no accessibility tree is built (\`ax enable\` ${fmt(axEnable)}: the page's facts cover every element shown)${navigated}`;
  return `${cold}, and the first accessibility read makes Chromium build its tree for every element: \`ax enable\` ${fmt(axEnable)} (no CDP read builds part of it)${navigated}`;
}

/**
 * Where a one-shot's wall time went (median phases): Chromium's start before the navigation, the
 * load wait (the page's load, then the quiet period the one-shot waits for, during which it walks
 * the page once: the warm-up), the snapshot, and the rest (starting Node and loading Sightline where
 * it does not overlap the browser's start, stopping the browser).
 */
function oneShotSteps(wall: number | null, phases: FirstSnapshotRow['one_shot_phases']): string {
  const launch = phases.launch ?? 0;
  const loadWait = phases.load_wait ?? 0;
  const snapshot = (phases.collect ?? 0) + (phases.compose ?? 0);
  const rest = wall === null ? null : wall - launch - loadWait - snapshot;
  const warmUp = phases.warm_up === undefined ? '' : `, during which the page's first walk ran: warm-up ${fmt(phases.warm_up)}`;
  return `${fmt(wall)}: Chromium's start ${fmt(launch)} (\`launch\`), load wait ${fmt(loadWait)} (the page's load, then at least ${ONE_SHOT_QUIET_MS} ms with no request${warmUp}), snapshot ${fmt(snapshot)}, the rest ${fmt(rest)} (Node, loading Sightline, stopping the browser)`;
}

/** The floor of the row's one-shot (bare-one-shot.ts), when it was measured. */
function measuredFloor(row: FirstSnapshotRow): { ms: number; what: string } | null {
  const floor = row.one_shot_floor;
  if (!floor || floor.status !== 'ok' || floor.median_ms === null) return null;
  const p = row.one_shot_floor_phases ?? {};
  return {
    ms: floor.median_ms,
    what:
      `the floor — a plain CDP client that only starts the same Chromium, loads the page, visits every node once, reads one box (the page's layout), waits out the quiet period and stops, alternating with these runs — takes ${fmt(floor.median_ms)} ` +
      `(Chromium's start to its DevTools port ${fmt(p.launch_ms ?? null)}, the load in the fresh browser ${fmt(p.load_ms ?? null)} against ${fmt(row.load_without.median_ms)} in a running one, ` +
      `one visit of every node ${fmt(p.visit_ms ?? null)}, the layout ${fmt(p.layout_ms ?? null)}, the rest of the quiet period ${fmt(p.quiet_ms ?? null)} (${ONE_SHOT_QUIET_MS} ms after the page's document response ended, as the one-shot waits at least), the stop ${fmt(p.stop_ms ?? null)})`,
  };
}

/**
 * The measured floor next to a one-shot that missed `load + 1.5 s`: whether it alone is over the
 * target (then no one-shot that reads every node meets it on this machine), or how much Sightline
 * spends beyond it ('' without a floor).
 */
function floorNote(row: FirstSnapshotRow, wall: number | null): string {
  const floor = measuredFloor(row);
  const load = row.load_without.median_ms;
  if (!floor || load === null) return '';
  const target = load + 1500;
  const verdict =
    floor.ms > target
      ? `already ${fmt(floor.ms - target)} over load + 1.5 s: on this machine no one-shot that reads every node meets the target`
      : `${fmt(target - floor.ms)} under load + 1.5 s; Sightline's one-shot takes ${wall === null ? 'n/a' : fmt(wall - floor.ms)} more than it`;
  return `; ${floor.what}: ${verdict}`;
}

/** The floor against Playwright's one-shot, for a one-shot that missed `≤ 0.3×` ('' without a floor). */
function floorRatioNote(row: FirstSnapshotRow, playwrightMs: number): string {
  const floor = measuredFloor(row);
  return floor ? `; ${floor.what}: alone ${(floor.ms / playwrightMs).toFixed(2)}× Playwright's one-shot` : '';
}

/** Issue 16's targets, each met or missed with the measured number (rows that did not run add none). */
export function firstSnapshotChecks(rows: FirstSnapshotRow[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const at = (size: number): FirstSnapshotRow | undefined => rows.find((row) => row.size === size);
  const big = at(100_000);
  if (big) {
    checks.push({
      id: 'first-snapshot-100000',
      statement: 'inbox 100k: first snapshot on a freshly loaded tab ≤ 1 s (median)',
      measured: big.first.status === 'ok' ? `${fmt(big.first.median_ms)} (${fmt(big.first.min_ms)}–${fmt(big.first.max_ms)})` : big.first.status,
      met: big.first.status === 'ok' && big.first.median_ms !== null ? big.first.median_ms <= 1000 : false,
      why: firstSnapshotFloor(big),
    });
    if (big.memory) {
      checks.push({ id: 'memory-100000', statement: 'inbox 100k: Node peak RSS of a snapshot < 200 MB', measured: `${big.memory.node_peak_mb} MB (renderer ${big.memory.renderer_peak_mb ?? 'n/a'} MB)`, met: big.memory.node_peak_mb < 200 });
    }
  }
  for (const size of [1_000, 100_000]) {
    const row = at(size);
    if (!row) continue;
    const inbox = `inbox ${size.toLocaleString('en-US')}`;
    const load = row.load_without.median_ms;
    const playwright = row.playwright_one_shot.status === 'ok' ? fmt(row.playwright_one_shot.median_ms) : row.playwright_one_shot.status;
    // The cold one-shot (its own browser) and, where measured, the warm one (`--warm`, the daemon's browser).
    const modes = [
      { id: 'one-shot', label: 'one-shot', short: 'one-shot', stat: row.one_shot, ratio: row.one_shot_ratio },
      ...(row.one_shot_warm ? [{ id: 'warm-one-shot', label: 'warm one-shot (`--warm`, browser kept by the daemon)', short: 'warm one-shot', stat: row.one_shot_warm, ratio: row.one_shot_warm_ratio ?? null }] : []),
    ];
    for (const mode of modes) {
      const phases = mode.id === 'one-shot' ? row.one_shot_phases : (row.one_shot_warm_phases ?? {});
      const playwrightMs = row.playwright_one_shot.status === 'ok' ? row.playwright_one_shot.median_ms : null;
      const ratioMet = mode.ratio === null ? null : mode.ratio <= 0.3;
      checks.push({
        id: `${mode.id}-${size}-vs-playwright`,
        statement: `${inbox}: ${mode.label} ≤ 0.3× Playwright's one-shot`,
        measured: mode.ratio === null ? `n/a (Sightline ${mode.stat.status}, Playwright ${row.playwright_one_shot.status})` : `${row.one_shot_ratio_upper_bound ? '≤ ' : ''}${mode.ratio.toFixed(3)}× (${fmt(mode.stat.median_ms)} vs ${playwright})`,
        met: ratioMet,
        ...(ratioMet === false && playwrightMs !== null ? { why: `${oneShotSteps(mode.stat.median_ms, phases)}; 0.3 × ${fmt(playwrightMs)} is ${fmt(0.3 * playwrightMs)}${(phases.launch ?? 0) + (phases.load_wait ?? 0) > 0.3 * playwrightMs ? ", less than the browser's start and the load wait alone" : ''}${mode.id === 'one-shot' ? `${floorRatioNote(row, playwrightMs)}; \`--warm\` (the daemon's browser) pays the start once` : ''}` } : {}),
      });
      const loadMet = mode.stat.median_ms === null || load === null ? null : mode.stat.median_ms <= load + 1500;
      checks.push({
        id: `${mode.id}-${size}-vs-load`,
        statement: `${inbox}: ${mode.short} ≤ page load + 1.5 s`,
        measured: `${fmt(mode.stat.median_ms)} vs load ${fmt(load)} + 1.5 s`,
        met: loadMet,
        ...(loadMet === false
          ? { why: `${oneShotSteps(mode.stat.median_ms, phases)}${mode.id === 'one-shot' ? floorNote(row, mode.stat.median_ms) : ''}${size === 100_000 ? `; the first snapshot: ${firstSnapshotFloor(row) ?? 'n/a'}` : ''}` }
          : {}),
      });
    }
  }
  return checks;
}
