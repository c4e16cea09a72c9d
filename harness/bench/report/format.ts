import type { BenchResults, Measurement } from '../results.js';

export function fmtMs(ms: number | null): string {
  if (ms === null) return 'n/a';
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${Math.round(ms)} ms`;
  return `${ms.toFixed(1)} ms`;
}

export function fmtInt(value: number | null): string {
  return value === null ? 'n/a' : Math.round(value).toLocaleString('en-US');
}

/** Compact count: 1.2k, 3.4M. */
export function fmtCompact(value: number): string {
  if (value >= 1e6) return `${(value / 1e6).toFixed(value >= 1e7 ? 0 : 1)}M`;
  if (value >= 1e3) return `${(value / 1e3).toFixed(value >= 1e4 ? 0 : 1)}k`;
  return String(Math.round(value));
}

export function fmtRatio(value: number | null): string {
  if (value === null) return 'n/a';
  if (value >= 10) return `${value.toFixed(0)}×`;
  if (value >= 0.1) return `${value.toFixed(2)}×`;
  return `${value.toFixed(3)}×`;
}

export function measurementOf(results: BenchResults, page: string, tool: string): Measurement | undefined {
  return results.measurements.find((m) => m.page === page && m.tool === tool);
}

/** Tools in results order, Sightline first. */
export function toolOrder(results: BenchResults): string[] {
  return results.tools.map((tool) => tool.id);
}

export function toolLabel(results: BenchResults, id: string): string {
  return results.tools.find((tool) => tool.id === id)?.label ?? id;
}

/** One colour per tool, fixed so charts from different runs read the same. */
export const TOOL_COLOURS: Record<string, string> = {
  sightline: '#d62728',
  'sightline-fresh': '#ff9896',
  playwright: '#1f77b4',
  'ax-tree': '#7f7f7f',
  'agent-browser': '#2ca02c',
  'agent-browser-i': '#98df8a',
  'devtools-mcp': '#9467bd',
};

/** Short names for chart legends. */
export const TOOL_SHORT_NAMES: Record<string, string> = {
  sightline: 'Sightline',
  'sightline-fresh': 'Sightline (no reuse)',
  playwright: 'Playwright ariaSnapshot ai',
  'ax-tree': 'CDP getFullAXTree',
  'agent-browser': 'agent-browser',
  'agent-browser-i': 'agent-browser -i',
  'devtools-mcp': 'chrome-devtools-mcp',
};
