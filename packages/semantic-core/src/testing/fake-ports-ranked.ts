import type { CapturedNode, OutsideCounts, PageCapture } from '../model/page-capture.js';
import { classifyPage } from '../classify/classify-page.js';

/**
 * What an in-page collector ships for `ranked_prefix` captures (SPEC §8), imitated in memory:
 * rank the whole document, ship a slice of the ranked list plus the ancestors it needs.
 */

export function rankedPrefixCapture(capture: PageCapture, shipped: number, token: string): PageCapture {
  return slice(capture, token, 0, shipped, true);
}

export function rankedSliceCapture(capture: PageCapture, token: string, from: number, count: number): PageCapture {
  return slice(capture, token, from, count, false);
}

function slice(capture: PageCapture, token: string, from: number, count: number, countOutside: boolean): PageCapture {
  const page = classifyPage(capture);
  const chosen = page.ranked.slice(from, from + count);
  const keep = new Set<number>();
  const owners = new Map(capture.frames.map((frame) => [frame.key, frame.ownerNode]));
  const addWithAncestors = (start: number): void => {
    for (let at = start; at >= 0 && !keep.has(at); ) {
      keep.add(at);
      const node = capture.nodes[at]!;
      at = node.parent >= 0 ? node.parent : (owners.get(node.frame) ?? -1);
    }
  };
  for (const node of chosen) addWithAncestors(node.index);
  const order = [...keep].sort((a, b) => a - b);
  const remap = new Map(order.map((old, index) => [old, index]));
  const nodes: CapturedNode[] = order.map((old) => {
    const node = capture.nodes[old]!;
    const copy: CapturedNode = { ...node, parent: node.parent >= 0 ? (remap.get(node.parent) ?? -1) : -1 };
    if (node.coveredBy !== undefined) copy.coveredBy = remap.get(node.coveredBy);
    return copy;
  });
  const outside: OutsideCounts = { in_viewport: 0, near_viewport: 0, offscreen: 0, css_hidden: 0, no_layout: 0, page_occluded: 0, unknown: 0 };
  if (countOutside) {
    const shippedSet = new Set(chosen.map((node) => node.index));
    for (const node of page.nodes) if (!keep.has(node.index) && !shippedSet.has(node.index)) outside[node.visibility] += 1;
    outside.css_hidden = page.removed.css_hidden;
    outside.page_occluded = page.removed.page_occluded;
  }
  const mapIndex = (index: number | null): number | null => (index === null ? null : (remap.get(index) ?? null));
  return {
    ...structuredClone(capture),
    frames: capture.frames
      .filter((frame) => frame.ownerNode === null || keep.has(frame.ownerNode))
      .map((frame) => ({ ...frame, ownerNode: mapIndex(frame.ownerNode) })),
    nodes,
    focused: mapIndex(capture.focused),
    activeDialog: mapIndex(capture.activeDialog),
    coverage: {
      ...capture.coverage,
      included: 'ranked_prefix',
      outside: countOutside ? outside : undefined,
      ranking: { token, shipped: from + chosen.length, total: page.ranked.length },
    },
  };
}
