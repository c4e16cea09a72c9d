import type { CliOverhead } from './cli-overhead.js';
import type { FirstSnapshotRow } from './first-snapshot.js';
import type { ScaleResults } from './scale.js';
/** The shape of results/latest.json. */

export type MeasurementStatus = 'ok' | 'timeout' | 'error' | 'unavailable';

export interface TargetHit {
  target: string;
  found: boolean;
  /** Character offset of the first occurrence in the output, null when absent. */
  offset: number | null;
}

export interface Measurement {
  page: string;
  tool: string;
  status: MeasurementStatus;
  reason?: string;
  /** The untimed warm-up call (first call after attaching). */
  warmup_ms: number | null;
  /** The timed warm calls, in order. */
  runs_ms: number[];
  median_ms: number | null;
  min_ms: number | null;
  max_ms: number | null;
  chars: number | null;
  tokens: number | null;
  tokens_estimated: boolean;
  targets: TargetHit[];
  all_targets_found: boolean | null;
  detail?: Record<string, unknown>;
}

export interface PageInfo {
  id: string;
  label: string;
  kind: 'inbox' | 'app' | 'site';
  path: string;
  /** Measured in the loaded tab: elements of the top document. */
  elements: number;
  frames: number;
  load_ms: number;
  targets: string[];
}

export interface ToolInfo {
  id: string;
  label: string;
  invocation: string;
  available: boolean;
  reason?: string;
}

export interface Ratio {
  page: string;
  peer: string;
  /** Sightline median ÷ peer median. When the peer timed out: Sightline median ÷ the timeout (an upper bound). */
  latency: number | null;
  latency_upper_bound: boolean;
  /** Sightline output characters ÷ peer output characters. */
  chars: number | null;
  tokens: number | null;
}

export interface TargetCheck {
  id: string;
  statement: string;
  measured: string;
  met: boolean | null;
  /** For a target not met: what holds it back, from numbers measured in the same run. */
  why?: string;
}

export interface SightlineProfile {
  page: string;
  /** `sightline` (warm, reuse on) or `sightline-fresh` (every call a first read); absent in older reports: `sightline`. */
  tool?: string;
  /** Medians over the profiled calls. */
  collect_ms: number;
  compose_ms: number;
  total_ms: number;
  /** Wall time covered by CDP calls of each kind during one snapshot (overlapping calls counted once), and call counts. */
  cdp: Record<string, { wall_ms: number; calls: number }>;
  /** The same per CDP method (collector calls named by their `__sightline.<method>`). */
  methods: Record<string, { wall_ms: number; calls: number }>;
  /** In-page time of a naive getComputedStyle + getBoundingClientRect loop over every element (machine-speed reference). */
  reference_walk_ms: number | null;
}

export interface BenchResults {
  generated_at: string;
  quick: boolean;
  machine: {
    cpus: number;
    cpu_model: string;
    load_before: number[];
    load_after: number[];
    node: string;
    chromium: string;
    chromium_flags: string[];
    /** Times Chromium was restarted after a tool timed out or failed, so leftovers never slow the next tool. */
    browser_restarts: number;
  };
  config: { runs: number; timeout_ms: number; tokenizer: string; viewport: string };
  tools: ToolInfo[];
  pages: PageInfo[];
  measurements: Measurement[];
  ratios: Ratio[];
  targets: TargetCheck[];
  profiles: SightlineProfile[];
  /** What a `sightline` CLI call costs on top of starting Node (null when it could not be measured). */
  cli_overhead?: CliOverhead | null;
  /** Issue 16: first snapshot after load, one-shots against Playwright's, load with/without Sightline, memory. */
  first_snapshot?: FirstSnapshotRow[];
  duration_s: number;
  /** The last `bench --scale` rows (issue 17: many sessions, concurrent launches), kept across full runs. */
  scale?: ScaleResults;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * A target written with quotes (`"Send"`) must appear as a whole quoted name, the way every tool
 * here prints accessible names (and JSON prints strings), so "Send" does not match "Sender".
 * A target without quotes is a plain substring (used for running text).
 */
export function findTargets(text: string, targets: string[]): TargetHit[] {
  return targets.map((target) => {
    const offset = text.indexOf(target);
    return { target, found: offset >= 0, offset: offset >= 0 ? offset : null };
  });
}
