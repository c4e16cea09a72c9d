import { collapse, nameOf } from '../roles.js';
import { NOT_SEMANTIC, type Walk } from '../types.js';

/** The name of record `i`. Names of non-structural elements and texts are computed only when needed (shipping, queries, echo rules), then kept. */
export function nameAt(walk: Walk, i: number): string {
  const name = walk.name[i]!;
  if (name || walk.vis[i] === NOT_SEMANTIC) return name;
  const node = walk.nodes[i]!;
  if (node.nodeType === 3) {
    const text = collapse((node as Text).data);
    walk.name[i] = text;
    return text;
  }
  if (node.nodeType !== 1) return name;
  const computed = nameOf(node as Element, walk.role[i]!, (node as Element).localName);
  walk.name[i] = computed;
  return computed;
}
