import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * Golden files for snapshot responses (issue 15: behaviour must not change across the refactor).
 * A case is stored as `<case>.txt` (the outline, when the response has one) and `<case>.json` (the
 * normalised response, its outline replaced by a pointer to the `.txt`). With
 * `SIGHTLINE_UPDATE_GOLDEN=1` the files are (re)written instead of compared.
 */
export const GOLDEN_DIRECTORY = fileURLToPath(new URL('../golden/', import.meta.url));

export const UPDATE_GOLDEN = process.env.SIGHTLINE_UPDATE_GOLDEN === '1';

/** What stands in for the outline inside a case's `.json`. */
const OUTLINE_POINTER = '(see the .txt golden)';

/** Loopback origins of this run, replaced by stable placeholders (longest first, so no prefix wins). */
export type GoldenOrigins = Record<string, string>;

/**
 * Replaces what legitimately varies per run inside any string: this run's loopback origins (ports
 * are free ports), any other loopback port, and the minted target/tab/continuation ids.
 */
export function normaliseText(text: string, origins: GoldenOrigins): string {
  let out = text;
  const byLength = Object.entries(origins).sort((a, b) => b[1].length - a[1].length);
  for (const [placeholder, origin] of byLength) out = out.split(origin).join(placeholder);
  return out
    .replace(/\b(127\.0\.0\.1|localhost):\d{2,5}\b/g, '$1:<port>')
    .replace(/\bbt-[0-9a-f]{16}\b/g, '<target_id>')
    .replace(/\btab-[0-9a-f]{16}\b/g, '<tab_id>')
    .replace(/\bbc-[0-9a-f]{32}\b/g, '<continuation>');
}

/**
 * The response with per-run values replaced: `timing_ms` numbers, `target_id`/`tab_id`, a
 * continuation token (null stays null: whether there is one is behaviour), ports in every string.
 * Everything else (snapshot ids, refs, roles, names, values, states, counts, flags) is kept.
 */
export function normaliseResponse(response: unknown, origins: GoldenOrigins): unknown {
  const walk = (value: unknown, key: string | null): unknown => {
    if (typeof value === 'string') {
      if (key === 'target_id') return '<target_id>';
      if (key === 'tab_id') return '<tab_id>';
      if (key === 'continuation') return '<continuation>';
      return normaliseText(value, origins);
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, null));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) {
        if (name === 'timing_ms' && item !== null && typeof item === 'object') {
          out[name] = Object.fromEntries(Object.keys(item).map((part) => [part, '<ms>']));
        } else {
          out[name] = walk(item, name);
        }
      }
      return out;
    }
    return value;
  };
  return JSON.parse(JSON.stringify(walk(response, null))) as unknown;
}

/**
 * Compares a response with the goldens of case `name` (or rewrites them under
 * SIGHTLINE_UPDATE_GOLDEN=1). A difference fails the test with vitest's diff; soft assertions, so a
 * changed outline and a changed JSON are both shown.
 */
export function expectGolden(name: string, response: unknown, origins: GoldenOrigins): void {
  const normalised = normaliseResponse(response, origins) as Record<string, unknown>;
  const outline = typeof normalised['outline'] === 'string' ? (normalised['outline'] as string) : null;
  if (outline !== null) normalised['outline'] = OUTLINE_POINTER;
  const textPath = join(GOLDEN_DIRECTORY, `${name}.txt`);
  const jsonPath = join(GOLDEN_DIRECTORY, `${name}.json`);
  const json = `${JSON.stringify(normalised, null, 2)}\n`;
  if (UPDATE_GOLDEN) {
    mkdirSync(GOLDEN_DIRECTORY, { recursive: true });
    if (outline !== null) writeFileSync(textPath, `${outline}\n`);
    writeFileSync(jsonPath, json);
    return;
  }
  const missing = [jsonPath, ...(outline !== null ? [textPath] : [])].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(`no golden file ${missing.join(', ')}; record it with SIGHTLINE_UPDATE_GOLDEN=1 (see harness/README.md)`);
  }
  if (outline !== null) expect.soft(`${outline}\n`, `outline of ${name} (golden ${name}.txt)`).toBe(readFileSync(textPath, 'utf8'));
  expect.soft(normalised, `response of ${name} (golden ${name}.json)`).toEqual(JSON.parse(readFileSync(jsonPath, 'utf8')));
}
