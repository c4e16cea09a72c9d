// Which records a capture ships, by mode (SPEC §4 reads), over a ranking's order and tiers.
import { VIEWPORT_MAX_TIER } from '@sightline/semantic-core/page-safe';

/** The default read: ranked records of the viewport tiers (0 … VIEWPORT_MAX_TIER) in rank order, up to `limit`. */
export function viewportPicks(order: ArrayLike<number>, tiers: ArrayLike<number>, limit: number): number[] {
  const picked: number[] = [];
  for (let k = 0; k < order.length && picked.length < limit; k++) {
    if (tiers[k]! > VIEWPORT_MAX_TIER) break;
    picked.push(order[k]!);
  }
  return picked;
}

/** Ranked records that pass `test`, in document order (query hits, dom_refs_v1's actionable list). */
export function hitsInDocumentOrder(order: ArrayLike<number>, test: (record: number) => boolean): number[] {
  const hits: number[] = [];
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (test(i)) hits.push(i);
  }
  return hits.sort((a, b) => a - b);
}

/**
 * A subtree read: the ranked records inside `root` in rank order, up to `limit`, plus the root;
 * `within` counts every ranked record inside it (more than `limit`: the scope is incomplete).
 */
export function subtreePicks(order: ArrayLike<number>, parent: ArrayLike<number>, root: number, limit: number): { picked: number[]; within: number } {
  const picked: number[] = [];
  let within = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (!isWithin(parent, i, root)) continue;
    within++;
    if (picked.length < limit) picked.push(i);
  }
  if (!picked.includes(root)) picked.push(root);
  return { picked, within };
}

/** Whether record `index` is `root` or below it (records in pre-order: a parent precedes its children). */
export function isWithin(parent: ArrayLike<number>, index: number, root: number): boolean {
  for (let k = index; k >= root; k = parent[k]!) if (k === root) return true;
  return false;
}
