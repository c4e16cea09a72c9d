// How one element lays out for the walk (SPEC §5, §8): hidden, far from the viewport (decided from
// attributes or one box read, nothing below it read), or read in full — display, position, the
// clips it hands its descendants, overflow, cursor, opacity. Cost follows the budget: an element
// far from the viewport or hidden has its style read at most for an inline cursor.
import { isDragCursor } from '@sightline/semantic-core/page-safe';
import { paddingBox } from '../dom/boxes.js';
import type { Walk } from '../types.js';
import { clipInside, clipOfPosition, farBelow, type Clip } from './geometry-rules.js';
import { inFlow, type LayoutReads } from './layout-reads.js';
import { BLOCK_FLOW, FAR_BELOW, type RecordState } from './record-state.js';

/** One element's layout facts; the walk reads them right after `read` (one reused object per walk). */
export class ElementLayout {
  hidden = false;
  /** Classified offscreen without its own style or box: inside a far subtree, or after a far-below sibling. */
  far = false;
  /** Far from its own box (the frontier of a far subtree): it has a box, only opacity/visibility can hide it. */
  farFrontier = false;
  /** Classified from its own attributes alone after a far-below sibling: copyable with its subtree. */
  wholeCandidate = false;
  pointer = false;
  dragCursor = false;
  scrollable = false;
  /** display: contents (no box of its own). */
  contents = false;
  /** Laid out as a block container (its in-flow children follow each other down). */
  blockFlow = false;
  /** content-visibility: hidden: the element shows, what is in it does not. */
  hidesContent = false;
  /** The clip that applies to the element itself: its containing-block chain's (SPEC §5). */
  ownClip: Clip = undefined;
  /** The clip handed to its in-flow children. */
  childClip: Clip = undefined;
  /** The clips handed to absolutely positioned and to fixed descendants (their containing blocks'). */
  private absClip: Clip = undefined;
  private fixedClip: Clip = undefined;
  private readonly root: Element | null;
  /** The root's overflow is visible, so the body's propagates to the viewport (CSS Overflow §3.3). */
  private rootOverflowVisible = true;

  constructor(
    private readonly walk: Walk,
    private readonly state: RecordState,
    private readonly reads: LayoutReads,
    private readonly doc: Document,
    /** The clip of the frame's viewport (undefined for the main frame). */
    private readonly viewportClip: Clip,
  ) {
    this.root = doc.documentElement;
  }

  /**
   * Reads the layout of `element` (record `index`) and records the clips it hands its children.
   * `hidden`: hidden by an ancestor or the user agent; `copyWhole`: a stored whole segment could
   * replace it (after a far-below sibling); `topLayer`: a modal dialog or popover, which renders in
   * the viewport whatever its ancestors' boxes; `plain`: it has none of the gated attributes
   * (attribute-gate.ts), so none is looked up.
   */
  read(element: Element, index: number, parentIndex: number, parentClip: Clip, hidden: boolean, parentFar: boolean, topLayer: boolean, copyWhole: boolean, plain: boolean): void {
    const state = this.state;
    this.hidden = hidden;
    this.far = parentFar && !topLayer;
    this.farFrontier = false;
    this.wholeCandidate = false;
    this.pointer = false;
    this.dragCursor = false;
    this.scrollable = false;
    this.contents = false;
    this.blockFlow = false;
    this.hidesContent = false;
    this.ownClip = parentClip;
    this.childClip = parentClip;
    this.absClip = parentIndex >= 0 ? state.absClip(parentIndex) : this.viewportClip;
    this.fixedClip = parentIndex >= 0 ? state.fixedClip(parentIndex) : this.viewportClip;
    // Hidden by its own attributes (none to look up on a plain element, attribute-gate.ts).
    const hiddenHere = !hidden && !plain && hiddenByAttribute(element);
    if (this.far) {
      // Attributes only: no style, no box (SPEC §8, README "Approximations").
      if (hiddenHere) this.hidden = true;
      else if (!this.hidden && !plain) this.pointer = inlinePointer(element);
    } else if (!this.hidden) {
      if (hiddenHere) {
        this.hidden = true;
        this.wholeCandidate = copyWhole && !topLayer;
      } else if (parentIndex >= 0 && state.has(parentIndex, FAR_BELOW) && !topLayer && inFlow(element)) {
        // An in-flow sibling after one far below, in a block flow that runs down: far below too.
        this.far = true;
        this.wholeCandidate = copyWhole;
        this.pointer = !plain && inlinePointer(element);
      } else {
        // An absolutely positioned or fixed element escapes the clips of boxes that are not its containing block.
        if (this.absClip !== parentClip || this.fixedClip !== parentClip) this.ownClip = clipOfPosition(getComputedStyle(element).position, parentClip, this.absClip, this.fixedClip);
        if (this.reads.farFrom(index, element, this.ownClip)) {
          // One box read decides it: a non-empty box far beyond the near-viewport margin (or clipped
          // away) has a layout, so it is not display:none; its own style is not read, nor anything below it.
          this.far = true;
          this.farFrontier = true;
          this.pointer = !plain && inlinePointer(element);
          const box = this.walk.box.get(index)!;
          if (parentIndex >= 0 && state.has(parentIndex, BLOCK_FLOW) && farBelow(box, this.reads.viewport) && this.reads.flowsDown(parentIndex) && inFlow(element)) state.add(parentIndex, FAR_BELOW);
        } else {
          this.readStyle(element, index, parentClip);
        }
      }
    }
    if (this.hidden || this.far) state.setClips(index, this.childClip, this.childClip, this.childClip);
    else state.setClips(index, this.childClip, this.absClip, this.fixedClip);
  }

