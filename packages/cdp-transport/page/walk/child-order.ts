// Children of an element in composed-tree order: its shadow root's (open, or closed and known),
// a slot's assigned nodes (else its fallback content), or its light children. User-agent roots are
// never reached (script cannot see them).
import { maybeClosedHost } from '../closed-roots.js';
import type { MutationLog } from '../mutation-log.js';
import type { AttributeGate } from './attribute-gate.js';
import type { WalkCursor } from './walk-cursor.js';

export interface ChildSources {
  /** Closed roots found so far, by host; null while none is known (no lookup per element then). */
  closedRoots: WeakMap<Element, ShadowRoot> | null;
  /** Hosts already asked about for a closed root (not reported again). */
  checkedHosts: WeakSet<Element>;
  log: MutationLog;
  /** Which elements carry attributes the rules look up; each shadow root is queried as the walk enters it. */
  gate: AttributeGate;
}

/** Pushes the children of `element` (record `index`, tree `tree`) onto the cursor's stack, last first. */
export function pushChildren(cursor: WalkCursor, sources: ChildSources, element: Element, tag: string, index: number, tree: number, laidOut: boolean): void {
  const shadow = element.shadowRoot;
  const container: ShadowRoot | null = shadow ?? (sources.closedRoots === null ? null : (sources.closedRoots.get(element) ?? null));
  if (container) {
    // Caches keyed on this DOM (segments, AX freshness, closed roots) must see changes inside it too.
    sources.log.observe(container);
    sources.gate.addScope(container);
    const shadowTree = cursor.newTree();
    for (let child = container.lastChild; child; child = child.previousSibling) cursor.push(child, index, shadowTree);
    return;
  }
  if (tag === 'slot') {
    const assigned = (element as HTMLSlotElement).assignedNodes();
    if (assigned.length > 0) {
      const slottedTree = cursor.newTree();
      for (let i = assigned.length - 1; i >= 0; i--) cursor.push(assigned[i]!, index, slottedTree);
      return;
    }
  } else if ((tag.includes('-') || (laidOut && maybeClosedHost(element, tag, cursor.walk.box.get(index)))) && !sources.checkedHosts.has(element)) {
    cursor.walk.closedCandidates.push(element);
    if (cursor.open !== null) cursor.open.cacheable = false;
  }
  for (let child = element.lastChild; child; child = child.previousSibling) cursor.push(child, index, tree);
}
