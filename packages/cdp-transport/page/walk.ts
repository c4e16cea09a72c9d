import { actionMask, geometryVisibility, isSemantic, STRUCTURAL_ROLES as STRUCTURAL } from '@sightline/semantic-core/ranking';
import { labelOf, roleOf } from './roles.js';
import { intersectRects as intersect } from '@sightline/semantic-core/ranking';
import { paddingBox } from './geometry.js';

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

export function walkDocument(doc: Document, closedRoots: WeakMap<Element, ShadowRoot>, checkedHosts: WeakSet<Element>, limits: WalkLimits, placement: FramePlacement): Walk {
  const view = doc.defaultView!;
  const vw = placement.viewport?.width ?? view.innerWidth;
  const vh = placement.viewport?.height ?? view.innerHeight;
  const ox = placement.origin.x;
  const oy = placement.origin.y;
  const place = (r: DOMRect): Rect => ({ x: r.x + ox, y: r.y + oy, width: r.width, height: r.height });
  const walk: Walk = {
    nodes: [], parent: [], tree: [], role: [], name: [], vis: [], actionable: [], box: [], clip: [], hit: [], coveredBy: [],
    frameOwners: [], overlays: [], closedCandidates: [], focused: -1, activeDialog: -1, exhausted: [],
    viewport: { width: vw, height: vh }, origin: { x: ox, y: oy }, scroll: { x: view.scrollX, y: view.scrollY },
  };
  // Per-record state for children.
  const hiddenSub: boolean[] = [];
  /** Per record: its subtree lies far beyond the near-viewport margin (or is clipped away); descendants are classified from attributes only. */
  const farSub: boolean[] = [];
  const contents: boolean[] = [];
  /** Per record: undefined unknown, 0 rendered visible, 1 hidden (lazily from checkVisibility). */
  const visState: Array<0 | 1 | undefined> = [];
  const contentHidden: Array<boolean | undefined> = [];
  const skippedContent = (index: number): boolean => {
    for (let k = walk.parent[index]!; k >= 0; k = walk.parent[k]!) {
      let hides = contentHidden[k];
      if (hides === undefined) {
        hides = getComputedStyle(walk.nodes[k] as Element).contentVisibility === 'hidden';
        contentHidden[k] = hides;
      }
      if (hides) return true;
    }
    return false;
  };
  const hiddenElement = (index: number): boolean => {
    let state = visState[index];
    if (state === undefined) {
      if (contents[index]) {
        // No box of its own: visible unless an ancestor is hidden.
        const parent = walk.parent[index]!;
        state = parent >= 0 && hiddenElement(parent) ? 1 : 0;
      } else {
        const element = walk.nodes[index] as Element;
        if (element.checkVisibility(VISIBILITY_CHECK)) state = 0;
        // It has a box, so opacity or visibility hides it.
        else if (element.checkVisibility()) state = 1;
        // No box: hidden only inside a content-visibility:hidden ancestor; otherwise it is just
        // without layout (no_layout, e.g. <option> of a closed <select>).
        else state = skippedContent(index) ? 1 : 0;
      }
      visState[index] = state;
    }
    return state === 1;
  };
  const childClip: Array<Rect | null | undefined> = [];
  const pointer: boolean[] = [];
  /** Per record: laid out as a block container (display block/flow-root/list-item, read with its style). */
  const blockFlow: boolean[] = [];
  /** Per record: one of its in-flow children was far below the viewport; later in-flow children are too. */
  const farBelow: boolean[] = [];
  /** Per record: 0 unknown, 1 its block flow runs top to bottom in one column, 2 not. */
  const downward: Array<0 | 1 | 2> = [];
  const flowsDown = (index: number): boolean => {
    let state = downward[index] ?? 0;
    if (state === 0) {
      const style = getComputedStyle(walk.nodes[index] as Element);
      state = style.writingMode === 'horizontal-tb' && style.columnCount === 'auto' && style.columnWidth === 'auto' ? 1 : 2;
      downward[index] = state;
    }
    return state === 1;
  };
  /** Not taken out of flow (absolute/fixed boxes go anywhere). */
  const inFlow = (element: Element): boolean => {
    const position = getComputedStyle(element).position;
    return position !== 'absolute' && position !== 'fixed';
  };
  /** Per record: editable through a contenteditable attribute on it or an ancestor (isContentEditable without its style read). */
  const editable: boolean[] = [];
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
  const scratchAttributes: { inputType?: string; contentEditable?: boolean; href?: boolean; clickHandler?: boolean; tabIndex?: number } = {};
  const scratchStyle: { cursor?: string; scrollable?: boolean } = {};
  const scratch: { kind: string; tag: string; role: string; name: string; attributes: typeof scratchAttributes; style: typeof scratchStyle; states: unknown; box: Rect | null | undefined } = {
    kind: 'element', tag: '', role: '', name: '', attributes: scratchAttributes, style: scratchStyle, states: undefined, box: undefined,
  };
  const activeChain = deepActiveElement(doc);
  const root = doc.documentElement;
  if (!root) return walk;
  // Stack of [node, parentRecord]; children pushed in reverse for pre-order.
  const stackNodes: Node[] = [root];
  const stackParents: number[] = [-1];
  /** Tree of each stacked node: children reached through a shadow root or a slot get a new id. */
  const stackTrees: number[] = [0];
  let nextTree = 1;
  let count = 0;
  const viewportClip: Rect | null | undefined = placement.clip;

  while (stackNodes.length > 0) {
    const node = stackNodes.pop()!;
    const parentIndex = stackParents.pop()!;
    const tree = stackTrees.pop()!;
    if ((++count & 1023) === 0 && performance.now() > limits.deadline) {
      walk.exhausted.push('time');
      break;
    }
    if (count > limits.maxNodes) {
      walk.exhausted.push('nodes');
      break;
    }
    const parentHidden = parentIndex >= 0 ? hiddenSub[parentIndex]! : false;
    const parentClip = parentIndex >= 0 ? childClip[parentIndex] : viewportClip;

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
      hiddenSub[index] = true;
      contents[index] = false;
      visState[index] = 1;
      childClip[index] = undefined;
      pointer[index] = false;
      farSub[index] = false;
      editable[index] = false;
      if (parentIndex >= 0 && farSub[parentIndex]) {
        // Inside a far-offscreen subtree: offscreen from the ancestor's box, nothing read.
        walk.box[index] = undefined;
        walk.clip.push(parentClip);
        walk.vis.push(parentHidden ? V_HIDDEN : V_OFF);
      } else if (parentHidden || (parentIndex >= 0 && hiddenElement(parentIndex))) {
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
    const role = isSvg ? (element.getAttribute('role') ?? 'generic') : roleOf(element, tag);
    walk.role.push(role);
    let hidden = parentHidden;
    let clipForChildren = parentClip;
    let isPointer = false;
    let scrollable = false;
    let isContents = false;
    // Top-layer candidates (modal dialogs, popovers) render in the viewport whatever their ancestors' boxes.
    const topLayer = tag === 'dialog' || (parentIndex >= 0 && farSub[parentIndex]! && element.hasAttribute('popover'));
    let far = parentIndex >= 0 && farSub[parentIndex]! && !topLayer;
    let farFrontier = false;
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
      } else if (parentIndex >= 0 && farBelow[parentIndex] && !topLayer && inFlow(element)) {
        // An in-flow sibling after one far below, in a block flow that runs down: far below too.
        far = true;
        const inline = element.getAttribute('style');
        if (inline !== null && inline.includes('cursor')) isPointer = getComputedStyle(element).cursor === 'pointer';
      } else if ((far = farFrom(index, element, parentClip))) {
        // One box read decides it: a non-empty box far beyond the near-viewport margin (or clipped
        // away) has a layout, so it is not display:none; its own style is not read, nor anything below it.
        farFrontier = true;
        const inline = element.getAttribute('style');
        if (inline !== null && inline.includes('cursor')) isPointer = getComputedStyle(element).cursor === 'pointer';
        const box = walk.box[index]!;
        if (parentIndex >= 0 && blockFlow[parentIndex] && box.y - vh > FAR_MARGIN && flowsDown(parentIndex) && inFlow(element)) farBelow[parentIndex] = true;
      } else {
        // Four reads per element; visibility, opacity and content-visibility are left to
        // checkVisibility(), asked only where a semantic node or a text needs the answer.
        const style = getComputedStyle(element);
        const display = style.display;
        if (display === 'none') {
          hidden = true;
        } else {
          isContents = display === 'contents';
          blockFlow[index] = display === 'block' || display === 'flow-root' || display === 'list-item';
          const position = style.position;
          if (position === 'fixed') clipForChildren = viewportClip;
          if (position === 'fixed' || position === 'absolute') walk.overlays.push(index);
          // overflow-x alone tells: a non-visible overflow-y turns a visible overflow-x into auto.
          const overflowX = style.overflowX;
          if (overflowX !== 'visible' && !isContents) {
            const overflowY = style.overflowY;
            const border = walk.box[index] ?? place(element.getBoundingClientRect());
            const pad = paddingBox(element, border);
            clipForChildren = clipForChildren === undefined ? pad : clipForChildren === null ? null : intersect(clipForChildren, pad);
            scrollable = /auto|scroll/.test(overflowX + overflowY) && (element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth);
          }
          isPointer = style.cursor === 'pointer';
        }
      }
    }
    hiddenSub[index] = hidden;
    farSub[index] = far;
    contents[index] = isContents;
    if (hidden) visState[index] = 1;
    childClip[index] = clipForChildren;
    pointer[index] = isPointer;
    // The core's rules (bundled from @sightline/semantic-core/ranking) decide actions and semantics.
    const evidence = scratch;
    evidence.tag = tag;
    evidence.role = role;
    const attributes = scratchAttributes;
    attributes.inputType = tag === 'input' ? ((element as HTMLInputElement).type || 'text').toLowerCase() : undefined;
    const editableAttribute = element.getAttribute('contenteditable');
    const editableValue = editableAttribute === null ? null : editableAttribute.toLowerCase();
    const inherited = parentIndex >= 0 ? editable[parentIndex]! : rootEditable;
    const isEditable =
      !isSvg &&
      (editableValue === '' || editableValue === 'true' || editableValue === 'plaintext-only' ? true : editableValue === 'false' ? false : inherited);
    editable[index] = isEditable;
    attributes.contentEditable = isEditable ? true : undefined;
    attributes.href = (tag === 'a' || tag === 'area') && element.hasAttribute('href') ? true : undefined;
    attributes.clickHandler = element.hasAttribute('onclick') ? true : undefined;
    attributes.tabIndex = element.hasAttribute('tabindex') ? (element as HTMLElement).tabIndex : undefined;
    scratchStyle.cursor = isPointer ? 'pointer' : undefined;
    scratchStyle.scrollable = scrollable;
    evidence.states = (element as HTMLButtonElement).disabled === true || element.getAttribute('aria-disabled') === 'true' ? DISABLED : undefined;
    evidence.box = isPointer ? (far && !farFrontier ? FAR_BOX : elementBox(index)) : undefined;
    const mask = actionMask(evidence as never, parentIndex >= 0 && pointer[parentIndex] === true);
    const actionable = mask !== 0;
    walk.actionable.push(actionable);
    // Names of structural roles come only from labels; others are named lazily (when shipped or queried).
    const name = STRUCTURAL.has(role) ? labelOf(element) : '';
    walk.name.push(name);
    evidence.name = name;
    evidence.kind = 'element';
    const semantic = isSemantic(evidence as never, mask);
    if (!semantic) {
      walk.vis.push(NOT_SEMANTIC);
      walk.clip.push(parentClip);
    } else if (far && !farFrontier) {
      walk.vis.push(hidden ? V_HIDDEN : V_OFF);
      walk.clip.push(parentClip);
    } else if (farFrontier) {
      // Has a box, so only opacity/visibility can hide it.
      walk.clip.push(parentClip);
      walk.vis.push(element.checkVisibility(VISIBILITY_CHECK) ? V_OFF : V_HIDDEN);
    } else if (hidden || hiddenElement(index)) {
      walk.vis.push(V_HIDDEN);
      walk.clip.push(parentClip);
    } else {
      const box = elementBox(index);
      walk.clip.push(parentClip);
      walk.vis.push(classify(box, parentClip));
    }
    if (activeChain.has(element)) walk.focused = index;
    if (walk.activeDialog < 0 && isModal(element, role) && !hiddenElement(index)) walk.activeDialog = index;
    if (tag === 'iframe' || tag === 'frame') {
      walk.frameOwners.push(index);
      continue;
    }
    if (isSvg) continue;
    // Children in composed order, pushed last-first so they pop in document order.
    const open = element.shadowRoot;
    const container: Node | null = open ?? closedRoots.get(element) ?? null;
    if (container) {
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
      if (tag.includes('-') && !checkedHosts.has(element)) walk.closedCandidates.push(element);
      for (let child = element.lastChild; child; child = child.previousSibling) {
        stackNodes.push(child);
        stackParents.push(index);
        stackTrees.push(tree);
      }
    }
  }
  return walk;
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
