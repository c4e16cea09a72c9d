import type { SemanticNode } from '../model/semantic-node.js';
import type { ClassifiedPage, ComposeOptions } from './compose-types.js';
import type { NodeLines } from '../render/node-lines.js';

export interface Selection {
  /** Capture indices of every node to render (selected candidates and their context), unordered. */
  rendered: number[];
  /** Membership of `rendered`, indexed by capture index. */
  isRendered: Uint8Array;
  /** Candidates a budget cut, rank order. */
  cut: SemanticNode[];
  limitsHit: string[];
  /** Candidates a `max_children` run collapsed (capture index → 1), or null when none was. */
  collapsed: Uint8Array | null;
  /** Last shown member of each collapsed run (capture index) → how many it folded and their role. */
  runsEndingAt: Map<number, { count: number; role: string }>;
}

/**
 * Takes candidates in rank order. A candidate costs one node for itself and one for each semantic
 * ancestor it needs as context that is not rendered yet and belongs to the read's universe;
 * ancestors outside the universe (shown by an earlier page, or mere context of query hits) render
 * for free, so `selected_nodes <= node_budget` always, and a viewport read (whose universe is the
 * whole page) renders at most `node_budget` lines. Every line's length is known before rendering
 * (see NodeLines), so `max_chars` is met exactly without rendering twice or cutting a line.
 *
 * Selection stops at the first candidate that does not fit, so what is shown is a prefix of the
 * ranking: a lower-ranked node never displaces a higher-ranked one, and the rest is `cut`, ready to
 * be the next continuation's candidates. To guarantee progress when even the first candidate's
 * context exceeds the node budget, a read that has selected nothing yet takes as much of that
 * context as fits, outermost first; the next page then needs less.
 *
 * `max_depth` and `interactive_only` skip candidates (also into `cut`) without stopping, and so does
 * `max_children` (SPEC §12): once a parent shows that many children of one role (candidates or their
 * context; texts excepted), a candidate that would add another is folded with it, and the run prints
 * one `- … N more <role>` line (N distinct siblings) after its last shown member.
 */
export function selectNodes(
  page: ClassifiedPage,
  candidates: readonly SemanticNode[],
  inUniverse: Uint8Array,
  options: ComposeOptions,
  lines: NodeLines,
): Selection {
  const isRendered = new Uint8Array(page.capture.nodes.length);
  const rendered: number[] = [];
  const cut: SemanticNode[] = [];
  const limits = new Set<string>();
  const chain: SemanticNode[] = [];
  let chars = 0;
  let selected = 0;
  let stopped = false;
  // Shown nodes per (semantic parent, role) run, the siblings folded beyond max_children, and every node folded.
  const runs = new Map<string, { shown: number; last: number; folded: Set<number>; role: string }>();
  const runKey = (node: SemanticNode): string => `${node.parent}|${node.role}`;
  let collapsed: Uint8Array | null = null;
  // Progress when nothing fits: the candidate's context, outermost first, while budgets allow.
  const takeOutermost = (chain: SemanticNode[], budget: number, maxChars: number): void => {
    for (let i = chain.length - 1; i > 0; i--) {
      const node = chain[i]!;
      if (selected + inUniverse[node.index]! > budget) return;
      if (chars + lines.line(node).text.length > maxChars) {
        limits.add('max_chars');
        return;
      }
      take(node);
    }
  };
  const take = (node: SemanticNode): void => {
    isRendered[node.index] = 1;
    rendered.push(node.index);
    selected += inUniverse[node.index]!;
    // A line plus its newline; the first line of the outline has none (hence the -1 in checks).
    chars += lines.line(node).text.length + 1;
    if (node.role === 'text') return;
    const key = runKey(node);
    const run = runs.get(key);
    if (run === undefined) runs.set(key, { shown: 1, last: node.index, folded: new Set(), role: node.role });
    else {
      run.shown++;
      run.last = Math.max(run.last, node.index);
    }
  };

  for (const candidate of candidates) {
    if (isRendered[candidate.index] === 1) continue;
    if (stopped) {
      cut.push(candidate);
      continue;
    }
    if (options.maxDepth !== undefined && candidate.depth > options.maxDepth) {
      limits.add('max_depth');
      cut.push(candidate);
      continue;
    }
    if (options.interactiveOnly && candidate.actions.length === 0) {
      limits.add('interactive_only');
      cut.push(candidate);
      continue;
    }
    chain.length = 0;
    let cost = 0;
    let added = 0;
    for (let at: SemanticNode | undefined = candidate; at && isRendered[at.index] !== 1; at = page.node(at.parent)) {
      chain.push(at);
      cost += inUniverse[at.index]!;
      added += lines.line(at).text.length + 1;
    }
    // max_children: a chain node whose run of same-role siblings is full folds the candidate (and itself).
    let fold = -1;
    for (let c = chain.length - 1; c >= 0 && fold < 0; c--) {
      const run = chain[c]!.role === 'text' ? undefined : runs.get(runKey(chain[c]!));
      if (run !== undefined && run.shown >= options.maxChildren) fold = c;
    }
    if (fold >= 0) {
      limits.add('max_children');
      collapsed ??= new Uint8Array(page.capture.nodes.length);
      const run = runs.get(runKey(chain[fold]!))!;
      if (run.folded.size === 0) chars += 2 * chain[fold]!.depth + `- … 999999 more ${run.role}`.length + 1;
      run.folded.add(chain[fold]!.index);
      for (let c = 0; c <= fold; c++) collapsed[chain[c]!.index] = 1;
      cut.push(candidate);
      continue;
    }
    if (selected + cost > options.nodeBudget) {
      limits.add('node_budget');
      stopped = true;
      cut.push(candidate);
      if (selected === 0) takeOutermost(chain, options.nodeBudget, options.maxChars);
      continue;
    }
    if (chars + added - 1 > options.maxChars) {
      limits.add('max_chars');
      stopped = true;
      cut.push(candidate);
      continue;
    }
    for (const node of chain) take(node);
  }
  // A candidate skipped by depth or interactive_only may still have been rendered as context later.
  const stillCut = cut.filter((node) => isRendered[node.index] !== 1);
  const runsEndingAt = new Map<number, { count: number; role: string }>();
  if (collapsed !== null) for (const run of runs.values()) if (run.folded.size > 0) runsEndingAt.set(run.last, { count: run.folded.size, role: run.role });
  return { rendered, isRendered, cut: stillCut, limitsHit: [...limits], collapsed, runsEndingAt };
}
