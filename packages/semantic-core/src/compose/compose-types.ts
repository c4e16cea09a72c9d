import type { CapturedFrame, CapturedNode, PageCapture } from '../model/page-capture.js';
import type { SemanticNode } from '../model/semantic-node.js';
import type { ActionRef, ContentRef, OmittedCounts, SnapshotScope } from '../contract/responses.js';
import type { NodeTable } from '../classify/node-table.js';

// The seam between the pure pipeline (classify → rank → select → render) and the stateful side
// (capability store, read scopes, Driver). Types only; implementations live in classify/, rank/,
// render/ and compose/.

export interface ComposeOptions {
  scope: SnapshotScope;
  nodeBudget: number;
  maxChars: number;
  interactiveOnly: boolean;
  maxDepth: number | undefined;
  includeBoxes: boolean;
  /** SPEC §12: the longest run of same-role siblings shown; the rest print as `- … N more <role>`. */
  maxChildren: number;
  /** SPEC §12: links print `[url=…]` (same-origin as a path). */
  includeUrls: boolean;
}

export const DEFAULT_NODE_BUDGET = 300;
export const DEFAULT_MAX_CHILDREN = 50;
export const DEFAULT_MAX_CHARS = 24_000;

/** Mints the public names of nodes and frames; implemented by the capability store. */
export interface RefNamer {
  /** `p<N>` of the snapshot being composed. */
  readonly snapshotPrefix: string;
  /** Element number E: stable per (tab, document, handle), never reused in the tab. */
  elementNumber(node: CapturedNode, frame: CapturedFrame): number;
  /** `main` for the top document, else `f<N>`, stable for that frame's document within the tab. */
  frameLabel(frame: CapturedFrame): string;
}

/**
 * A capture after classification and ranking. `nodes`, `ranked` and `byIndex` make their elements
 * on first read (see classify/lazy-array.ts): they read like arrays, and the same node is the same
 * object in all three and from `node()`.
 */
export interface ClassifiedPage {
  capture: PageCapture;
  /** Semantic nodes in document order, css_hidden and page_occluded ones removed. */
  nodes: SemanticNode[];
  /** The same nodes in rank order (SPEC §5: tier, then document order). */
  ranked: SemanticNode[];
  /** Semantic nodes removed before ranking (counted, never shown). Includes the capture's `outside` counts. */
  removed: { css_hidden: number; page_occluded: number };
  /** capture node index → SemanticNode (undefined for non-semantic or removed nodes). */
  byIndex: ReadonlyArray<SemanticNode | undefined>;
  /** `byIndex[index]`, without building `byIndex`: the pipeline reads single nodes through this. */
  node(index: number): SemanticNode | undefined;
  /** The classification as typed arrays (document and rank order, tiers, …), for passes that need no objects. */
  table: NodeTable;
}

/** The ref an outline line prints, as data (never read back out of the text). */
export interface LineRef {
  /** `ref` for an action ref, `cref` for a content ref. */
  kind: 'ref' | 'cref';
  /** `p<N>:<E>` as printed. */
  id: string;
  /** E: the node's element number, the same in every snapshot of the tab (SPEC §2). */
  element: number;
}

/**
 * One rendered outline line as data: the node it shows, its depth, its body and its ref. `text`
 * is `lineLead(depth) + body + refTag(ref)` (see render/outline-line.ts); ref listing and `diff`
 * read the fields, never the text.
 */
export interface OutlineLine {
  /** Capture node index. */
  node: number;
  /** `<documentKey>|<handle>`: node identity across snapshots of the tab. */
  identity: string;
  /** Semantic level: two spaces of indent each. */
  depth: number;
  /** The line without indent, leading `- ` and ref tag, e.g. `button "Send" [focused]`. */
  body: string;
  ref: LineRef | null;
  /** The line as printed in the outline. */
  text: string;
}

export interface ComposedSnapshot {
  outline: string;
  lines: OutlineLine[];
  refs: ActionRef[];
  content_refs: ContentRef[];
  /** Nodes of the universe that were selected (rendered), rank order. */
  selected: SemanticNode[];
  /** Candidates not selected because a budget (nodes, chars, depth, interactive_only) cut them, rank order. */
  cut: SemanticNode[];
  selected_nodes: number;
  total_nodes: number;
  omitted: OmittedCounts;
  /** Which budgets cut something: `node_budget`, `max_chars`, `max_depth`, `interactive_only`. */
  limitsHit: string[];
  focusedRef: string | null;
}

/**
 * compose(page, universe, candidates, options, namer):
 * - `universe`: the semantic nodes this read accounts for (viewport: all nodes; query: the hits;
 *   subtree: the subtree; continuation: the remaining ranked nodes). `total_nodes` is its size
 *   (plus the capture's `outside` counts for a viewport read), and every universe node is either
 *   selected or counted in exactly one omitted bucket: `budget` when it is in/near the viewport,
 *   else its visibility class (offscreen, no_layout, unknown).
 * - `candidates`: the universe nodes this read may select, in rank order. Selection takes them in
 *   order up to the budgets; the renderer adds their semantic ancestors as context.
 */
export type ComposeFunction = (
  page: ClassifiedPage,
  universe: readonly SemanticNode[],
  candidates: readonly SemanticNode[],
  options: ComposeOptions,
  namer: RefNamer,
) => ComposedSnapshot;
