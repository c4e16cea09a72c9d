import { clipOf } from './record-columns.js';
import { composedParent } from '../dom/composed-tree.js';
import { STRUCTURAL_ROLES } from '@sightline/semantic-core/page-safe';
import type { MutationLog } from '../mutation-log.js';
import { NOT_SEMANTIC, type Walk } from '../types.js';

/**
 * Reuse of walk records for subtrees whose classification reads nothing but the DOM.
 *
 * Below a far-offscreen frontier or a hidden root the walk reads attributes and text only — no
 * style, no box (see walk-document.ts). So the records of such a subtree are a function of its DOM and of a
 * few facts inherited from its root; while no mutation touches the subtree, the next walk can copy
 * them instead of visiting every node again. The root itself is always walked afresh (its box
 * decides whether it is still far), so scrolling or layout changes are seen. The world's mutation
 * log drops a segment when anything inside it changes.
 */
export interface Segment {
  /** Inherited facts the records were computed under (see segmentKey). */
  key: number;
  /**
   * Records in walk order: the root's descendants, or (a whole segment, `withRoot`) the root and its
   * descendants. The anchor is the record they hang from: the root, or for a whole one its parent.
   */
  nodes: Node[];
  withRoot: boolean;
  /** Parent of each record: -1 the anchor, else an index into these arrays. */
  parent: Int32Array;
  /** -1: the root's tree; k ≥ 0: the k-th shadow tree opened inside the segment. */
  tree: Int32Array;
  trees: number;
  role: string[];
  name: string[];
  /** Visibility after the echo-text rule (for texts in `recheck`: before it). */
  vis: Int8Array;
  actionable: Uint8Array;
  /** 1: the record's clip is the root's inherited clip (the anchor's clip for children); 0: none. */
  clipped: Uint8Array;
  /** Records that are <iframe>/<frame> owners. */
  frameOwners: number[];
  /** Texts whose semantic owner lies above the root: the echo rule runs on them again. */
  recheck: number[];
}

/** A segment being recorded by the current walk. */
export interface OpenSegment {
  element: Element;
  /** Record index of the root. */
  root: number;
  withRoot: boolean;
  key: number;
  /** Walk stack size when the root's children were pushed: back at it, the subtree is done. */
  stackSize: number;
  /** First tree id the segment may allocate. */
  treeBase: number;
  cacheable: boolean;
}

/** A recorded (or reused) segment in the current walk: records start … end-1. */
export interface WalkSegment {
  element: Element;
  root: number;
  /** root + 1, or root for a whole segment. */
  start: number;
  end: number;
  key: number;
  treeBase: number;
  reused: boolean;
  /** For reused ones: the stored segment's recheck list. */
  recheck?: number[];
}

/** The facts a segment's records depend on besides its DOM: how the root was classified. */
export function segmentKey(far: boolean, hidden: boolean, pointer: boolean, editable: boolean, semanticRoot: boolean): number {
  return (far ? 1 : 0) | (hidden ? 2 : 0) | (pointer ? 4 : 0) | (editable ? 8 : 0) | (semanticRoot ? 16 : 0);
}

/**
 * Key of a whole segment: a sibling after one far below the viewport in a downward block flow is
 * itself classified without style or box (only its own attributes and whether it is in flow), so
 * it can be copied with its subtree; it depends on its parent's pointer and editability.
 */
export function wholeKey(parentPointer: boolean, parentEditable: boolean): number {
  return 32 | (parentPointer ? 4 : 0) | (parentEditable ? 8 : 0);
}

export class SegmentCache {
  private segments = new WeakMap<Element, Segment>();
  private stored = 0;

  constructor(log: MutationLog) {
    log.listen((records) => this.invalidate(records));
  }

  /** Whether any segment is stored: a walk then copies most of a big page instead of visiting it. */
  get holdsAny(): boolean {
    return this.stored > 0;
  }

  get(element: Element, key: number): Segment | undefined {
    const segment = this.segments.get(element);
    return segment && segment.key === key ? segment : undefined;
  }

  /** Drop every segment that contains `node` (its composed ancestors' segments). */
  invalidateFrom(node: Node): void {
    for (let current: Node | null = node; current; current = composedParent(current)) {
      if (current.nodeType === 1 && this.segments.delete(current as Element)) this.stored--;
    }
  }

