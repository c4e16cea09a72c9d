import type { Walk, WalkLimits } from '../types.js';
import type { OpenSegment } from './segments.js';
import type { ViewportFirst } from './viewport-first.js';

/**
 * Where a walk is: the nodes still to visit (a stack, children pushed last-first so they pop in
 * document order), how many were visited, the next tree id, and the segment being recorded.
 */
export class WalkCursor {
  readonly nodes: Node[] = [];
  /** Record index of each stacked node's parent. */
  readonly parents: number[] = [];
  /** Tree of each stacked node: children reached through a shadow root or a slot get a new id. */
  readonly trees: number[] = [];
  nextTree = 1;
  /** Nodes visited or copied so far (the node budget and the deadline checks count them). */
  count = 0;
  /** The DOM-only subtree being recorded for reuse (segments.ts), if any. */
  open: OpenSegment | null = null;

  constructor(
    readonly walk: Walk,
    readonly limits: WalkLimits,
    /** Issue 17: the budgets the walk checks, and the viewport pass a cut begins (viewport-first.ts). */
    readonly viewportFirst: ViewportFirst,
  ) {}

  push(node: Node, parent: number, tree: number): void {
    this.nodes.push(node);
    this.parents.push(parent);
    this.trees.push(tree);
  }

  /** A new tree id (a shadow root's or a slot's children). */
  newTree(): number {
    return this.nextTree++;
  }

  /**
   * A budget (`time`, `nodes`) ran out: nothing open is recorded, and the walk goes on over what the
   * viewport shows (true) — or, when that pass ran out too, ends (false).
   */
  stop(reason: 'time' | 'nodes'): boolean {
    this.open = null;
    return this.viewportFirst.cut(reason);
  }
}
