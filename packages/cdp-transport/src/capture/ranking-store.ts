import type { FrameWalk } from './frame-walker.js';

/** One frame's part of a stored ranking: the collector keeps the list, under `worldToken`, in that frame's world. */
export interface StoredFrameRanking {
  frameId: string;
  loaderId: string;
  worldToken: string;
  path: number[];
  total: number;
  /** [record, tier] pairs in rank order, fetched on first multi-frame continuation. */
  keys?: number[];
}

export interface StoredRanking {
  token: string;
  tabKey: string;
  frames: StoredFrameRanking[];
  total: number;
  /** Global rank order across frames, built lazily: [frame index, record] pairs. */
  merged?: Array<[number, number]>;
}

/** Capture tokens → where their ranked lists live. Bounded per connection. */
export class RankingStore {
  private readonly entries = new Map<string, StoredRanking>();
  private next = 1;

  constructor(private readonly limit = 32) {}

  add(tabKey: string, frames: StoredFrameRanking[]): StoredRanking {
    const token = `rk${this.next++}`;
    const entry: StoredRanking = { token, tabKey, frames, total: frames.reduce((sum, f) => sum + f.total, 0) };
    this.entries.set(token, entry);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  get(token: string): StoredRanking | undefined {
    return this.entries.get(token);
  }

  dropTab(tabKey: string): void {
    for (const [token, entry] of this.entries) if (entry.tabKey === tabKey) this.entries.delete(token);
  }
}

/** Compare two document-order paths (owner records, then the node's record): an owner precedes its frame's content. */
export function comparePaths(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Frame walks in the tree, flattened (pre-order). */
export function flattenWalks(root: FrameWalk): FrameWalk[] {
  const out: FrameWalk[] = [];
  const visit = (walk: FrameWalk) => {
    out.push(walk);
    for (const child of walk.children) if ('ship' in child.frame) visit(child.frame);
  };
  visit(root);
  return out;
}
