import { geometryVisibility } from '@sightline/semantic-core/page-safe';
import { topLayerCandidate } from '../dom/top-layer.js';
import { BLOCK_FLOW, FAR_BELOW, FAR_SUB, HIDDEN_SUB, type RecordState } from './record-state.js';
import type { Walk, WalkLimits } from '../types.js';

/**
 * Issue 17: a walk cut by its time (or node) budget drops far content, never what is on screen.
 *
 * The walk runs in document order, so when its budget runs out, what it has not reached yet may
 * include the viewport's content: a toolbar or dialog appended at the end of a huge document, the
 * rows of a long list scrolled far down. Instead of stopping there, the walk goes on in a
 * *viewport pass* over what it still holds (its stack): stacked subtrees that show nothing are left
 * out without being read — under a hidden or far-offscreen parent (the walk's own classification
 * of that parent), in-flow siblings after one that is far below (block flow runs down), runs of
 * siblings far above the viewport (a page scrolled down) — and everything else is walked as usual,
 * with the same rules. The records stay in document order (only subtrees are left out), so
 * ranking, hit testing and shipping work unchanged.
 *
 * Leaving out must cost far less than walking, or a starved renderer gets no further than the cut
 * (a 100,000-row list costs ~0.2 s of style reads to check row by row). So the pass takes block
 * flow at its word: siblings after one far below are far below unless they carry evidence of
 * leaving the flow (top layer, an inline `position`); where a run of siblings far above ends is
 * found by a few hit tests of the viewport (the sibling on screen), or else by galloping over the
 * siblings' boxes (O(log n) reads) — not by reading each. An absolutely positioned element
 * placed by a stylesheet among thousands of far siblings can be missed — the pass only runs when
 * the budget already ran out, and the snapshot says `complete: false`.
 *
 * The pass is bounded by the viewport, not by the page: at most PASS_RECORDS records; and, as a
 * safety net, by the walk's budget again (at least PASS_MIN_MS) of time.
 */

/** Records the viewport pass may add (a viewport of content is far below this). */
const PASS_RECORDS = 20_000;
/**
 * Least time the viewport pass may take, however small the budget (ms): a safety net only — the
 * pass's work is bounded by PASS_RECORDS — sized so a starved renderer (load average 15–30 on 2
 * cores, where one `elementFromPoint` over a 100k-row list takes ~0.1 s) still finishes the viewport.
 */
const PASS_MIN_MS = 5_000;

export class ViewportFirst {
  /** The time the walk checks against: the budget's deadline, then the viewport pass's. */
  deadline: number;
  /** The node count the walk checks against: the budget's, then none (the pass bounds itself). */
  maxNodes: number;
  private readonly started = performance.now();
  private active = false;
  /** Records when the pass began: segments recorded after that may miss subtrees it left out. */
  private cutAt = -1;
  private kept = 0;
  /** Box reads during the pass, and whether the pass's time ran out during them. */
  private reads = 0;
  private expired = false;
  /** A run of siblings found far above: left out up to and including `skipThrough`. */
  private skipThrough: Element | null = null;
  private skipParent: Node | null = null;
  /** Parent → its earliest child holding a probe hit (see onScreenChild). */
  private onScreen: Map<Node, Element> | null = null;
  private readonly viewport: { width: number; height: number };

  constructor(
    private readonly walk: Walk,
    private readonly state: RecordState,
    private readonly limits: WalkLimits,
  ) {
    this.deadline = limits.deadline;
    this.maxNodes = limits.maxNodes;
    this.viewport = walk.viewport;
  }

  /**
   * The walk's time (or node) budget ran out: name it and begin the viewport pass (true), or — when
   * the pass itself ran out of time — end the walk (false).
   */
  cut(budget: 'time' | 'nodes' = 'time'): boolean {
    if (this.active) return false;
    this.walk.exhausted.push(budget);
    this.active = true;
    this.cutAt = this.walk.nodes.length;
    this.deadline = performance.now() + Math.max(PASS_MIN_MS, this.limits.deadline - this.started);
    // The pass counts what it keeps itself (PASS_RECORDS).
    this.maxNodes = Infinity;
    return true;
  }

  /** During the viewport pass: whether the stacked `node` (child of record `parent`) is left out. */
  skips(node: Node, parent: number): boolean {
    if (!this.active) return false;
    if (this.expired || this.kept >= PASS_RECORDS) return true;
    if (parent >= 0 && this.leavesOut(node, parent)) return true;
    this.kept++;
    return false;
  }

  private leavesOut(node: Node, parent: number): boolean {
    const state = this.state;
    if (state.has(parent, HIDDEN_SUB)) return true;
    const element = node.nodeType === 1 ? (node as Element) : null;
    // Under a far-offscreen parent only a top-layer element (dialog, popover) can show.
    if (state.has(parent, FAR_SUB)) return element === null || !topLayerCandidate(element, element.localName);
    if (element === null) return false;
    // After a sibling far below in a block flow, in-flow siblings are far below too.
    if (state.has(parent, FAR_BELOW)) return !topLayerCandidate(element, element.localName) && !positionedInline(element);
    if (!state.has(parent, BLOCK_FLOW)) return false;
    if (this.skipThrough !== null) {
      if (element.parentNode === this.skipParent) {
        if (element === this.skipThrough) this.skipThrough = null;
        return true;
      }
      this.skipThrough = null;
    }
    // Box reads are bounded by the pass's time too.
    if ((++this.reads & 63) === 0 && performance.now() > this.deadline) this.expired = true;
    if (this.expired || !this.farAbove(element)) return this.expired;
    this.skipFarAboveRun(element);
    return true;
  }

