// Serialisation of a ranking's picked records for the wire (SPEC §8: what crosses it stays small):
// the picked records with their ancestors and the context every read keeps, counts for the rest.
import { REDACTED_TEXT, VIS_CSS_HIDDEN, VIS_PAGE_OCCLUDED, VISIBILITY_CLASSES } from '@sightline/semantic-core/page-safe';
import { nameAt } from '../classify/names.js';
import { pageFacts } from '../classify/page-facts.js';
import { closedDetailsContent } from '../dom/ua-hidden.js';
import { elementEvidence } from '../evidence.js';
import { insideSensitive } from '../secret-fields.js';
import { NOT_SEMANTIC, type Ranking, type Walk } from '../types.js';
import { clipOf } from '../walk/record-columns.js';
import type { ShippedNode, ShipResult } from '../wire/ship-result.js';

/** `walk.hit` codes on the wire (0, untested, ships nothing). */
const HIT = ['clear', 'clear', 'covered', 'unknown'] as const;

/** What shipping needs from the world besides the ranking. */
export interface ShipContext {
  /** SPEC §2 handle of a node. */
  handleOf(node: Node): number;
  /** The element's AX facts read by an earlier capture are still current. */
  axFresh(element: Element): boolean;
}

/**
 * Ships `picked` records of a ranking, with their ancestors and the context every read keeps
 * (visible frame owners, the focused element, the active dialog, what covers a shipped node).
 * Semantic records left out are counted per visibility class in `outside`.
 */
export function shipRecords(ranking: Ranking, picked: number[], included: 'all' | 'ranked_prefix', rankingInfo: ShipResult['ranking'], context: ShipContext): ShipResult {
  const walk = ranking.walk;
  const n = walk.nodes.length;
  const keep = keptRecords(walk, picked);
  // Tier per record (255: not ranked).
  const tierOf = new Uint8Array(n).fill(255);
  for (let k = 0; k < ranking.order.length; k++) tierOf[ranking.order[k]!] = ranking.tiers[k]!;

  const outside: Record<string, number> = {};
  for (const visibility of VISIBILITY_CLASSES) outside[visibility] = 0;
  const shippedIndex = new Int32Array(n).fill(-1);
  const nodes: ShippedNode[] = [];
  const frameOwners = new Set(walk.frameOwners);
  for (let i = 0; i < n; i++) {
    const vis = walk.vis[i]!;
    if (!keep[i]) {
      if (vis !== NOT_SEMANTIC) outside[VISIBILITY_CLASSES[vis]!]!++;
      continue;
    }
    shippedIndex[i] = nodes.length;
    const parent = walk.parent[i]!;
    nodes.push(shipRecord(walk, i, parent >= 0 ? shippedIndex[parent]! : -1, tierOf[i]!, frameOwners.has(i), context));
  }
  // Second pass: covering nodes precede or follow; map now that every index is known.
  const coveredBy = walk.paint?.coveredBy;
  if (coveredBy !== undefined) {
    for (let i = 0; i < n; i++) {
      if (shippedIndex[i]! >= 0 && coveredBy[i]! >= 0 && walk.vis[i] === VIS_PAGE_OCCLUDED) {
        const by = shippedIndex[coveredBy[i]!]!;
        if (by >= 0) nodes[shippedIndex[i]!]!.coveredBy = by;
      }
    }
  }
  return {
    url: document.URL,
    title: document.title,
    viewport: walk.viewport,
    scroll: walk.scroll,
    nodes,
    focused: walk.focused >= 0 ? shippedIndex[walk.focused]! : -1,
    activeDialog: walk.activeDialog >= 0 ? shippedIndex[walk.activeDialog]! : -1,
    exhausted: walk.exhausted,
    outside,
    ranking: rankingInfo,
    included,
    walked: n,
  };
}

