import type { ActionRef, ContentRef } from '../contract/responses.js';
import type { NodeStates } from '../model/node-states.js';
import type { SemanticNode } from '../model/semantic-node.js';
import { DEFAULT_MAX_CHARS, DEFAULT_MAX_CHILDREN, DEFAULT_NODE_BUDGET } from './compose-types.js';
import type { ClassifiedPage, ComposeFunction, ComposeOptions, OutlineLine } from './compose-types.js';
import { NodeLines } from '../render/node-lines.js';
import { outlineLine } from '../render/outline-line.js';
import { selectNodes } from './select-nodes.js';
import { accountFor } from './omitted-counts.js';
import { VIEWPORT_MAX_TIER } from '../rank/tier.js';
import { lazyIndexes } from '../classify/lazy-array.js';
import { rankIndexes } from '../rank/rank-indexes.js';

/**
 * select → render → account (see ComposeFunction). The outline is rendered in document order over
 * the selected nodes and their context; refs and content refs follow the outline's order, and a
 * ref is listed exactly when the outline prints it.
 */
export const composeSnapshot: ComposeFunction = (page, universe, candidates, options, namer) => {
  const lines = new NodeLines(page, namer, options.includeUrls);
  const inUniverse = new Uint8Array(page.capture.nodes.length);
  // A page's own lazy list (the viewport read's universe) is marked from its indexes, not by making every node.
  const universeIndexes = lazyIndexes(universe);
  if (universeIndexes) for (let i = 0; i < universeIndexes.length; i++) inUniverse[universeIndexes[i]!] = 1;
  else for (const node of universe) inUniverse[node.index] = 1;
  const selection = selectNodes(page, candidates, inUniverse, options, lines);
  const order = Int32Array.from(selection.rendered).sort();
  const capture = page.capture;
  const outline: OutlineLine[] = [];
  const refs: ActionRef[] = [];
  const contentRefs: ContentRef[] = [];
  let focusedRef: string | null = null;

  // `- … N more <role>` lines of collapsed runs, printed after the run's last shown member and its subtree.
  const pending: Array<{ depth: number; line: OutlineLine }> = [];
  const flush = (depth: number): void => {
    while (pending.length > 0 && pending[pending.length - 1]!.depth >= depth) outline.push(pending.pop()!.line);
  };
  for (const index of order) {
    const node = page.node(index)!;
    const line = lines.line(node);
    flush(node.depth);
    // The line as stored (diff base, ref listing): its data without what the JSON refs repeat.
    outline.push({ node: index, identity: line.identity, depth: line.depth, body: line.body, ref: line.ref, text: line.text });
    const run = selection.runsEndingAt.get(index);
    if (run) pending.push({ depth: node.depth, line: outlineLine(index, `${line.identity}|more`, node.depth, `… ${run.count} more ${run.role}`, null) });
    if (line.ref === null) continue;
    if (index === capture.focused) focusedRef = line.ref.id;
    const box = options.includeBoxes ? capture.nodes[index]!.box : undefined;
    if (line.ref.kind === 'ref') {
      const states: ActionRef['states'] = shownStates(node.states);
      // A redacted field says whether it is filled in JSON as in the outline (`[filled]` / `[empty]`).
      if (node.redacted) states[node.redacted] = true;
      const ref: ActionRef = {
        ref: line.ref.id,
        role: node.role,
        name: line.name,
        states,
        actions: [...node.actions],
        frame: line.frameLabel,
        visibility: node.visibility,
      };
      if (line.value !== undefined) ref.value = line.value;
      if (box) ref.box = { ...box };
      refs.push(ref);
    } else {
      const ref: ContentRef = { ref: line.ref.id, role: node.role, name: line.name, frame: line.frameLabel, visibility: node.visibility };
      if (box) ref.box = { ...box };
      contentRefs.push(ref);
    }
  }

  flush(0);
  const filters = options.interactiveOnly || options.maxDepth !== undefined;
  const excluded = filters
    ? (node: SemanticNode) => (options.maxDepth !== undefined && node.depth > options.maxDepth) || (options.interactiveOnly && node.actions.length === 0)
    : null;
  const accounting = accountFor(page, universe, selection.isRendered, options.scope, excluded, selection.collapsed);
  return {
    outline: outline.map((line) => line.text).join('\n'),
    lines: outline,
    refs,
    content_refs: contentRefs,
    selected: accounting.selected,
    cut: selection.cut,
    selected_nodes: accounting.selected.length,
    total_nodes: accounting.total,
    omitted: accounting.omitted,
    limitsHit: selection.limitsHit,
    focusedRef,
  };
};

/** Only the states that print: a ref lists `{focused: true}`, not a row of `false`s. */
function shownStates(states: NodeStates): NodeStates {
  const out: NodeStates = {};
  for (const key of Object.keys(states) as (keyof NodeStates)[]) {
    const value = states[key];
    if (value !== undefined && value !== false) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** The default read's candidates (SPEC §5): ranked tiers 0–6; offscreen tiers wait for a continuation. */
export function viewportCandidates(page: ClassifiedPage): SemanticNode[] {
  // Ranks only tiers 0–6 of the table: the offscreen majority of a long page is neither sorted nor made into objects.
  const candidates = rankIndexes(page.table.order, page.table.tier, VIEWPORT_MAX_TIER);
  const out = new Array<SemanticNode>(candidates.length);
  for (let i = 0; i < candidates.length; i++) out[i] = page.node(candidates[i]!)!;
  return out;
}

/** Default compose options for a scope (SPEC §4 defaults). */
export function defaultComposeOptions(overrides: Partial<ComposeOptions> = {}): ComposeOptions {
  return {
    scope: 'viewport',
    nodeBudget: DEFAULT_NODE_BUDGET,
    maxChars: DEFAULT_MAX_CHARS,
    interactiveOnly: false,
    maxDepth: undefined,
    includeBoxes: false,
    maxChildren: DEFAULT_MAX_CHILDREN,
    includeUrls: false,
    ...overrides,
  };
}
