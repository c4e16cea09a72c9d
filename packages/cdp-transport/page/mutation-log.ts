/**
 * One MutationObserver for this isolated world's document and every shadow root the walk enters
 * (a document observer does not see inside shadow trees). Page scripts cannot see or disconnect
 * it. Caches that are only valid while their DOM is unchanged (segments.ts, ax-freshness.ts)
 * listen to it.
 */
export type MutationListener = (records: MutationRecord[]) => void;

const OBSERVE: MutationObserverInit = { subtree: true, childList: true, attributes: true, characterData: true };

export class MutationLog {
  private readonly observed = new WeakSet<Node>();
  private readonly observer: MutationObserver;
  private readonly listeners: MutationListener[] = [];
  /** Mutation records delivered so far (after `flush()`, every change made until then is counted). */
  changes = 0;

  constructor(root: Document) {
    this.observer = new MutationObserver((records) => this.deliver(records));
    this.observe(root);
  }

  listen(listener: MutationListener): void {
    this.listeners.push(listener);
  }

  observe(root: Node): void {
    if (this.observed.has(root)) return;
    this.observed.add(root);
    this.observer.observe(root, OBSERVE);
  }

  /** Deliver mutations the observer's callback has not been given yet (it runs as a microtask). */
  flush(): void {
    const pending = this.observer.takeRecords();
    if (pending.length > 0) this.deliver(pending);
  }

  private deliver(records: MutationRecord[]): void {
    this.changes += records.length;
    for (const listener of this.listeners) listener(records);
  }
}
