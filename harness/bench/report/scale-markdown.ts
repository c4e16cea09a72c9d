import type { LatencySeries, ScaleResults } from '../scale.js';
import { fmtMs } from './format.js';

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function seriesRow(label: string, series: LatencySeries): string {
  return row([label, String(series.snapshots), `${series.per_s}/s`, fmtMs(series.p50_ms), fmtMs(series.p95_ms), fmtMs(series.max_ms), String(series.errors), `${series.rss_peak_mb} MB`]);
}

/** The `--scale` rows (issue 17) as a Markdown section of the report. */
export function renderScaleSection(scale: ScaleResults): string[] {
  const lines: string[] = [];
  const m = scale.machine;
  lines.push(
    '## Many sessions and launches',
    '',
    `\`bench --scale\`, ${scale.generated_at} · load average ${m.load_before.join(' / ')} before, ${m.load_after.join(' / ')} after · ${scale.duration_s} s. Each row runs against a fresh \`sightline-mcp --http\` process, reached over Streamable HTTP (one MCP session per client); RSS is that process's (sampled every 100 ms; *lifetime peak* is the kernel's VmHWM), browsers not included.`,
    '',
  );
  const sessions = scale.sessions;
  if ('error' in sessions) {
    lines.push(`Sessions on one browser: **failed** — ${sessions.error}`, '');
  } else {
    lines.push(
      `**${sessions.sessions} sessions on one browser** (bound by \`cdp_url\` to one Chromium, each snapshotting its own tab of the ${sessions.page} ${sessions.snapshots_per_session}× in a loop): throughput **${sessions.throughput_ratio}×** one session alone; ${sessions.cross_session_accepted} calls naming another session's tab accepted; server RSS ${sessions.server_idle_mb} MB idle, lifetime peak ${sessions.server_hwm_mb} MB.`,
      '',
      row(['', 'snapshots', 'throughput', 'p50', 'p95', 'max', 'errors', 'server RSS peak']),
      row(['---', '---', '---', '---', '---', '---', '---', '---']),
      seriesRow('one session', sessions.single),
      seriesRow(`${sessions.sessions} sessions at once`, sessions.concurrent),
      '',
    );
  }
  const launches = scale.launches;
  if ('error' in launches) {
    lines.push(`Concurrent launches: **failed** — ${launches.error}`, '');
  } else {
    const refused = Object.entries(launches.refused).map(([code, n]) => `${n} × \`${code}\``).join(', ') || 'none';
    lines.push(
      `**${launches.launches} managed launches at once** (each session binds with \`launch: {url}\`; the launch queue runs them): **${launches.bound}/${launches.launches} bound**, refused: ${refused}, errors: ${launches.errors.length === 0 ? 'none' : launches.errors.map((error) => `\`${error}\``).join('; ')}.`,
      '',
      row(['first bind', 'bind p50', 'bind p95', 'last bind', 'server RSS peak', 'lifetime peak', 'ending all at once', 'slowest `tools/list` meanwhile', 'browsers left']),
      row(['---', '---', '---', '---', '---', '---', '---', '---', '---']),
      row([
        fmtMs(launches.first_bind_ms),
        fmtMs(launches.bind_p50_ms),
        fmtMs(launches.bind_p95_ms),
        fmtMs(launches.last_bind_ms),
        `${launches.rss_peak_mb} MB`,
        `${launches.server_hwm_mb} MB`,
        fmtMs(launches.end_all_ms),
        `${fmtMs(launches.ping_during_end_max_ms)} (${fmtMs(launches.ping_before_end_ms)} before)`,
        String(launches.browsers_left),
      ]),
      '',
    );
  }
  return lines;
}
