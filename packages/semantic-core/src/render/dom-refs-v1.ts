import type { ActionKind } from '../model/visibility.js';
import type { SemanticNode } from '../model/semantic-node.js';
import type { ClassifiedPage, RefNamer } from '../compose/compose-types.js';
import { NodeLines } from './node-lines.js';

/** SPEC §4: the compatibility format lists at most this many refs. */
export const DOM_REFS_LIMIT = 300;

export interface DomRef {
  ref: string;
  role: string;
  name: string;
  value?: string;
  actions: ActionKind[];
  frame: string;
}

export interface DomRefsSnapshot {
  refs: DomRef[];
  /** More actionable nodes exist than were listed. */
  truncated: boolean;
  /** The listed nodes, same order as `refs` (for the capability store). */
  nodes: SemanticNode[];
  focusedRef: string | null;
}

/**
 * `dom_refs_v1`: every kept actionable node in document order, whatever its visibility (the
 * format predates ranking), cut at `limit`. No outline.
 */
export function composeDomRefs(page: ClassifiedPage, namer: RefNamer, limit = DOM_REFS_LIMIT): DomRefsSnapshot {
  const lines = new NodeLines(page, namer);
  const refs: DomRef[] = [];
  const nodes: SemanticNode[] = [];
  let truncated = false;
  let focusedRef: string | null = null;
  // Through the table, so only actionable nodes are made into objects.
  const { order, actions } = page.table;
  for (let i = 0; i < order.length; i++) {
    if (actions[order[i]!] === 0) continue;
    if (refs.length >= limit) {
      truncated = true;
      break;
    }
    const node = page.node(order[i]!)!;
    const line = lines.line(node);
    const ref: DomRef = { ref: line.ref!.id, role: node.role, name: line.name, actions: [...node.actions], frame: line.frameLabel };
    if (line.value !== undefined) ref.value = line.value;
    if (node.index === page.capture.focused) focusedRef = ref.ref;
    refs.push(ref);
    nodes.push(node);
  }
  return { refs, truncated, nodes, focusedRef };
}