  private invalidate(records: MutationRecord[]): void {
    if (this.stored === 0) return;
    for (const record of records) {
      if (changesStyleSheets(record)) {
        // Whether a copied root is in flow came from style: a new or removed stylesheet may change it.
        this.segments = new WeakMap();
        this.stored = 0;
        return;
      }
      this.invalidateFrom(record.target);
    }
  }

  /**
   * Keep the newly recorded segments of a finished walk (after the echo rule ran, so their texts'
   * final visibility is known).
   */
  store(walk: Walk, recorded: WalkSegment[]): void {
    for (const part of recorded) {
      if (part.reused || !walk.preEchoVis) continue;
      const start = part.start;
      const length = part.end - start;
      const rootTree = walk.tree[part.root]!;
      const anchor = part.start === part.root ? walk.parent[part.root]! : part.root;
      const parent = new Int32Array(length);
      const tree = new Int32Array(length);
      const vis = new Int8Array(length);
      const actionable = new Uint8Array(length);
      const clipped = new Uint8Array(length);
      const frameOwners: number[] = [];
      const recheck: number[] = [];
      let trees = 0;
      for (let k = 0; k < length; k++) {
        const i = start + k;
        const p = walk.parent[i]!;
        parent[k] = p === anchor ? -1 : p - start;
        const t = walk.tree[i]!;
        tree[k] = t === rootTree ? -1 : t - part.treeBase;
        if (tree[k]! + 1 > trees) trees = tree[k]! + 1;
        actionable[k] = walk.actionable[i]!;
        clipped[k] = clipOf(walk, i) === undefined ? 0 : 1;
        vis[k] = walk.vis[i]!;
        if (walk.role[i] === 'text' && ownerAbove(walk, i, part.root)) {
          recheck.push(k);
          vis[k] = walk.preEchoVis[i]!;
        }
      }
      for (const owner of walk.frameOwners) if (owner >= start && owner < part.end) frameOwners.push(owner - start);
      const segment: Segment = {
        key: part.key, nodes: walk.nodes.slice(start, part.end), withRoot: part.start === part.root, parent, tree, trees, role: walk.role.slice(start, part.end),
        name: keptNames(walk, start, part.end), vis, actionable, clipped, frameOwners, recheck,
      };
      if (!this.segments.has(part.element)) this.stored++;
      this.segments.set(part.element, segment);
    }
  }
}

/** Whether a text's nearest semantic ancestor (the echo rule's owner) lies above `root`. */
function ownerAbove(walk: Walk, text: number, root: number): boolean {
  let a = walk.parent[text]!;
  while (a > root && walk.vis[a] === NOT_SEMANTIC && walk.role[a] !== 'iframe') a = walk.parent[a]!;
  return a < root || (a === root && walk.vis[root] === NOT_SEMANTIC && walk.role[root] !== 'iframe');
}

/**
 * Names worth keeping: structural labels and text (both read from the segment's own DOM). Other
 * names are computed lazily and may come from elsewhere (a <label for>), so they are left empty.
 */
function keptNames(walk: Walk, start: number, end: number): string[] {
  const names = walk.name.slice(start, end);
  for (let k = 0; k < names.length; k++) {
    const i = start + k;
    if (walk.role[i] !== 'text' && !STRUCTURAL_ROLES.has(walk.role[i]!)) names[k] = '';
  }
  return names;
}

/** A <style> or <link> added or removed, or a style element's text changed. */
export function changesStyleSheets(record: MutationRecord): boolean {
  if (record.type === 'characterData') return isStyleSource(record.target.parentNode);
  if (record.type === 'attributes' || isStyleSource(record.target)) return isStyleSource(record.target);
  for (const node of Array.from(record.addedNodes)) if (isStyleSource(node)) return true;
  for (const node of Array.from(record.removedNodes)) if (isStyleSource(node)) return true;
  return false;
}

function isStyleSource(node: Node | null): boolean {
  if (!node) return false;
  const name = node.nodeName.toLowerCase();
  return name === 'style' || name === 'link';
}