  /**
   * A few style reads per element; visibility (a visible child of a hidden parent shows) is left
   * to checkVisibility(), asked only where a semantic node or a text needs the answer.
   */
  private readStyle(element: Element, index: number, parentClip: Clip): void {
    const style = getComputedStyle(element);
    const display = style.display;
    if (display === 'none') {
      this.hidden = true;
      return;
    }
    this.contents = display === 'contents';
    this.blockFlow = display === 'block' || display === 'flow-root' || display === 'list-item';
    const position = style.position;
    this.ownClip = clipOfPosition(position, parentClip, this.absClip, this.fixedClip);
    this.childClip = this.ownClip;
    if (position === 'fixed' || position === 'absolute') this.walk.overlays.push(index);
    // overflow-x alone tells: a non-visible overflow-y turns a visible overflow-x into auto.
    const overflowX = style.overflowX;
    const root = this.root;
    if (element === root) this.rootOverflowVisible = overflowX === 'visible';
    if (overflowX !== 'visible' && !this.contents) {
      const overflowY = style.overflowY;
      this.scrollable = /auto|scroll/.test(overflowX + overflowY) && (element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth);
      // The root's overflow (or the body's, when the root's is visible) belongs to the viewport:
      // it scrolls the page, and the viewport clips it, not the scrolled html box.
      if (element !== root && !(element === this.doc.body && this.rootOverflowVisible)) {
        const border = this.walk.box.get(index) ?? this.reads.place(element.getBoundingClientRect());
        this.childClip = clipInside(this.childClip, paddingBox(element, border));
      }
    }
    // Positioned boxes contain absolutely positioned descendants; a transform contains fixed ones too.
    const transformed = style.transform !== 'none';
    if (position !== 'static' || transformed) this.absClip = this.childClip;
    if (transformed) this.fixedClip = this.childClip;
    const cursor = style.cursor;
    this.pointer = cursor === 'pointer';
    // A drag cursor (move/grab) is evidence of a pointer-driven draggable (the core's drag rule).
    this.dragCursor = !this.pointer && isDragCursor(cursor);
    // Zero opacity hides the element and all it holds; content-visibility:hidden what it
    // holds. Either way nothing below needs a style or box read (and it is a segment root).
    if (style.opacity === '0') this.hidden = true;
    else if (style.contentVisibility === 'hidden') this.hidesContent = true;
  }
}

/** `hidden`, `aria-hidden="true"` or `inert`: hidden with all it holds, whatever its style. */
function hiddenByAttribute(element: Element): boolean {
  return element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('inert');
}

/** Only an inline style can give a far element a pointer cursor cheaply: read it then. */
function inlinePointer(element: Element): boolean {
  const inline = element.getAttribute('style');
  return inline !== null && inline.includes('cursor') && getComputedStyle(element).cursor === 'pointer';
}
