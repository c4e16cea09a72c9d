import type { FirstSnapshotRow } from './first-snapshot.js';
import type { TargetCheck } from './results.js';

function fmt(ms: number | null): string {
  if (ms === null) return 'n/a';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
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
    });
    if (big.memory) {
      checks.push({ id: 'memory-100000', statement: 'inbox 100k: Node peak RSS of a snapshot < 200 MB', measured: `${big.memory.node_peak_mb} MB (renderer ${big.memory.renderer_peak_mb ?? 'n/a'} MB)`, met: big.memory.node_peak_mb < 200 });
    }
  }
  for (const size of [1_000, 100_000]) {
    const row = at(size);
    if (!row) continue;
    checks.push({
      id: `one-shot-${size}-vs-playwright`,
      statement: `inbox ${size.toLocaleString('en-US')}: one-shot ≤ 0.3× Playwright's one-shot`,
      measured: row.one_shot_ratio === null ? `n/a (Sightline ${row.one_shot.status}, Playwright ${row.playwright_one_shot.status})` : `${row.one_shot_ratio_upper_bound ? '≤ ' : ''}${row.one_shot_ratio.toFixed(3)}× (${fmt(row.one_shot.median_ms)} vs ${row.playwright_one_shot.status === 'ok' ? fmt(row.playwright_one_shot.median_ms) : row.playwright_one_shot.status})`,
      met: row.one_shot_ratio === null ? null : row.one_shot_ratio <= 0.3,
    });
    const load = row.load_without.median_ms;
    checks.push({
      id: `one-shot-${size}-vs-load`,
      statement: `inbox ${size.toLocaleString('en-US')}: one-shot ≤ page load + 1.5 s`,
      measured: `${fmt(row.one_shot.median_ms)} vs load ${fmt(load)} + 1.5 s`,
      met: row.one_shot.median_ms === null || load === null ? null : row.one_shot.median_ms <= load + 1500,
    });
    const warm = row.one_shot_warm;
    if (!warm) continue;
    const playwright = row.playwright_one_shot.status === 'ok' ? fmt(row.playwright_one_shot.median_ms) : row.playwright_one_shot.status;
    checks.push({
      id: `warm-one-shot-${size}-vs-playwright`,
      statement: `inbox ${size.toLocaleString('en-US')}: warm one-shot (\`--warm\`, browser kept by the daemon) ≤ 0.3× Playwright's one-shot`,
      measured: row.one_shot_warm_ratio == null ? `n/a (${warm.status})` : `${row.one_shot_ratio_upper_bound ? '≤ ' : ''}${row.one_shot_warm_ratio.toFixed(3)}× (${fmt(warm.median_ms)} vs ${playwright})`,
      met: row.one_shot_warm_ratio == null ? null : row.one_shot_warm_ratio <= 0.3,
    });
    checks.push({
      id: `warm-one-shot-${size}-vs-load`,
      statement: `inbox ${size.toLocaleString('en-US')}: warm one-shot ≤ page load + 1.5 s`,
      measured: `${fmt(warm.median_ms)} vs load ${fmt(load)} + 1.5 s`,
      met: warm.median_ms === null || load === null ? null : warm.median_ms <= load + 1500,
    });
  }
  return checks;
}
