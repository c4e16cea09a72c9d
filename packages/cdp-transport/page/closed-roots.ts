import { NEAR_VIEWPORT_MARGIN } from '@sightline/semantic-core/page-safe';
import type { MutationLog } from './mutation-log.js';
import type { Walk } from './types.js';
import type { ClosedRootOptions, ClosedRootRequest } from './wire/ship-result.js';

/**
 * Closed author shadow roots are invisible to script, even to this isolated world; CDP pierces
 * them. This tracker decides, after each walk, what the Node side (src/capture/closed-roots.ts)
 * must read before the walk may ship:
 *
 * - **Small documents** (the walk and the element count of the document and its same-process
 *   frames within `scanNodes`): one pierced read of the whole document finds every closed root.
 *   It is done once per document (per world); afterwards the world's mutation log lists elements
 *   inserted since, and only those subtrees are read again (a closed root can only arrive with an
 *   inserted element). Too many or too large insertions: the whole document again while it is
 *   small, else back to candidates.
 * - **Larger documents**: the walk's candidate hosts (custom elements, and rendered shadow-capable
 *   built-ins near the viewport without light content, see maybeClosedHost) are checked one by one,
 *   each once per document.
 */

/** Inserted elements remembered between reads; more and the next read is a whole-document one. */
const MAX_INSERTED = 64;
/** Levels of nested same-process frames counted for the size of a whole-document read. */
const MAX_FRAME_LEVELS = 4;

export class ClosedRootTracker {
  private candidates: Element[] = [];
  /** A whole-document read completed (or one is in flight): insertions are tracked from then on. */
  private tracking = false;
  private scanned = false;
  private readonly inserted = new Set<Element>();
  private overflow = false;
  /** Subtrees handed to the Node side by the last takeScan (null: the document). */
  private reading: Element[] | null = null;
  private log: MutationLog | null = null;
  /** The walk that made the last request, and whether the DOM changed or roots were added since. */
  private pendingWalk: Walk | null = null;
  private changed = false;

  /** `checked`: hosts already asked about (shared with the walk, which does not report them again). */
  constructor(private readonly checked: WeakSet<Element>) {}

  /** Called once the world's mutation log exists. */
  listen(log: MutationLog): void {
    this.log = log;
    log.listen((records) => {
      this.changed = true;
      if (!this.tracking || this.overflow) return;
      for (const record of records) {
        if (record.type !== 'childList') continue;
        const added = record.addedNodes;
        for (let i = 0; i < added.length; i++) {
          const node = added[i]!;
          if (node.nodeType !== 1) continue;
          this.inserted.add(node as Element);
          if (this.inserted.size > MAX_INSERTED) {
            this.overflow = true;
            this.inserted.clear();
            return;
          }
        }
      }
    });
  }

  /**
   * The walk of the previous call, when this call follows its request and neither the DOM changed
   * (the log was flushed) nor a closed root was added since: it can ship as it is, without walking
   * again (the read found nothing to compose).
   */
  takeWalk(options: ClosedRootOptions | undefined): Walk | null {
    const walk = this.pendingWalk;
    this.pendingWalk = null;
    return walk !== null && options?.again === true && !this.changed ? walk : null;
  }

  /** After a walk: what must be read before it ships, or null to ship it now. */
  request(walk: Walk, options: ClosedRootOptions | undefined): ClosedRootRequest | null {
    const result = this.decide(walk, options);
    if (result !== null) {
      this.pendingWalk = walk;
      this.changed = false;
    }
    return result;
  }

  private decide(walk: Walk, options: ClosedRootOptions | undefined): ClosedRootRequest | null {
    const pass = options?.pass !== false;
    const limit = options?.scanNodes ?? 0;
    const candidates = walk.closedCandidates.filter((host) => !this.checked.has(host));
    let read: Element[] | null | undefined;
    if (this.scanned) {
      const inserted = this.insertedRoots();
      if (inserted !== null && inserted.length === 0) {
        // Nothing inserted since the last complete read: every candidate was covered by it.
        for (const host of candidates) this.checked.add(host);
        return null;
      }
      if (inserted !== null && limit > 0 && elementCount(inserted) <= limit) read = inserted;
      else if (this.small(walk, limit)) read = null;
      else this.stopTracking();
    } else if (this.small(walk, limit)) {
      read = null;
    }
    if (read !== undefined) {
      if (options?.rescan === false && this.scanned) return null;
      if (!pass || options?.rescan === false) {
        walk.exhausted.push('calls');
        return null;
      }
      this.reading = read;
      return { closedScan: read === null ? 1 : read.length };
    }
    if (candidates.length === 0) return null;
    if (!pass) {
      walk.exhausted.push('calls');
      return null;
    }
    this.candidates = candidates;
    return { closedCandidates: candidates.length };
  }