  /**
   * `first` is far above the viewport: leave out the run of its next siblings that are far above
   * too, without reading each. Where the viewport's probes hit a later sibling, the run ends just
   * before it (less the siblings near above it); otherwise gallop: double the stride over the next
   * siblings while the sibling there is still far above.
   */
  private skipFarAboveRun(first: Element): void {
    let last: Element = first;
    const onScreen = this.onScreenChild(first.parentNode);
    if (onScreen !== null && (first.compareDocumentPosition(onScreen) & FOLLOWING) !== 0) {
      // Back from the sibling on screen while siblings are only near above (a margin's worth of reads).
      let start = onScreen;
      for (let prev = onScreen.previousElementSibling; prev !== null && prev !== first && !this.farAbove(prev); prev = prev.previousElementSibling) {
        start = prev;
        this.reads++;
      }
      last = start.previousElementSibling ?? first;
    } else {
      for (let stride = 1; ; stride *= 2) {
        let probe: Element | null = last;
        for (let k = 0; k < stride && probe !== null; k++) probe = probe.nextElementSibling;
        this.reads++;
        if (probe === null || !this.farAbove(probe)) break;
        last = probe;
      }
    }
    if (last !== first) {
      this.skipThrough = last;
      this.skipParent = first.parentNode;
    }
  }

  /**
   * The child of `parent` that holds something the viewport shows at one of a few probe points
   * (`elementFromPoint` down the middle of the visible area; asked once per pass, the first time a
   * run far above is met: each probe costs a hit test of the page, ~linear in a flat list's length).
   */
  private onScreenChild(parent: Node | null): Element | null {
    if (parent === null) return null;
    if (this.onScreen === null) this.onScreen = probeViewport(parent.ownerDocument ?? (parent as Document), this.walk.origin, this.viewport);
    return this.onScreen.get(parent) ?? null;
  }

  /** Above the viewport beyond the near margin, its overflow (descendants that overflow it) included. */
  private farAbove(element: Element): boolean {
    const r = element.getBoundingClientRect();
    if (!(r.width > 0) || !(r.height > 0)) return false;
    const origin = this.walk.origin;
    const bottom = r.y + origin.y + Math.max(r.height, element.clientTop + element.scrollHeight);
    if (bottom >= 0) return false;
    // The last pixel row of the box and its overflow, classified by the core's rule.
    return geometryVisibility({ x: r.x + origin.x, y: bottom - 1, width: r.width, height: 1 }, undefined, this.viewport) === 'offscreen';
  }

  /** The walk's segments, without those recorded during the pass (they may miss what it left out). */
  finish(): Walk {
    if (this.cutAt >= 0) this.walk.segments = this.walk.segments.filter((segment) => segment.reused || segment.root < this.cutAt);
    return this.walk;
  }
}

const FOLLOWING = 4; // Node.DOCUMENT_POSITION_FOLLOWING
/** Probe points down the middle of the frame's visible area (fractions of its height). */
const PROBE_ROWS = [1 / 6, 1 / 2, 5 / 6];

/** For every element the probes hit, and every composed ancestor: parent → its earliest such child. */
function probeViewport(doc: Document, origin: { x: number; y: number }, viewport: { width: number; height: number }): Map<Node, Element> {
  const view = doc.defaultView;
  const onScreen = new Map<Node, Element>();
  if (!view) return onScreen;
  // The part of this frame's own viewport that the top-level viewport shows, in frame coordinates.
  const left = Math.max(0, -origin.x);
  const right = Math.min(view.innerWidth, viewport.width - origin.x);
  const top = Math.max(0, -origin.y);
  const bottom = Math.min(view.innerHeight, viewport.height - origin.y);
  if (right <= left || bottom <= top) return onScreen;
  for (const fraction of PROBE_ROWS) {
    const hit = doc.elementFromPoint((left + right) / 2, top + (bottom - top) * fraction);
    if (hit === null) continue;
    for (let child: Element = hit, parent = composedParent(hit); parent !== null; child = parent as Element, parent = composedParent(parent as Element)) {
      const known = onScreen.get(parent);
      if (known === child) break;
      if (known === undefined || (child.compareDocumentPosition(known) & FOLLOWING) !== 0) onScreen.set(parent, child);
      if (parent.nodeType !== 1) break;
    }
  }
  return onScreen;
}

/** The parent the walk records an element under: its slot, its shadow host, or its parent node. */
function composedParent(element: Element): Node | null {
  if (element.assignedSlot) return element.assignedSlot;
  const parent = element.parentNode;
  if (parent !== null && parent.nodeType === 11 && (parent as ShadowRoot).host) return (parent as ShadowRoot).host;
  return parent;
}

/** Evidence, without a style read, that an element may leave the flow: an inline `position`. */
function positionedInline(element: Element): boolean {
  const inline = element.getAttribute('style');
  return inline !== null && inline.includes('position');
}
