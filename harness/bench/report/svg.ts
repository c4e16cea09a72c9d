import type { BenchResults } from '../results.js';
import { fmtCompact, fmtMs, TOOL_COLOURS, TOOL_SHORT_NAMES, toolLabel, toolOrder } from './format.js';

interface Point {
  x: number;
  y: number;
  /** A timed-out call, drawn as ✕ on the timeout line. */
  timeout?: boolean;
  label?: string;
}

interface Series {
  id: string;
  name: string;
  colour: string;
  /** Connected by a line (the inbox size series). */
  line: Point[];
  /** Drawn as hollow markers only (the app and the real-site pages). */
  loose: Point[];
}

interface ChartSpec {
  title: string;
  subtitle: string;
  xLabel: string;
  yLabel: string;
  yFormat: (value: number) => string;
  series: Series[];
  guides: Array<{ y: number; label: string }>;
  /** Pages outside the inbox series, marked on the x axis by name. */
  pageMarks: Array<{ x: number; label: string }>;
}

const WIDTH = 900;
const HEIGHT = 520;
const MARGIN = { left: 78, right: 230, top: 62, bottom: 58 };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function decadeBounds(values: number[]): [number, number] {
  const positive = values.filter((value) => value > 0);
  if (positive.length === 0) return [1, 10];
  const low = Math.floor(Math.log10(Math.min(...positive)));
  const high = Math.ceil(Math.log10(Math.max(...positive)));
  return [low, high === low ? high + 1 : high];
}

/** A log–log chart: one line per tool over the inbox sizes, hollow markers for the other pages. */
function renderChart(spec: ChartSpec): string {
  const all = spec.series.flatMap((series) => [...series.line, ...series.loose]);
  const [xLow, xHigh] = decadeBounds(all.map((point) => point.x));
  const [yLow, yHigh] = decadeBounds([...all.map((point) => point.y), ...spec.guides.map((guide) => guide.y)]);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const sx = (x: number): number => MARGIN.left + ((Math.log10(x) - xLow) / (xHigh - xLow)) * plotWidth;
  const sy = (y: number): number => MARGIN.top + plotHeight - ((Math.log10(y) - yLow) / (yHigh - yLow)) * plotHeight;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">`);
  out.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`);
  out.push(`<text x="${MARGIN.left}" y="26" font-size="17" font-weight="bold" fill="#1d2330">${escapeXml(spec.title)}</text>`);
  out.push(`<text x="${MARGIN.left}" y="46" fill="#5a6270">${escapeXml(spec.subtitle)}</text>`);

  // Grid and ticks: decades labelled, 2× and 5× as faint lines.
  for (let decade = xLow; decade <= xHigh; decade += 1) {
    for (const factor of [1, 2, 5]) {
      const value = factor * 10 ** decade;
      if (Math.log10(value) > xHigh + 1e-9) continue;
      const x = sx(value);
      out.push(`<line x1="${x.toFixed(1)}" y1="${MARGIN.top}" x2="${x.toFixed(1)}" y2="${MARGIN.top + plotHeight}" stroke="${factor === 1 ? '#d0d5dd' : '#eef0f3'}"/>`);
      if (factor === 1 || xHigh - xLow <= 2) out.push(`<text x="${x.toFixed(1)}" y="${MARGIN.top + plotHeight + 18}" text-anchor="middle" fill="#3a4150">${fmtCompact(value)}</text>`);
    }
  }
  for (let decade = yLow; decade <= yHigh; decade += 1) {
    for (const factor of [1, 2, 5]) {
      const value = factor * 10 ** decade;
      if (Math.log10(value) > yHigh + 1e-9) continue;
      const y = sy(value);
      out.push(`<line x1="${MARGIN.left}" y1="${y.toFixed(1)}" x2="${MARGIN.left + plotWidth}" y2="${y.toFixed(1)}" stroke="${factor === 1 ? '#d0d5dd' : '#eef0f3'}"/>`);
      if (factor === 1 || yHigh - yLow <= 3) out.push(`<text x="${MARGIN.left - 8}" y="${(y + 4).toFixed(1)}" text-anchor="end" fill="#3a4150">${escapeXml(spec.yFormat(value))}</text>`);
    }
  }
  out.push(`<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#8a93a3"/>`);
  out.push(`<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 14}" text-anchor="middle" fill="#1d2330">${escapeXml(spec.xLabel)}</text>`);
  out.push(`<text transform="translate(18 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle" fill="#1d2330">${escapeXml(spec.yLabel)}</text>`);

  for (const mark of spec.pageMarks) {
    const x = sx(mark.x);
    out.push(`<line x1="${x.toFixed(1)}" y1="${MARGIN.top}" x2="${x.toFixed(1)}" y2="${MARGIN.top + plotHeight}" stroke="#b8bfcc" stroke-dasharray="2 4"/>`);
    out.push(`<text transform="translate(${(x + 4).toFixed(1)} ${MARGIN.top + plotHeight - 6}) rotate(-90)" fill="#8a93a3" font-size="11">${escapeXml(mark.label)}</text>`);
  }
  for (const guide of spec.guides) {
    const y = sy(guide.y);
    out.push(`<line x1="${MARGIN.left}" y1="${y.toFixed(1)}" x2="${MARGIN.left + plotWidth}" y2="${y.toFixed(1)}" stroke="#444" stroke-dasharray="6 4"/>`);
    out.push(`<text x="${MARGIN.left + 6}" y="${(y - 5).toFixed(1)}" fill="#444">${escapeXml(guide.label)}</text>`);
  }

  spec.series.forEach((series, seriesIndex) => {
    // Timed-out points of different tools share a spot: spread them sideways a little.
    const nudge = (point: Point): number => (point.timeout ? (seriesIndex - (spec.series.length - 1) / 2) * 5 : 0);
    const sorted = [...series.line].sort((a, b) => a.x - b.x);
    if (sorted.length > 1) {
      const path = sorted.map((point, index) => `${index === 0 ? 'M' : 'L'}${sx(point.x).toFixed(1)},${sy(point.y).toFixed(1)}`).join(' ');
      const width = series.id === 'sightline' ? 3.5 : 2;
      out.push(`<path d="${path}" fill="none" stroke="${series.colour}" stroke-width="${width}" stroke-linejoin="round"/>`);
    }
    for (const point of sorted) out.push(marker(sx(point.x) + nudge(point), sy(point.y), series.colour, true, point.timeout === true));
    for (const point of series.loose) out.push(marker(sx(point.x) + nudge(point), sy(point.y), series.colour, false, point.timeout === true));
  });

  // Legend.
  const legendX = MARGIN.left + plotWidth + 18;
  let legendY = MARGIN.top + 8;
  for (const series of spec.series) {
    out.push(`<line x1="${legendX}" y1="${legendY}" x2="${legendX + 26}" y2="${legendY}" stroke="${series.colour}" stroke-width="${series.id === 'sightline' ? 3.5 : 2}"/>`);
    out.push(marker(legendX + 13, legendY, series.colour, true, false));
    out.push(`<text x="${legendX + 34}" y="${legendY + 4}" fill="#1d2330"${series.id === 'sightline' ? ' font-weight="bold"' : ''}>${escapeXml(series.name)}</text>`);
    legendY += 22;
  }
  legendY += 8;
  out.push(marker(legendX + 13, legendY, '#5a6270', true, false));
  out.push(`<text x="${legendX + 34}" y="${legendY + 4}" fill="#5a6270">inbox pages (line)</text>`);
  legendY += 20;
  out.push(marker(legendX + 13, legendY, '#5a6270', false, false));
  out.push(`<text x="${legendX + 34}" y="${legendY + 4}" fill="#5a6270">mail app, table,</text>`);
  out.push(`<text x="${legendX + 34}" y="${legendY + 18}" fill="#5a6270">news, settings</text>`);
  legendY += 36;
  out.push(marker(legendX + 13, legendY, '#5a6270', true, true));
  out.push(`<text x="${legendX + 34}" y="${legendY + 4}" fill="#5a6270">timed out</text>`);
  out.push('</svg>');
  return out.join('\n') + '\n';
}

