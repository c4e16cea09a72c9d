import type { BenchResults, Measurement } from '../results.js';
import { fmtInt, fmtMs, fmtRatio, measurementOf, toolLabel, toolOrder } from './format.js';
import { renderFirstSnapshotMarkdown } from './first-snapshot-report.js';
import { renderScaleSection } from './scale-markdown.js';

function latencyCell(m: Measurement | undefined, timeoutMs: number): string {
  if (!m) return '—';
  if (m.status === 'unavailable') return 'unavailable';
  if (m.status === 'timeout') return `**timeout** (> ${fmtMs(timeoutMs)})`;
  if (m.status === 'error') return 'error';
  return `**${fmtMs(m.median_ms)}** (${fmtMs(m.min_ms)}–${fmtMs(m.max_ms)})`;
}

function sizeCell(m: Measurement | undefined): string {
  if (!m) return '—';
  if (m.status !== 'ok') return m.status;
  const found = m.targets.filter((hit) => hit.found).length;
  const mark = found === m.targets.length ? '✓' : '✗';
  return `${fmtInt(m.chars)} / ${fmtInt(m.tokens)}${m.tokens_estimated ? '~' : ''} ${mark}${found}/${m.targets.length}`;
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** The results as Markdown: targets first, then latency, size, ratios, profile, targets' offsets, tools. */
export function renderMarkdown(results: BenchResults): string {
  const tools = toolOrder(results);
  const peers = tools.filter((tool) => tool !== 'sightline');
  const timeout = results.config.timeout_ms;
  const lines: string[] = [];
  const m = results.machine;
  lines.push(`# Sightline benchmark${results.quick ? ' (quick)' : ''}`, '');
  lines.push(
    `${results.generated_at} · ${m.cpus} × ${m.cpu_model} · load average ${m.load_before.join(' / ')} before, ${m.load_after.join(' / ')} after · Node ${m.node} · ${m.chromium} (headless, viewport ${results.config.viewport.replace(/x/g, '×')}) · ${results.config.runs} warm runs after one warm-up per tool and page, fresh tab each · timeout ${fmtMs(timeout)} · tokens: ${results.config.tokenizer} · ${results.duration_s} s in all`,
    '',
  );

  if (results.targets.length > 0) {
    lines.push('## Targets', '', row(['', 'target', 'measured']), row(['---', '---', '---']));
    for (const check of results.targets) lines.push(row([check.met === null ? '?' : check.met ? '✅' : '❌', check.statement, check.measured]));
    lines.push('');
    const explained = results.targets.filter((check) => check.met === false && check.why);
    if (explained.length > 0) {
      lines.push('What holds back each target not met (numbers from this run):', '');
      for (const check of explained) lines.push(`- **${check.statement}**: ${check.why}`);
      lines.push('');
    }
  }

  if (results.cli_overhead) {
    const cli = results.cli_overhead;
    lines.push(
      '## CLI overhead',
      '',
      `What a \`sightline\` call costs on top of starting Node: medians of ${cli.runs} interleaved runs of each command (the bundled client, a session already open on the mail app). Target: ≤ 1.5× \`node -e 0\` plus the daemon's own time.`,
      '',
      row(['command', 'median', 'ratio to `node -e 0`']),
      row(['---', '---', '---']),
      row(['`node -e 0`', fmtMs(cli.node_ms), '1']),
      row(['`sightline --version`', fmtMs(cli.version_ms), `${cli.version_ratio}× ${cli.version_ratio <= 1.5 ? '✅' : '❌'}`]),
      row(['`sightline snapshot` (open session)', `${fmtMs(cli.snapshot_ms)} (${fmtMs(cli.daemon_ms)} in the daemon)`, `${cli.snapshot_ratio}× ${cli.snapshot_ratio <= 1.5 ? '✅' : '❌'} (without the daemon's time)`]),
      '',
    );
  }

  const header = ['page (elements)', ...tools.map((tool) => toolLabel(results, tool))];
  const pageLabel = (id: string): string => {
    const page = results.pages.find((candidate) => candidate.id === id);
    return page ? `${page.label} (${fmtInt(page.elements)}${page.frames > 1 ? `, ${page.frames} frames` : ''})` : id;
  };
  const pageIds = [...new Set(results.measurements.map((measurement) => measurement.page))];

  lines.push('## Latency', '', `Median of ${results.config.runs} warm calls (min–max). Lower is better.`, '');
  lines.push(row(header), row(header.map(() => '---')));
  for (const page of pageIds) lines.push(row([pageLabel(page), ...tools.map((tool) => latencyCell(measurementOf(results, page, tool), timeout))]));
  lines.push('');

  lines.push('## Output size and what is on screen', '', 'Characters / tokens of what the caller receives; ✓ n/m = how many of the page\'s visible targets appear in it.', '');
  lines.push(row(header), row(header.map(() => '---')));
  for (const page of pageIds) lines.push(row([pageLabel(page), ...tools.map((tool) => sizeCell(measurementOf(results, page, tool)))]));
  lines.push('');

  if (peers.length > 0 && results.ratios.length > 0) {
    lines.push('## Sightline ÷ peer', '', 'latency ratio / output-characters ratio (below 1× means Sightline is faster / smaller; "≤" when the peer timed out).', '');
    const ratioHeader = ['page', ...peers.map((peer) => `vs ${toolLabel(results, peer)}`)];
    lines.push(row(ratioHeader), row(ratioHeader.map(() => '---')));
    for (const page of pageIds) {
      if (!results.ratios.some((ratio) => ratio.page === page)) continue;
      lines.push(
        row([
          pageLabel(page),
          ...peers.map((peer) => {
            const ratio = results.ratios.find((candidate) => candidate.page === page && candidate.peer === peer);
            if (!ratio) return '—';
            return `${ratio.latency_upper_bound ? '≤ ' : ''}${fmtRatio(ratio.latency)} / ${fmtRatio(ratio.chars)}`;
          }),
        ]),
      );
    }
    lines.push('');
  }

  if (results.profiles.length > 0) {
    const phases = [...new Set(results.profiles.flatMap((profile) => Object.keys(profile.cdp)))].sort();
    lines.push('## Where Sightline\'s time goes', '');
    lines.push('Separate profiling pass (3 calls, medians; *no reuse* rows: `sightline-fresh`, every call a first read): the Driver\'s `timing_ms` split, and the wall time covered by each kind of CDP command the transport sent (overlapping calls counted once). *Reference walk*: in-page time of a naive loop calling `getComputedStyle` and `getBoundingClientRect` once per element on the same tab — how fast this machine, at this load, can touch every element at all.', '');
    const profileHeader = ['page', 'total', 'collect', 'compose', ...phases.map((phase) => `${phase} (calls)`), 'slowest CDP calls', 'reference walk'];
    lines.push(row(profileHeader), row(profileHeader.map(() => '---')));
    for (const profile of results.profiles) {
      lines.push(
        row([
          profile.tool === 'sightline-fresh' ? `${pageLabel(profile.page)} · no reuse` : pageLabel(profile.page),
          fmtMs(profile.total_ms),
          fmtMs(profile.collect_ms),
          fmtMs(profile.compose_ms),
          ...phases.map((phase) => {
            const entry = profile.cdp[phase];
            return entry ? `${fmtMs(entry.wall_ms)} (${entry.calls})` : '—';
          }),
          Object.entries(profile.methods ?? {})
            .sort((a, b) => b[1].wall_ms - a[1].wall_ms)
            .slice(0, 3)
            .map(([name, entry]) => `${name.replace('Runtime.callFunctionOn:', 'collector.')} ${fmtMs(entry.wall_ms)}${entry.calls > 1 ? ` ×${entry.calls}` : ''}`)
            .join('<br>'),
          fmtMs(profile.reference_walk_ms ?? null),
        ]),
      );
    }
    lines.push('');
  }

  lines.push(...renderFirstSnapshotMarkdown(results.first_snapshot ?? [], results.config.timeout_ms));

  lines.push('## Visible targets: where each first appears', '', 'Character offset of the first occurrence in the output; ✗ = absent.', '');
  lines.push(row(header), row(header.map(() => '---')));
  for (const page of pageIds) {
    lines.push(
      row([
        pageLabel(page),
        ...tools.map((tool) => {
          const measurement = measurementOf(results, page, tool);
          if (!measurement || measurement.status !== 'ok') return measurement?.status ?? '—';
          return measurement.targets.map((hit) => `${hit.target}: ${hit.offset === null ? '✗' : fmtInt(hit.offset)}`).join('<br>');
        }),
      ]),
    );
  }
  lines.push('');

  if (results.scale) lines.push(...renderScaleSection(results.scale));

  lines.push('## Tools', '');
  for (const tool of results.tools) lines.push(`- **${tool.label}** (\`${tool.id}\`): ${tool.invocation}${tool.available ? '' : ` — **unavailable**: ${tool.reason ?? ''}`}`);
  const problems = results.measurements.filter((measurement) => measurement.status === 'error' || measurement.status === 'timeout');
  if (problems.length > 0) {
    lines.push('', '## Timeouts and errors', '');
    for (const problem of problems) lines.push(`- ${problem.page} · ${problem.tool}: ${problem.status} — ${problem.reason ?? ''}${problem.runs_ms.length ? ` (completed runs: ${problem.runs_ms.map((ms) => fmtMs(ms)).join(', ')})` : ''}`);
  }
  lines.push('');
  return lines.join('\n');
}