  /** The subtrees to read now (the document, or inserted elements); insertions from now on count for the next read. */
  takeScan(): Node[] {
    const read = this.reading;
    this.inserted.clear();
    this.overflow = false;
    this.tracking = true;
    return read ?? [document];
  }

  /** The read handed out by takeScan ended; `complete`: nothing was cut off by a budget. */
  scanDone(complete: boolean): void {
    const read = this.reading;
    this.reading = null;
    if (complete) {
      if (read === null) this.scanned = true;
      return;
    }
    if (read === null) {
      // The whole document is still unread: ask again next time.
      this.scanned = false;
      this.stopTracking();
    } else {
      for (const element of read) this.inserted.add(element);
    }
  }

  /** Up to `limit` candidate hosts of the last walk; each is asked about once per document. */
  takeCandidates(limit: number): Element[] {
    let candidates = this.candidates;
    if (candidates.length > limit) {
      // More than the budget: those near the viewport first (built-in candidates always are), in document order.
      const near = (element: Element) => {
        const r = element.getBoundingClientRect();
        return r.bottom > -NEAR_VIEWPORT_MARGIN && r.top < innerHeight + NEAR_VIEWPORT_MARGIN && r.right > -NEAR_VIEWPORT_MARGIN && r.left < innerWidth + NEAR_VIEWPORT_MARGIN;
      };
      const first = candidates.filter(near);
      const taken = new Set(first);
      candidates = first.concat(candidates.filter((element) => !taken.has(element)));
    }
    const out = candidates.slice(0, Math.max(0, limit));
    this.candidates = [];
    for (const host of out) this.checked.add(host);
    return out;
  }

  /** Later insertions into a closed root are seen by the mutation log. */
  watchRoots(pairs: Array<Element | ShadowRoot>): void {
    if (pairs.length > 0) this.changed = true;
    for (let i = 1; i < pairs.length; i += 2) this.log?.observe(pairs[i]!);
  }

  private stopTracking(): void {
    this.scanned = false;
    this.tracking = false;
    this.inserted.clear();
    this.overflow = false;
  }

  private small(walk: Walk, limit: number): boolean {
    if (limit <= 0 || walk.exhausted.length > 0 || walk.nodes.length > limit) return false;
    // The read also carries what the walk does not count: <head>, SVG content, same-process frames.
    let count = document.getElementsByTagName('*').length;
    for (const owner of walk.frameOwners) {
      count += frameElements(walk.nodes[owner] as Element, 1);
      if (count > limit) return false;
    }
    return count <= limit;
  }

  /** Inserted elements still in this document, without those inside another inserted one; null after an overflow. */
  private insertedRoots(): Element[] | null {
    if (this.overflow) return null;
    const out: Element[] = [];
    for (const element of this.inserted) {
      if (!element.isConnected || element.ownerDocument !== document) continue;
      let covered = false;
      for (let node = treeParent(element); node; node = treeParent(node)) {
        if (this.inserted.has(node as Element)) {
          covered = true;
          break;
        }
      }
      if (!covered) out.push(element);
    }
    this.inserted.clear();
    for (const element of out) this.inserted.add(element);
    return out;
  }
}

/** Parent in the DOM tree, from a shadow root to its host (what a pierced read of an ancestor contains). */
function treeParent(node: Node): Node | null {
  const parent = node.parentNode;
  if (parent && parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  return parent;
}

function elementCount(elements: Element[]): number {
  let count = 0;
  for (const element of elements) count += 1 + element.getElementsByTagName('*').length;
  return count;
}

/** Elements of a same-process frame's document (and its frames), as far as this world can see them. */
function frameElements(owner: Element, level: number): number {
  let doc: Document | null = null;
  try {
    doc = (owner as HTMLIFrameElement).contentDocument;
  } catch {
    doc = null;
  }
  if (!doc) return 0;
  let count = doc.getElementsByTagName('*').length;
  if (level < MAX_FRAME_LEVELS) for (const inner of Array.from(doc.querySelectorAll('iframe,frame'))) count += frameElements(inner, level + 1);
  return count;
}

/** Built-in elements that may host a shadow root (DOM standard, `attachShadow`). */
const SHADOW_CAPABLE = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);

/**
 * For the walk, about a shadow-capable built-in element near the viewport (neither far nor hidden)
 * without an open root: whether it looks like the host of a closed one — it has a rendered box but
 * no light content of its own (only blank text or comments): its size then comes from elsewhere,
 * which a shadow tree would explain. Elements with element children are never candidates (telling
 * whether unslotted children render would cost a box read per child on every walk), nor are those
 * with non-blank text.
 */
export function maybeClosedHost(element: Element, tag: string, box: { width: number; height: number } | null | undefined): boolean {
  if (!SHADOW_CAPABLE.has(tag) || !box || !(box.width > 0) || !(box.height > 0) || element.firstElementChild !== null) return false;
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3 && /\S/.test((child as Text).data)) return false;
  }
  return true;
}
