// The DOM reads a walk makes lazily and remembers per record: boxes, whether an element renders
// hidden, whether its block flow runs down, whether it is far from the viewport.
import type { Rect, Walk } from '../types.js';
import { ASK_OVERFLOW, FAR, farByBox, farByOverflow, type Clip, type Size } from './geometry-rules.js';
import { CONTENTS, CV_HIDDEN, CV_KNOWN, DOWN, DOWN_KNOWN, HIDDEN_KNOWN, HIDDEN_SELF, type RecordState } from './record-state.js';

/** display:none (self/ancestors), content-visibility:hidden ancestors, opacity 0 (self/ancestors), visibility hidden. */
export const VISIBILITY_CHECK = { opacityProperty: true, visibilityProperty: true } as const;

export class LayoutReads {
  constructor(
    private readonly walk: Walk,
    private readonly state: RecordState,
    /** The top-level viewport this frame's boxes are classified against. */
    readonly viewport: Size,
  ) {}

  /** A frame-local rect placed in top-level viewport coordinates. */
  place(r: DOMRect): Rect {
    const origin = this.walk.origin;
    return { x: r.x + origin.x, y: r.y + origin.y, width: r.width, height: r.height };
  }

  /** The element's border box (null: empty), read once. */
  elementBox(index: number): Rect | null {
    let box = this.walk.box.get(index);
    if (box === undefined) {
      const r = (this.walk.nodes[index] as Element).getBoundingClientRect();
      box = r.width > 0 || r.height > 0 ? this.place(r) : null;
      this.walk.box.set(index, box);
    }
    return box;
  }

  /** Whether an element renders hidden (lazily from checkVisibility, remembered). */
  hiddenElement(index: number): boolean {
    const state = this.state;
    if (!state.has(index, HIDDEN_KNOWN)) {
      let hides: boolean;
      if (state.has(index, CONTENTS)) {
        // No box of its own: visible unless an ancestor is hidden.
        const parent = this.walk.parent[index]!;
        hides = parent >= 0 && this.hiddenElement(parent);
      } else {
        const element = this.walk.nodes[index] as Element;
        if (element.checkVisibility(VISIBILITY_CHECK)) hides = false;
        // It has a box, so opacity or visibility hides it.
        else if (element.checkVisibility()) hides = true;
        // No box: hidden only inside a content-visibility:hidden ancestor; otherwise it is just
        // without layout (no_layout, e.g. <option> of a closed <select>).
        else hides = this.skippedContent(index);
      }
      state.add(index, HIDDEN_KNOWN | (hides ? HIDDEN_SELF : 0));
    }
    return state.has(index, HIDDEN_SELF);
  }

  /** Whether an ancestor is content-visibility:hidden (its content is skipped). */
  private skippedContent(index: number): boolean {
    const { walk, state } = this;
    for (let k = walk.parent[index]!; k >= 0; k = walk.parent[k]!) {
      if (!state.has(k, CV_KNOWN)) state.add(k, CV_KNOWN | (getComputedStyle(walk.nodes[k] as Element).contentVisibility === 'hidden' ? CV_HIDDEN : 0));
      if (state.has(k, CV_HIDDEN)) return true;
    }
    return false;
  }

  /** Whether the element's block flow runs down (horizontal writing, no columns). */
  flowsDown(index: number): boolean {
    const state = this.state;
    if (!state.has(index, DOWN_KNOWN)) {
      const style = getComputedStyle(this.walk.nodes[index] as Element);
      const down = style.writingMode === 'horizontal-tb' && style.columnCount === 'auto' && style.columnWidth === 'auto';
      state.add(index, DOWN_KNOWN | (down ? DOWN : 0));
    }
    return state.has(index, DOWN);
  }

  /**
   * Whether an element's subtree can be classified offscreen from its own box (`farByBox`); the
   * box read is kept. Far above or left, its scrollable overflow (scrollWidth/Height, which
   * includes overflowing and absolutely positioned descendants) decides.
   */
  farFrom(index: number, element: Element, clip: Clip): boolean {
    const r = element.getBoundingClientRect();
    if (!(r.width > 0) || !(r.height > 0)) {
      this.walk.box.set(index, r.width > 0 || r.height > 0 ? this.place(r) : null);
      return false;
    }
    const box = this.place(r);
    this.walk.box.set(index, box);
    const far = farByBox(box, clip, this.viewport);
    if (far !== ASK_OVERFLOW) return far === FAR;
    const overflowRight = box.x + element.clientLeft + Math.max(element.scrollWidth, element.clientWidth);
    const overflowBottom = box.y + element.clientTop + Math.max(element.scrollHeight, element.clientHeight);
    return farByOverflow(box, overflowRight, overflowBottom);
  }
}

/** Not taken out of flow (absolute/fixed boxes go anywhere). */
export function inFlow(element: Element): boolean {
  const position = getComputedStyle(element).position;
  return position !== 'absolute' && position !== 'fixed';
}
