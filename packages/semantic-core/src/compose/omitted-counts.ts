import type { SemanticNode } from '../model/semantic-node.js';
import type { OmittedCounts, SnapshotScope } from '../contract/responses.js';
import type { ClassifiedPage } from './compose-types.js';
import type { Visibility } from '../model/visibility.js';
import { lazyIndexes } from '../classify/lazy-array.js';
import { visibilityOfCode } from '../classify/node-table.js';

export interface Accounting {
  selected: SemanticNode[];
  total: number;
  omitted: OmittedCounts;
}

/** Scopes that read the whole page, so the page's removed nodes and the collector's `outside` counts belong to them. */
function readsWholePage(scope: SnapshotScope): boolean {
  return scope === 'viewport' || scope === 'diff';
}

/**
 * SPEC §4 accounting: every universe node is selected or omitted for exactly one reason —
 * `collapsed` when a max_children run folded it, `filtered` when the read's filters exclude it,
 * `budget` when it sat in or near the viewport, else its visibility class. For whole-page reads
 * the collector's `outside` counts (nodes it ranked but did not ship) join the same buckets, and
 * the page's removed nodes are reported; narrower reads account only for their own universe.
 */
export function accountFor(
  page: ClassifiedPage,
  universe: readonly SemanticNode[],
  isRendered: Uint8Array,
  scope: SnapshotScope,
  /** The read's filters (interactive_only, max_depth): a node they exclude is `filtered`, whatever its visibility. */
  excluded: ((node: SemanticNode) => boolean) | null = null,
  /** Nodes a `max_children` run collapsed into a `… N more` line (capture indices). */
  collapsed: Uint8Array | null = null,
): Accounting {
  const omitted: OmittedCounts = {
    css_hidden: 0,
    offscreen: 0,
    page_occluded: 0,
    no_layout: 0,
    unknown: 0,
    budget: 0,
    unprovable_frame: 0,
    filtered: 0,
    collapsed: 0,
  };
  const selected: SemanticNode[] = [];
  let total = universe.length;
  const omit = (visibility: Visibility): void => {
    switch (visibility) {
      case 'in_viewport':
      case 'near_viewport':
        omitted.budget++;
        break;
      case 'no_layout':
        omitted.no_layout++;
        break;
      case 'unknown':
        omitted.unknown++;
        break;
      default:
        // Offscreen, and defensively anything removed that a caller passed anyway.
        omitted.offscreen++;
    }
  };
  const indexes = lazyIndexes(universe);
  if (indexes) {
    // A page's own lazy list: count from the table, make only the selected nodes (and, under a filter, the rest).
    const { visibility } = page.table;
    for (let i = 0; i < indexes.length; i++) {
      const index = indexes[i]!;
      if (isRendered[index] === 1) selected.push(page.node(index)!);
      else if (collapsed !== null && collapsed[index] === 1) omitted.collapsed++;
      else if (excluded !== null && excluded(page.node(index)!)) omitted.filtered++;
      else omit(visibilityOfCode(visibility[index]!));
    }
  } else {
    for (const node of universe) {
      if (isRendered[node.index] === 1) selected.push(node);
      else if (collapsed !== null && collapsed[node.index] === 1) omitted.collapsed++;
      else if (excluded !== null && excluded(node)) omitted.filtered++;
      else omit(node.visibility);
    }
  }
  if (readsWholePage(scope)) {
    const outside = page.capture.coverage.outside;
    if (outside) {
      total += outside.in_viewport + outside.near_viewport + outside.offscreen + outside.no_layout + outside.unknown;
      omitted.budget += outside.in_viewport + outside.near_viewport;
      omitted.offscreen += outside.offscreen;
      omitted.no_layout += outside.no_layout;
      omitted.unknown += outside.unknown;
    }
    omitted.css_hidden = page.removed.css_hidden;
    omitted.page_occluded = page.removed.page_occluded;
  }
  for (const frame of page.capture.frames) if (frame.status === 'unprovable') omitted.unprovable_frame++;
  // Rank order: tier, then document order.
  selected.sort((a, b) => a.tier - b.tier || a.index - b.index);
  return { selected, total, omitted };
}
