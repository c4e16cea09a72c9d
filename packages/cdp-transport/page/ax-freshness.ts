import { composedParent } from './dom/composed-tree.js';
import type { MutationLog } from './mutation-log.js';
import { changesStyleSheets } from './walk/segments.js';

/** Elements whose accessibility facts change without a DOM mutation (value, checked, labels). */
const LIVE_TAGS = new Set(['input', 'textarea', 'select', 'option', 'optgroup', 'datalist', 'output', 'progress', 'meter', 'video', 'audio', 'canvas']);

/**
 * Which elements' accessibility facts, read by the Node side from Chromium's AX tree, are still
 * current, so a later snapshot may reuse them instead of asking the AX tree again.
 *
 * An element's role, name, value and states change through its own attributes and content, its
 * ancestors' attributes (aria-hidden, disabled fieldsets, classes that restyle it) or a move to a
 * new parent — all DOM mutations, which the world's mutation log reports. Form controls (value,
 * checked, labels elsewhere), elements named or described by other elements, stylesheet changes
 * and viewport resizes are never trusted: those are asked again.
 */
export class AxFreshness {
  private epoch = 0;
  /** Everything fetched at or before this epoch is stale (stylesheets or viewport changed). */
  private everything = 0;
  private readonly fetched = new WeakMap<Node, number>();
  /** Last epoch the node itself or something inside it changed. */
  private readonly within = new WeakMap<Node, number>();
  /** Last epoch the node's attributes or parent changed (affects everything inside it). */
  private readonly context = new WeakMap<Node, number>();

  constructor(log: MutationLog, view: Window) {
    log.listen((records) => this.record(records));
    view.addEventListener('resize', () => (this.everything = ++this.epoch));
  }

  /** The Node side is about to read these elements' AX facts. */
  markFetched(nodes: Array<Node | null>): void {
    const epoch = ++this.epoch;
    for (const node of nodes) if (node) this.fetched.set(node, epoch);
  }

  isFresh(element: Element): boolean {
    const fetched = this.fetched.get(element);
    if (fetched === undefined || fetched <= this.everything) return false;
    if (LIVE_TAGS.has(element.localName) || (element as HTMLElement).isContentEditable) return false;
    if (element.hasAttribute('aria-labelledby') || element.hasAttribute('aria-describedby') || element.hasAttribute('aria-owns')) return false;
    if ((this.within.get(element) ?? 0) > fetched) return false;
    for (let node: Element | null = element; node; node = composedParent(node)) {
      if ((this.context.get(node) ?? 0) > fetched) return false;
    }
    return true;
  }

  private record(records: MutationRecord[]): void {
    const epoch = ++this.epoch;
    for (const record of records) {
      if (changesStyleSheets(record)) this.everything = epoch;
      if (record.type === 'attributes') this.context.set(record.target, epoch);
      if (record.type === 'childList') for (const added of Array.from(record.addedNodes)) this.context.set(added, epoch);
      for (let node: Node | null = record.target; node; node = composedParent(node)) {
        if (this.within.get(node) === epoch) break;
        this.within.set(node, epoch);
      }
    }
  }
}
