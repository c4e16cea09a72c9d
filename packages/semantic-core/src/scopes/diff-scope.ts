import type { OutlineLine } from '../compose/compose-types.js';
import { lineLead } from '../render/outline-format.js';
import { lineWithoutRef } from '../render/outline-line.js';

// SPEC §4 `diff`. Lines are compared by node identity (`documentKey|handle`), not position.
// A line whose only change is the snapshot prefix of its ref (`p3:7` → `p4:7`) is unchanged.
// Everything is read from the lines' data (depth, body, ref), never from their text.
//
// Output: every changed or added line of the new outline, in document order, each preceded by the
// unchanged ancestor lines it hangs under (printed without their ref markers, as context only, so
// indentation stays truthful and every ref printed is one that changed), followed by one line per
// removed node: the old line with its ref marker dropped and `[removed]` after the dash, e.g.
// `  - [removed] button "Send"`. Indentation is kept as it was.

/** What follows the dash on a removed node's line. */
export const REMOVED_MARKER = '[removed]';

export interface OutlineDiff {
  /** Outline text of the diff (lines joined with `\n`; empty when nothing changed). */
  outline: string;
  /** Identities of the new lines that changed or were added. */
  changed: Set<string>;
  removed: number;
}

/**
 * What a line is compared by: depth, body and the ref's kind and element number — everything it
 * prints except the snapshot prefix of its ref.
 */
export function comparableLine(line: OutlineLine): string {
  return `${line.depth}\u0000${line.body}\u0000${line.ref ? `${line.ref.kind}=${line.ref.element}` : ''}`;
}

/** A removed node's line: its old line without the ref, `[removed]` after the dash. */
export function removedLine(line: OutlineLine): string {
  return `${lineLead(line.depth)}${REMOVED_MARKER} ${line.body}`;
}

export function diffOutline(previous: readonly OutlineLine[] | null, current: readonly OutlineLine[]): OutlineDiff {
  const before = new Map<string, string[]>();
  for (const line of previous ?? []) {
    const list = before.get(line.identity) ?? [];
    list.push(comparableLine(line));
    before.set(line.identity, list);
  }
  const out: string[] = [];
  const changed = new Set<string>();
  const present = new Set<string>();
  const isChanged = new Uint8Array(current.length);
  current.forEach((line, k) => {
    present.add(line.identity);
    const normalized = comparableLine(line);
    const old = before.get(line.identity);
    const at = old ? old.indexOf(normalized) : -1;
    if (old && at >= 0) {
      old.splice(at, 1);
      return;
    }
    isChanged[k] = 1;
    changed.add(line.identity);
  });
  const shown = withContext(current, isChanged);
  current.forEach((line, k) => {
    if (isChanged[k]) out.push(line.text);
    else if (shown[k]) out.push(lineWithoutRef(line));
  });
  let removed = 0;
  for (const line of previous ?? []) {
    if (present.has(line.identity)) continue;
    out.push(removedLine(line));
    removed += 1;
  }
  return { outline: out.join('\n'), changed, removed };
}

/** Marks every changed line and the unchanged ancestor lines (by depth) it needs for context. */
function withContext(lines: readonly OutlineLine[], isChanged: Uint8Array): Uint8Array {
  const shown = new Uint8Array(lines.length);
  // Stack of (line index, depth) for the current ancestor chain.
  const chain: Array<{ at: number; depth: number }> = [];
  lines.forEach((line, k) => {
    const depth = line.depth;
    while (chain.length > 0 && chain[chain.length - 1]!.depth >= depth) chain.pop();
    if (isChanged[k]) {
      shown[k] = 1;
      for (let c = chain.length - 1; c >= 0 && !shown[chain[c]!.at]; c--) shown[chain[c]!.at] = 1;
    }
    chain.push({ at: k, depth });
  });
  return shown;
}
