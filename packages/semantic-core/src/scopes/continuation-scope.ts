import type { ClassifiedPage } from '../compose/compose-types.js';
import type { SemanticNode } from '../model/semantic-node.js';
import type { StoredNode, StoredSnapshot } from '../capabilities/capability-records.js';
import { nodeIdentity } from '../capabilities/capability-ids.js';
import type { ReadSelection } from './read-selection.js';
import { plainArray } from '../classify/lazy-array.js';

// SPEC §4 `continuation`: pages through every ranked node of a stored snapshot's read that no
// page has shown yet, tier by tier (tiers 7–8 included), without collecting again. Each ranked node
// is shown by exactly one page; nodes are told apart by identity (`documentKey|handle`) because a
// node can reach the snapshot twice (as context of one segment and ranked in a later one).

/** A node's identity across snapshots of its tab (`documentKey|handle`). */
export function identityOf(page: ClassifiedPage, node: SemanticNode): string {
  const frame = page.capture.frames.find((candidate) => candidate.key === node.frame);
  const captured = page.capture.nodes[node.index];
  return nodeIdentity(frame?.documentKey ?? '', captured?.handle ?? `#${node.index}`);
}

/** Queues ranked nodes of a segment that are neither shown nor already queued. */
export function queueRanked(
  snapshot: StoredSnapshot,
  segment: number,
  ranked: readonly SemanticNode[],
  eligible: (node: SemanticNode) => boolean = () => true,
): void {
  const page = snapshot.segments[segment];
  if (!page) return;
  const queued = new Set(snapshot.remaining.map((entry) => entry.identity));
  for (const node of plainArray(ranked)) {
    if (!eligible(node)) continue;
    const identity = identityOf(page, node);
    if (snapshot.shown.has(identity) || queued.has(identity)) continue;
    queued.add(identity);
    snapshot.remaining.push({ segment, node, identity });
  }
}

/** Marks nodes a page selected as shown and takes them out of the queue. */
export function markShown(snapshot: StoredSnapshot, segment: number, nodes: readonly SemanticNode[]): void {
  const page = snapshot.segments[segment];
  if (!page) return;
  for (const node of nodes) snapshot.shown.add(identityOf(page, node));
  snapshot.remaining = snapshot.remaining.filter((entry) => !snapshot.shown.has(entry.identity));
}

/** Drops queued nodes that a page could not select under the read's options (nothing else would ever take them). */
export function dropQueued(snapshot: StoredSnapshot, nodes: readonly StoredNode[]): void {
  const drop = new Set(nodes);
  snapshot.remaining = snapshot.remaining.filter((entry) => !drop.has(entry));
}

/** More ranked nodes remain, here or in the transport's ranked list. */
export function hasMoreRanked(snapshot: StoredSnapshot): boolean {
  return snapshot.remaining.length > 0 || (snapshot.ranking !== null && snapshot.ranking.next < snapshot.ranking.total);
}

/** The next page's read: the queued nodes of the first queued segment, rank order. */
export function nextContinuationPage(snapshot: StoredSnapshot): { segment: number; entries: StoredNode[]; selection: ReadSelection } | null {
  const first = snapshot.remaining[0];
  if (!first) return null;
  const entries = snapshot.remaining.filter((entry) => entry.segment === first.segment);
  const nodes = entries.map((entry) => entry.node);
  const universe = [...nodes].sort((a, b) => a.index - b.index);
  return { segment: first.segment, entries, selection: { universe, candidates: nodes } };
}