function marker(x: number, y: number, colour: string, filled: boolean, timeout: boolean): string {
  if (timeout) {
    const r = 6;
    return `<path d="M${(x - r).toFixed(1)},${(y - r).toFixed(1)} L${(x + r).toFixed(1)},${(y + r).toFixed(1)} M${(x - r).toFixed(1)},${(y + r).toFixed(1)} L${(x + r).toFixed(1)},${(y - r).toFixed(1)}" stroke="${colour}" stroke-width="2.5"/>`;
  }
  return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${filled ? 4 : 5}" fill="${filled ? colour : '#ffffff'}" stroke="${colour}" stroke-width="2"/>`;
}

function buildSeries(results: BenchResults, value: (page: string, tool: string) => { y: number; timeout: boolean } | null): Series[] {
  return toolOrder(results).map((tool) => {
    const line: Point[] = [];
    const loose: Point[] = [];
    for (const page of results.pages) {
      const point = value(page.id, tool);
      if (!point) continue;
      (page.kind === 'inbox' ? line : loose).push({ x: page.elements, y: point.y, timeout: point.timeout, label: page.label });
    }
    return { id: tool, name: TOOL_SHORT_NAMES[tool] ?? toolLabel(results, tool), colour: TOOL_COLOURS[tool] ?? '#000000', line, loose };
  }).filter((series) => series.line.length + series.loose.length > 0);
}

function pageMarks(results: BenchResults): Array<{ x: number; label: string }> {
  return results.pages.filter((page) => page.kind !== 'inbox').map((page) => ({ x: page.elements, label: page.label }));
}

export function renderLatencySvg(results: BenchResults): string {
  const timeout = results.config.timeout_ms;
  const series = buildSeries(results, (page, tool) => {
    const m = results.measurements.find((candidate) => candidate.page === page && candidate.tool === tool);
    if (!m) return null;
    if (m.status === 'timeout') return { y: timeout, timeout: true };
    if (m.status !== 'ok' || m.median_ms === null) return null;
    return { y: Math.max(m.median_ms, 0.1), timeout: false };
  });
  return renderChart({
    title: 'Snapshot latency against page size',
    subtitle: `median of ${results.config.runs} warm calls, log–log; ${results.machine.cpus} cores, load ${results.machine.load_before[0]} at start`,
    xLabel: 'elements in the page',
    yLabel: 'median latency',
    yFormat: (value) => fmtMs(value),
    series,
    guides: [{ y: timeout, label: `timeout (${fmtMs(timeout)})` }],
    pageMarks: pageMarks(results),
  });
}

export function renderSizeSvg(results: BenchResults): string {
  const series = buildSeries(results, (page, tool) => {
    const m = results.measurements.find((candidate) => candidate.page === page && candidate.tool === tool);
    if (!m || m.status !== 'ok' || m.chars === null) return null;
    return { y: Math.max(m.chars, 1), timeout: false };
  });
  return renderChart({
    title: 'Snapshot output size against page size',
    subtitle: 'characters the caller receives, log–log (timed-out tools have no point)',
    xLabel: 'elements in the page',
    yLabel: 'output characters',
    yFormat: (value) => fmtCompact(value),
    series,
    guides: [{ y: 24_000, label: 'Sightline max_chars (24,000)' }],
    pageMarks: pageMarks(results),
  });
}
