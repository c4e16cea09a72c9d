import { actionMask, geometryVisibility, isDragCursor, isSemantic, STRUCTURAL_ROLES as STRUCTURAL } from '@sightline/semantic-core/ranking';
import { labelOf, roleOf, svgRole } from './roles.js';
import { intersectRects as intersect } from '@sightline/semantic-core/ranking';
import { paddingBox } from './geometry.js';
import { isDraggable } from './draggable.js';
import { ViewportFirst } from './viewport-first.js';
import { BLOCK_FLOW, CONTENTS, CV_KNOWN, CV_HIDDEN, DOWN, DOWN_KNOWN, DRAG_CURSOR, EDITABLE, FAR_BELOW, FAR_SUB, HIDDEN_SUB, POINTER, RecordState, VIS_HIDDEN, VIS_KNOWN } from './record-state.js';
import { composedContains } from './hit-test.js';
import { closedDetailsContent } from './ua-hidden.js';
import { maybeClosedHost } from './closed-roots.js';
import type { MutationLog } from './mutation-log.js';
import { segmentKey, wholeKey, type OpenSegment, type Segment, type SegmentCache } from './segments.js';

const DISABLED = Object.freeze({ disabled: true });
/** display:none (self/ancestors), content-visibility:hidden ancestors, opacity 0 (self/ancestors), visibility hidden. */
const VISIBILITY_CHECK = { opacityProperty: true, visibilityProperty: true } as const;
import { NOT_SEMANTIC, V_HIDDEN, V_IN, V_NEAR, V_NOLAYOUT, V_OFF, type Rect, type Walk, type WalkLimits } from './types.js';

/** SPEC §5 near-viewport margin (CSS px); the core's NEAR_VIEWPORT_MARGIN. */
const FAR_MARGIN = 1000;
/** Stand-in box for pointer elements of far subtrees (non-empty; not shipped). */
const FAR_BOX = Object.freeze({ x: 0, y: 0, width: 1, height: 1 });

const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base']);

/**
 * One pass over the composed tree of this frame's document: open shadow roots composed into their
 * hosts (slots resolved), known closed roots likewise, user-agent roots never (not reachable from
 * script). Computed style is read only for elements not already hidden by an ancestor; boxes only
 * for semantic nodes and clipping containers.
 */
export interface FramePlacement {
  /** Top-left of this frame's viewport in top-level viewport coordinates. */
  origin: { x: number; y: number };
  /** The part of the top-level viewport this frame can show (iframe content box ∩ its clips); undefined for the main frame. */
  clip: Rect | null | undefined;
  /** Size of the top-level viewport. */
  viewport: { width: number; height: number } | undefined;
  /** The <iframe> showing this frame is itself covered by an overlay in its parent document. */
  covered?: boolean;
}