/** A stale subtree read (its root is gone): nothing shipped. */
export function emptyResult(walk: Walk): ShipResult {
  return {
    url: document.URL, title: document.title, viewport: walk.viewport, scroll: walk.scroll, nodes: [], focused: -1, activeDialog: -1,
    exhausted: walk.exhausted, outside: {}, ranking: null, included: 'ranked_prefix', walked: walk.nodes.length,
  };
}

/** The picked records, their ancestors, and the context every read keeps. */
function keptRecords(walk: Walk, picked: number[]): Uint8Array {
  const n = walk.nodes.length;
  const keep = new Uint8Array(n);
  const addWithAncestors = (i: number) => {
    for (let j = i; j >= 0 && !keep[j]; j = walk.parent[j]!) keep[j] = 1;
  };
  for (const i of picked) addWithAncestors(i);
  for (const i of walk.frameOwners) if (walk.vis[i] !== VIS_CSS_HIDDEN) addWithAncestors(i);
  if (walk.focused >= 0) addWithAncestors(walk.focused);
  if (walk.activeDialog >= 0) addWithAncestors(walk.activeDialog);
  const coveredBy = walk.paint?.coveredBy;
  if (coveredBy !== undefined) for (let i = 0; i < n; i++) if (keep[i] && coveredBy[i]! >= 0) addWithAncestors(coveredBy[i]!);
  return keep;
}

/** One record on the wire; `shippedParent` is its parent's index among the shipped nodes (coveredBy is mapped by the caller). */
function shipRecord(walk: Walk, i: number, shippedParent: number, tier: number, frameOwner: boolean, context: ShipContext): ShippedNode {
  const vis = walk.vis[i]!;
  const node = walk.nodes[i]!;
  const isText = node.nodeType === 3;
  const parent = walk.parent[i]!;
  const shipped: ShippedNode = {
    handle: context.handleOf(node),
    record: i,
    parent: shippedParent,
    kind: isText ? 'text' : 'element',
    role: walk.role[i]!,
    name: isText && insideSensitive(node) ? REDACTED_TEXT : nameAt(walk, i),
    vis: vis === NOT_SEMANTIC ? null : VISIBILITY_CLASSES[vis]!,
  };
  if (tier !== 255) shipped.tier = tier;
  if (!isText) {
    const element = node as Element;
    shipped.tag = element.localName;
    Object.assign(shipped, elementEvidence(element, i === walk.focused, walk.origin));
    // Not rendered by the user agent (closed <details>): the core reads it as the hidden attribute.
    if (parent >= 0 && closedDetailsContent(walk.nodes[parent] as Element, node)) shipped.attributes = { ...shipped.attributes, hidden: true };
    if (frameOwner) shipped.frameOwner = true;
    if (element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') || element.hasAttribute('aria-labeledby') || element.hasAttribute('title')) shipped.labelled = true;
    if (vis !== NOT_SEMANTIC && context.axFresh(element)) shipped.axFresh = true;
    const facts = vis !== NOT_SEMANTIC && vis !== VIS_CSS_HIDDEN && !frameOwner ? pageFacts(element, shipped.role) : null;
    if (facts !== null) {
      shipped.name = facts.name;
      shipped.pageFacts = true;
      if (facts.level !== undefined) shipped.states = { ...shipped.states, level: facts.level };
    }
  }
  const box = walk.box.get(i);
  if (box !== undefined) shipped.box = box;
  else if (!isText && vis !== VIS_CSS_HIDDEN) {
    const r = (node as Element).getBoundingClientRect();
    shipped.box = r.width > 0 || r.height > 0 ? { x: r.x + walk.origin.x, y: r.y + walk.origin.y, width: r.width, height: r.height } : null;
  }
  const clip = clipOf(walk, i);
  if (clip !== undefined) shipped.clip = clip;
  const hit = walk.paint?.hit[i] ?? 0;
  if (hit !== 0) shipped.hit = HIT[hit as 1 | 2 | 3];
  return shipped;
}
