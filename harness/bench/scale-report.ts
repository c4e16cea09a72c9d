/** Where the `--scale` rows' results live, and how they join the report (results/latest.{json,md}). */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMarkdown } from './report/markdown.js';
import type { BenchResults } from './results.js';
import { runScaleRows, type ScaleResults } from './scale.js';

/** The last `--scale` results in `outDir` (scale.json), if any: a full run keeps them in its report. */
export function readScale(outDir: string): ScaleResults | undefined {
  const file = join(outDir, 'scale.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ScaleResults) : undefined;
}

/** `bench --scale`: runs only the scale rows, writes scale.json, and re-renders latest.md with them. */
export async function scaleOnly(outDir: string, counts: { sessions: number; snapshots: number; launches: number }): Promise<number> {
  const scale = await runScaleRows(counts);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'scale.json'), JSON.stringify(scale, null, 2) + '\n');
  const latest = join(outDir, 'latest.json');
  if (existsSync(latest)) {
    const results = JSON.parse(readFileSync(latest, 'utf8')) as BenchResults;
    results.scale = scale;
    writeFileSync(latest, JSON.stringify(results, null, 2) + '\n');
    writeFileSync(join(outDir, 'latest.md'), renderMarkdown(results));
  }
  console.log(`\nwrote ${join(outDir, 'scale.json')}${existsSync(latest) ? ' and the "Many sessions and launches" section of latest.md' : ''}`);
  return 'error' in scale.sessions || 'error' in scale.launches ? 1 : 0;
}