export function walkDocument(
  doc: Document,
  closedRoots: WeakMap<Element, ShadowRoot>,
  checkedHosts: WeakSet<Element>,
  limits: WalkLimits,
  placement: FramePlacement,
  log: MutationLog,
  segments?: SegmentCache,
): Walk {
  const view = doc.defaultView!;
  const vw = placement.viewport?.width ?? view.innerWidth;
  const vh = placement.viewport?.height ?? view.innerHeight;
  const ox = placement.origin.x;
  const oy = placement.origin.y;
  const place = (r: DOMRect): Rect => ({ x: r.x + ox, y: r.y + oy, width: r.width, height: r.height });
  const walk: Walk = {
    nodes: [], parent: [], tree: [], role: [], name: [], vis: [], actionable: [], box: [], clip: [], hit: [], coveredBy: [],
    frameOwners: [], overlays: [], closedCandidates: [], segments: [], focused: -1, activeDialog: -1, exhausted: [],
    viewport: { width: vw, height: vh }, origin: { x: ox, y: oy }, scroll: { x: view.scrollX, y: view.scrollY },
  };
  // Per-record state for children (flags of record-state.ts).
  const state = new RecordState();
  const skippedContent = (index: number): boolean => {
    for (let k = walk.parent[index]!; k >= 0; k = walk.parent[k]!) {
      if (!state.has(k, CV_KNOWN)) state.add(k, CV_KNOWN | (getComputedStyle(walk.nodes[k] as Element).contentVisibility === 'hidden' ? CV_HIDDEN : 0));
      if (state.has(k, CV_HIDDEN)) return true;
    }
    return false;
  };
  /** Whether an element is rendered hidden (lazily from checkVisibility, remembered). */
  const hiddenElement = (index: number): boolean => {
    if (!state.has(index, VIS_KNOWN)) {
      let hides: boolean;
      if (state.has(index, CONTENTS)) {
        // No box of its own: visible unless an ancestor is hidden.
        const parent = walk.parent[index]!;
        hides = parent >= 0 && hiddenElement(parent);
      } else {
        const element = walk.nodes[index] as Element;
        if (element.checkVisibility(VISIBILITY_CHECK)) hides = false;
        // It has a box, so opacity or visibility hides it.
        else if (element.checkVisibility()) hides = true;
        // No box: hidden only inside a content-visibility:hidden ancestor; otherwise it is just
        // without layout (no_layout, e.g. <option> of a closed <select>).
        else hides = skippedContent(index);
      }
      state.add(index, VIS_KNOWN | (hides ? VIS_HIDDEN : 0));
    }
    return state.has(index, VIS_HIDDEN);
  };
  const flowsDown = (index: number): boolean => {
    if (!state.has(index, DOWN_KNOWN)) {
      const style = getComputedStyle(walk.nodes[index] as Element);
      const down = style.writingMode === 'horizontal-tb' && style.columnCount === 'auto' && style.columnWidth === 'auto';
      state.add(index, DOWN_KNOWN | (down ? DOWN : 0));
    }
    return state.has(index, DOWN);
  };
  /** Not taken out of flow (absolute/fixed boxes go anywhere). */
  const inFlow = (element: Element): boolean => {
    const position = getComputedStyle(element).position;
    return position !== 'absolute' && position !== 'fixed';
  };
  const rootEditable = doc.designMode === 'on';
  const elementBox = (index: number): Rect | null => {
    let b = walk.box[index];
    if (b === undefined) {
      const r = (walk.nodes[index] as Element).getBoundingClientRect();
      b = r.width > 0 || r.height > 0 ? place(r) : null;
      walk.box[index] = b;
    }
    return b;
  };
  const viewportSize = { width: vw, height: vh };
  const classify = (box: Rect | null, clip: Rect | null | undefined): number => {
    if (!box || !(box.width > 0) || !(box.height > 0)) return V_NOLAYOUT;
    const where = geometryVisibility(box, clip, viewportSize);
    return where === 'in_viewport' ? V_IN : where === 'near_viewport' ? V_NEAR : V_OFF;
  };
  /**
   * Whether an element's subtree can be classified offscreen from its own box: the box is
   * non-empty and either clipped away by its overflow ancestors or wholly beyond the near-viewport
   * margin. Normal-flow overflow runs right and down, so a box far below or right of the viewport
   * decides on its own; far above or left, its scrollable overflow (scrollWidth/Height, which
   * includes overflowing and absolutely positioned descendants) must be far as well.
   */
  const farFrom = (index: number, element: Element, clip: Rect | null | undefined): boolean => {
    const r = element.getBoundingClientRect();
    if (!(r.width > 0) || !(r.height > 0)) {
      walk.box[index] = r.width > 0 || r.height > 0 ? place(r) : null;
      return false;
    }
    const box = place(r);
    walk.box[index] = box;
    if (geometryVisibility(box, clip, viewportSize) !== 'offscreen') return false;
    if (clip === null) return true;
    if (clip !== undefined) {
      const right = Math.min(box.x + box.width, clip.x + clip.width);
      const bottom = Math.min(box.y + box.height, clip.y + clip.height);
      if (right <= Math.max(box.x, clip.x) || bottom <= Math.max(box.y, clip.y)) return true;
    }
    if (box.y - vh > FAR_MARGIN || box.x - vw > FAR_MARGIN) return true;
    // Far above or left: its overflow runs back towards the viewport.
    const overflowRight = box.x + element.clientLeft + Math.max(element.scrollWidth, element.clientWidth);
    const overflowBottom = box.y + element.clientTop + Math.max(element.scrollHeight, element.clientHeight);
    return (box.y + box.height < -FAR_MARGIN && overflowBottom < -FAR_MARGIN) || (box.x + box.width < -FAR_MARGIN && overflowRight < -FAR_MARGIN);
  };
  const scratchAttributes: { inputType?: string; contentEditable?: boolean; href?: boolean; clickHandler?: boolean; tabIndex?: number; draggable?: boolean; labelsNothing?: boolean } = {};
  const scratchStyle: { cursor?: string; scrollable?: boolean } = {};
  const scratch: { kind: string; tag: string; role: string; name: string; attributes: typeof scratchAttributes; style: typeof scratchStyle; states: unknown; box: Rect | null | undefined } = {
    kind: 'element', tag: '', role: '', name: '', attributes: scratchAttributes, style: scratchStyle, states: undefined, box: undefined,
  };
  const activeChain = deepActiveElement(doc);
  const activeElement = activeChain.values().next().value as Element | undefined;
  const root = doc.documentElement;
  if (!root) return walk;
  /** The root's overflow is visible, so the body's propagates to the viewport (CSS Overflow §3.3). */
  let rootOverflowVisible = true;
  // Stack of [node, parentRecord]; children pushed in reverse for pre-order.
  const stackNodes: Node[] = [root];
  const stackParents: number[] = [-1];
  /** Tree of each stacked node: children reached through a shadow root or a slot get a new id. */
  const stackTrees: number[] = [0];
  let nextTree = 1;
  let count = 0;
  const viewportClip: Rect | null | undefined = placement.clip;
  /** The DOM-only subtree being recorded for reuse (segments.ts), if any. */
  let open: OpenSegment | null = null;
  const closeSegment = (segment: OpenSegment) => {
    const start = segment.withRoot ? segment.root : segment.root + 1;
    if (segment.cacheable && walk.nodes.length > start) {
      walk.segments.push({
        element: segment.element, root: segment.root, start, end: walk.nodes.length, key: segment.key, treeBase: segment.treeBase,
        preVis: Int8Array.from(walk.vis.slice(start)), reused: false,
      });
    }
  };
  /**
   * Copy a stored segment's records (nothing below them is visited): below the root record at
   * `anchor`, or — a whole segment — the root and its subtree below the parent record at `anchor`.
   */
  const splice = (element: Element, segment: Segment, anchor: number, anchorTree: number, anchorClip: Rect | null | undefined, key: number) => {
    const base = walk.nodes.length;
    const treeBase = nextTree;
    nextTree += segment.trees;
    const length = segment.nodes.length;
    for (let k = 0; k < length; k++) {
      walk.nodes.push(segment.nodes[k]!);
      const p = segment.parent[k]!;
      walk.parent.push(p < 0 ? anchor : base + p);
      const t = segment.tree[k]!;
      walk.tree.push(t < 0 ? anchorTree : treeBase + t);
      walk.role.push(segment.role[k]!);
      walk.name.push(segment.name[k]!);
      walk.vis.push(segment.vis[k]!);
      walk.actionable.push(segment.actionable[k] === 1);
      walk.box.push(undefined);
      walk.clip.push(segment.clipped[k] === 1 ? anchorClip : undefined);
      walk.hit.push(0);
      walk.coveredBy.push(-1);
    }
    for (const owner of segment.frameOwners) walk.frameOwners.push(base + owner);
    const root = segment.withRoot ? base : anchor;
    walk.segments.push({ element, root, start: segment.withRoot ? base : anchor + 1, end: base + length, key, treeBase, reused: true, recheck: segment.recheck });
    const before = count;
    count += length;
    // Copied runs skip the walk's every-1024-nodes deadline check: check when they cross one.
    return (before >> 10) === (count >> 10) || performance.now() <= viewportFirst.deadline;
  };
  /** Issue 17: a walk cut by its time or node budget goes on over what the viewport shows (viewport-first.ts). */
  const viewportFirst = new ViewportFirst(walk, state, limits);

  while (stackNodes.length > 0) {
    if (open !== null && stackNodes.length <= open.stackSize) {
      closeSegment(open);
      open = null;
    }
    const node = stackNodes.pop()!;
    const parentIndex = stackParents.pop()!;
    const tree = stackTrees.pop()!;
    if (viewportFirst.skips(node, parentIndex)) continue;
    if ((++count & 1023) === 0 && performance.now() > viewportFirst.deadline) {
      open = null;
      if (!viewportFirst.cut()) break;
      if (viewportFirst.skips(node, parentIndex)) continue;
    }
    if (count > viewportFirst.maxNodes) {
      open = null;
      if (!viewportFirst.cut('nodes')) break;
      if (viewportFirst.skips(node, parentIndex)) continue;
    }
    const parentHidden = parentIndex >= 0 && state.has(parentIndex, HIDDEN_SUB);
    const parentFar = parentIndex >= 0 && state.has(parentIndex, FAR_SUB);
    const parentClip = parentIndex >= 0 ? state.childClip(parentIndex) : viewportClip;

    if (node.nodeType === 3) {
      const data = (node as Text).data;
      if (!/\S/.test(data)) continue;
      const index = walk.nodes.length;
      walk.nodes.push(node);
      walk.parent.push(parentIndex);
      walk.tree.push(tree);
      walk.role.push('text');
      walk.name.push(''); // collapsed lazily (only shipped or queried text pays for it)
      walk.actionable.push(false);
      walk.hit.push(0);
      walk.coveredBy.push(-1);
      state.set(index, HIDDEN_SUB | VIS_KNOWN | VIS_HIDDEN);
      state.setChildClip(index, undefined);
      if (parentFar) {
        // Inside a far-offscreen subtree: offscreen from the ancestor's box, nothing read.
        walk.box[index] = undefined;
        walk.clip.push(parentClip);
        walk.vis.push(parentHidden ? V_HIDDEN : V_OFF);
      } else if (parentHidden || (parentIndex >= 0 && (hiddenElement(parentIndex) || closedDetailsContent(walk.nodes[parentIndex] as Element, node)))) {
        walk.vis.push(V_HIDDEN);
        walk.box[index] = undefined;
        walk.clip.push(undefined);
      } else {
        const box = parentIndex >= 0 ? elementBox(parentIndex) : null;
        walk.box[index] = box;
        walk.clip.push(parentClip);
        walk.vis.push(classify(box, parentClip));
      }
      continue;
    }
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    const copyWhole = segments !== undefined && parentIndex >= 0 && state.has(parentIndex, FAR_BELOW) && (open === null || !open.cacheable);
    if (copyWhole) {
      const stored = segments.get(element, wholeKey(state.has(parentIndex, POINTER), state.has(parentIndex, EDITABLE)));
      if (stored && !(activeElement !== undefined && composedContains(element, activeElement)) && count + stored.nodes.length <= limits.maxNodes) {
        if (!splice(element, stored, parentIndex, tree, parentClip, stored.key)) {
          open = null;
          if (!viewportFirst.cut()) break;
        }
        continue;
      }
    }
    const tag = element.localName;
    if (SKIP_TAGS.has(tag)) continue;
    const isSvg = element.namespaceURI === 'http://www.w3.org/2000/svg';

    const index = walk.nodes.length;
    walk.nodes.push(element);
    walk.parent.push(parentIndex);
    walk.tree.push(tree);
    walk.hit.push(0);
    walk.coveredBy.push(-1);
    walk.box[index] = undefined;
    const role = isSvg ? svgRole(element) : roleOf(element, tag);
    walk.role.push(role);
    // Content the browser does not render (a closed <details> past its summary) is hidden like display:none.
    let hidden = parentHidden || (parentIndex >= 0 && closedDetailsContent(walk.nodes[parentIndex] as Element, element));
    /** The clip that applies to this element: its containing-block chain's (SPEC §5). */
    let ownClip = parentClip;
    let clipForChildren = parentClip;
    let absForChildren = parentIndex >= 0 ? state.absClip(parentIndex) : viewportClip;
    let fixedForChildren = parentIndex >= 0 ? state.fixedClip(parentIndex) : viewportClip;
    let isPointer = false;
    let dragCursor = false;
    let scrollable = false;
    let isContents = false;
    let blockFlow = false;
    /** content-visibility:hidden: the element shows, what is in it does not. */
    let hidesContent = false;
    // Top-layer candidates (modal dialogs, popovers) render in the viewport whatever their ancestors' boxes.
    const topLayer = tag === 'dialog' || (parentFar && element.hasAttribute('popover'));
    // A top-layer element reads style and boxes, so its segment depends on more than the DOM.
    // A custom element not yet defined may attach a shadow root when it upgrades, which no mutation reports.
    if (open !== null && (topLayer || tag === 'slot' || (tag.includes('-') && !element.matches(':defined')))) open.cacheable = false;
    let far = parentFar && !topLayer;
    let farFrontier = false;
    /** Classified from its own attributes alone, after a far-below sibling: copyable with its subtree. */
    let wholeCandidate = false;
    if (far) {
      // Attributes only: no style, no box (SPEC §8, README "Approximations").
      if (!hidden && (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('inert'))) hidden = true;
      if (!hidden) {
        const inline = element.getAttribute('style');
        if (inline !== null && inline.includes('cursor')) isPointer = getComputedStyle(element).cursor === 'pointer';
      }
    } else if (!hidden) {
      if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('inert')) {
        hidden = true;
        wholeCandidate = copyWhole && !topLayer;
      } else if (parentIndex >= 0 && state.has(parentIndex, FAR_BELOW) && !topLayer && inFlow(element)) {
        // An in-flow sibling after one far below, in a block flow that runs down: far below too.
        far = true;
        wholeCandidate = copyWhole;
        const inline = element.getAttribute('style');
        if (inline !== null && inline.includes('cursor')) isPointer = getComputedStyle(element).cursor === 'pointer';
      } else if (
        // An absolutely positioned or fixed element escapes the clips of boxes that are not its containing block.
        ((absForChildren !== parentClip || fixedForChildren !== parentClip) && (ownClip = clipOfPosition(getComputedStyle(element).position, parentClip, absForChildren, fixedForChildren)), false) ||
        (far = farFrom(index, element, ownClip))
      ) {
        // One box read decides it: a non-empty box far beyond the near-viewport margin (or clipped
        // away) has a layout, so it is not display:none; its own style is not read, nor anything below it.
        farFrontier = true;
        const inline = element.getAttribute('style');
        if (inline !== null && inline.includes('cursor')) isPointer = getComputedStyle(element).cursor === 'pointer';
        const box = walk.box[index]!;
        if (parentIndex >= 0 && state.has(parentIndex, BLOCK_FLOW) && box.y - vh > FAR_MARGIN && flowsDown(parentIndex) && inFlow(element)) state.add(parentIndex, FAR_BELOW);
      } else {
        // A few reads per element; visibility (a visible child of a hidden parent shows) is left
        // to checkVisibility(), asked only where a semantic node or a text needs the answer.
        const style = getComputedStyle(element);
        const display = style.display;
        if (display === 'none') {
          hidden = true;
        } else {
          isContents = display === 'contents';
          blockFlow = display === 'block' || display === 'flow-root' || display === 'list-item';
          const position = style.position;
          ownClip = clipOfPosition(position, parentClip, absForChildren, fixedForChildren);
          clipForChildren = ownClip;
          if (position === 'fixed' || position === 'absolute') walk.overlays.push(index);
          // overflow-x alone tells: a non-visible overflow-y turns a visible overflow-x into auto.
          const overflowX = style.overflowX;
          if (element === root) rootOverflowVisible = overflowX === 'visible';
          if (overflowX !== 'visible' && !isContents) {
            const overflowY = style.overflowY;
            scrollable = /auto|scroll/.test(overflowX + overflowY) && (element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth);
            // The root's overflow (or the body's, when the root's is visible) belongs to the viewport:
            // it scrolls the page, and the viewport clips it, not the scrolled html box.
            if (element !== root && !(element === doc.body && rootOverflowVisible)) {
              const border = walk.box[index] ?? place(element.getBoundingClientRect());
              const pad = paddingBox(element, border);
              clipForChildren = clipForChildren === undefined ? pad : clipForChildren === null ? null : intersect(clipForChildren, pad);
            }
          }
          // Positioned boxes contain absolutely positioned descendants; a transform contains fixed ones too.
          const transformed = style.transform !== 'none';
          if (position !== 'static' || transformed) absForChildren = clipForChildren;
          if (transformed) fixedForChildren = clipForChildren;
          const cursor = style.cursor;
          isPointer = cursor === 'pointer';
          // A drag cursor (move/grab) is evidence of a pointer-driven draggable (the core's drag rule).
          dragCursor = !isPointer && isDragCursor(cursor);
          // Zero opacity hides the element and all it holds; content-visibility:hidden what it
          // holds. Either way nothing below needs a style or box read (and it is a segment root).
          if (style.opacity === '0') hidden = true;
          else if (style.contentVisibility === 'hidden') hidesContent = true;
        }
      }
    }
    if (hidden || far) state.setClips(index, clipForChildren, clipForChildren, clipForChildren);
    else state.setClips(index, clipForChildren, absForChildren, fixedForChildren);
    // The core's rules (bundled from @sightline/semantic-core/ranking) decide actions and semantics.
    const evidence = scratch;
    evidence.tag = tag;
    evidence.role = role;
    const attributes = scratchAttributes;
    attributes.inputType = tag === 'input' ? ((element as HTMLInputElement).type || 'text').toLowerCase() : undefined;
    const editableAttribute = element.getAttribute('contenteditable');
    const editableValue = editableAttribute === null ? null : editableAttribute.toLowerCase();
    const inherited = parentIndex >= 0 ? state.has(parentIndex, EDITABLE) : rootEditable;
    const isEditable =
      !isSvg &&
      (editableValue === '' || editableValue === 'true' || editableValue === 'plaintext-only' ? true : editableValue === 'false' ? false : inherited);
    state.set(
      index,
      (hidden ? HIDDEN_SUB | VIS_KNOWN | VIS_HIDDEN : hidesContent ? HIDDEN_SUB : 0) | (far ? FAR_SUB : 0) | (isContents ? CONTENTS : 0) | (isPointer ? POINTER : 0) |
        (isEditable ? EDITABLE : 0) | (blockFlow ? BLOCK_FLOW : 0) | (dragCursor ? DRAG_CURSOR : 0),
    );
    attributes.contentEditable = isEditable ? true : undefined;
    attributes.href = (tag === 'a' || tag === 'area') && element.hasAttribute('href') ? true : undefined;
    attributes.clickHandler = element.hasAttribute('onclick') ? true : undefined;
    attributes.tabIndex = element.hasAttribute('tabindex') ? (element as HTMLElement).tabIndex : undefined;
    attributes.draggable = isDraggable(element) ? true : undefined;
    attributes.labelsNothing = tag === 'label' && (element as HTMLLabelElement).control === null ? true : undefined;
    scratchStyle.cursor = isPointer ? 'pointer' : dragCursor ? 'move' : undefined;
    scratchStyle.scrollable = scrollable;
    evidence.states = (element as HTMLButtonElement).disabled === true || element.getAttribute('aria-disabled') === 'true' ? DISABLED : undefined;
    evidence.box = isPointer || dragCursor ? (far && !farFrontier ? FAR_BOX : elementBox(index)) : undefined;
    const mask = actionMask(evidence as never, parentIndex >= 0 && state.has(parentIndex, POINTER), parentIndex >= 0 && state.has(parentIndex, DRAG_CURSOR));
    const actionable = mask !== 0;
    walk.actionable.push(actionable);
    // Names of structural roles come only from labels; others are named lazily (when shipped or queried).
    const structural = STRUCTURAL.has(role);
    const name = structural ? labelOf(element) : '';
    // aria-labelledby names come from elements elsewhere, which the segment's observer does not cover.
    if (open !== null && structural && element.hasAttribute('aria-labelledby')) open.cacheable = false;
    walk.name.push(name);
    evidence.name = name;
    evidence.kind = 'element';
    const semantic = isSemantic(evidence as never, mask);
    if (!semantic) {
      walk.vis.push(NOT_SEMANTIC);
      walk.clip.push(ownClip);
    } else if (far && !farFrontier) {
      walk.vis.push(hidden ? V_HIDDEN : V_OFF);
      walk.clip.push(ownClip);
    } else if (farFrontier) {
      // Has a box, so only opacity/visibility can hide it.
      walk.clip.push(ownClip);
      walk.vis.push(element.checkVisibility(VISIBILITY_CHECK) ? V_OFF : V_HIDDEN);
    } else if (hidden || hiddenElement(index)) {
      walk.vis.push(V_HIDDEN);
      walk.clip.push(ownClip);
    } else {
      const box = elementBox(index);
      walk.clip.push(ownClip);
      walk.vis.push(classify(box, ownClip));
    }
    if (activeChain.has(element)) {
      walk.focused = index;
      if (open !== null) open.cacheable = false;
    }
    if (walk.activeDialog < 0 && isModal(element, role) && !hiddenElement(index)) {
      walk.activeDialog = index;
      if (open !== null) open.cacheable = false;
    }
    if (tag === 'iframe' || tag === 'frame') {
      walk.frameOwners.push(index);
      continue;
    }
    if (isSvg) continue;
    if (segments !== undefined && (far || hidden || hidesContent) && !parentFar && !parentHidden) {
      // The root of a DOM-only subtree: copy its records if nothing in it changed since they were taken.
      // Focus and an active modal are read live; a slot's content comes from elsewhere.
      const uncacheable = (activeElement !== undefined && composedContains(element, activeElement)) || walk.activeDialog === index || tag === 'slot';
      if (wholeCandidate) {
        // Not stored (or stale): record it with its root, for the next walk to copy.
        if (open === null) {
          const key = wholeKey(parentIndex >= 0 && state.has(parentIndex, POINTER), parentIndex >= 0 && state.has(parentIndex, EDITABLE));
          open = { element, root: index, withRoot: true, key, stackSize: stackNodes.length, treeBase: nextTree, cacheable: !uncacheable };
        }
      } else {
        const key = segmentKey(far, hidden || hidesContent, isPointer, isEditable, walk.vis[index] !== NOT_SEMANTIC);
        if (open === null || !open.cacheable) {
          const stored = segments.get(element, key);
          if (stored && !uncacheable && count + stored.nodes.length <= limits.maxNodes) {
            if (!splice(element, stored, index, walk.tree[index]!, walk.clip[index], key)) {
              open = null;
              if (!viewportFirst.cut()) break;
            }
            continue;
          }
        }
        if (open === null) open = { element, root: index, withRoot: false, key, stackSize: stackNodes.length, treeBase: nextTree, cacheable: !uncacheable };
      }
    }
    // Children in composed order, pushed last-first so they pop in document order.
    const shadow = element.shadowRoot;
    const container: Node | null = shadow ?? closedRoots.get(element) ?? null;
    if (container) {
      // Caches keyed on this DOM (segments, AX freshness, closed roots) must see changes inside it too.
      log.observe(container);
      const shadowTree = nextTree++;
      for (let child = container.lastChild; child; child = child.previousSibling) {
        stackNodes.push(child);
        stackParents.push(index);
        stackTrees.push(shadowTree);
      }
    } else if (tag === 'slot') {
      const assigned = (element as HTMLSlotElement).assignedNodes();
      if (assigned.length > 0) {
        const slottedTree = nextTree++;
        for (let i = assigned.length - 1; i >= 0; i--) {
          stackNodes.push(assigned[i]!);
          stackParents.push(index);
          stackTrees.push(slottedTree);
        }
      } else {
        for (let child = element.lastChild; child; child = child.previousSibling) {
          stackNodes.push(child);
          stackParents.push(index);
          stackTrees.push(tree);
        }
      }
    } else {
      if ((tag.includes('-') || (!far && !hidden && maybeClosedHost(element, tag, walk.box[index]))) && !checkedHosts.has(element)) {
        walk.closedCandidates.push(element);
        if (open !== null) open.cacheable = false;
      }
      for (let child = element.lastChild; child; child = child.previousSibling) {
        stackNodes.push(child);
        stackParents.push(index);
        stackTrees.push(tree);
      }
    }
  }
  if (open !== null) closeSegment(open);
  return viewportFirst.finish();
}

/** The clip of an element by its position: in-flow boxes take their parent's, others their containing block's. */
function clipOfPosition(position: string, inFlow: Rect | null | undefined, abs: Rect | null | undefined, fixed: Rect | null | undefined): Rect | null | undefined {
  return position === 'absolute' ? abs : position === 'fixed' ? fixed : inFlow;
}

function isModal(element: Element, role: string): boolean {
  if (element.localName === 'dialog') return element.matches(':modal');
  return (role === 'dialog' || role === 'alertdialog') && element.getAttribute('aria-modal') === 'true';
}

/** The focused element and its composed ancestors (through shadow roots). */
function deepActiveElement(doc: Document): Set<Element> {
  const chain = new Set<Element>();
  let active: Element | null = doc.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  if (active && active !== doc.body && active !== doc.documentElement) chain.add(active);
  return chain;
}
