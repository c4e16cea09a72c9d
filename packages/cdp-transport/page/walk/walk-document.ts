// One pass over the composed tree of a frame's document (SPEC §8): every node gets a record —
// preliminary role, visibility code, actionability — from the cheapest reads that decide it.
import { STRUCTURAL_ROLES, VIS_CSS_HIDDEN, VIS_OFFSCREEN } from '@sightline/semantic-core/page-safe';
import { composedContains } from '../dom/composed-tree.js';
import { closedDetailsContent } from '../dom/ua-hidden.js';
import type { MutationLog } from '../mutation-log.js';
import { topLayerCandidate } from '../dom/top-layer.js';
import { labelOf, roleOf, svgRole } from '../roles.js';
import { NOT_SEMANTIC, type Walk, type WalkLimits } from '../types.js';
import type { FramePlacement } from '../wire/ship-result.js';
import { AttributeGate } from './attribute-gate.js';
import { pushChildren, type ChildSources } from './child-order.js';
import { ElementFactsReader, type ElementLayoutFacts } from './element-facts.js';
import { ElementLayout } from './element-layout.js';
import { editableFrom, visibilityOfBox, type Clip } from './geometry-rules.js';
import { LayoutReads, VISIBILITY_CHECK } from './layout-reads.js';
import { BLOCK_FLOW, CLOSED_DETAILS, CONTENTS, DRAG_CURSOR, EDITABLE, FAR_BELOW, FAR_SUB, HIDDEN_KNOWN, HIDDEN_SELF, HIDDEN_SUB, POINTER, RecordState } from './record-state.js';
import { ClipTable } from './clip-table.js';
import { clipOf, expectedRecords, recordColumns, reserveRecords, trimRecords } from './record-columns.js';
import { closeSegment, spliceSegment } from './segment-splice.js';
import { ViewportFirst } from './viewport-first.js';
import { segmentKey, wholeKey, type SegmentCache } from './segments.js';
import { WalkCursor } from './walk-cursor.js';

/** Stand-in box for pointer elements of far subtrees (non-empty; not shipped). */
const FAR_BOX = Object.freeze({ x: 0, y: 0, width: 1, height: 1 });

const NON_SPACE = /\S/;

const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base']);

/**
 * Walks the composed tree of `doc`: open shadow roots composed into their hosts (slots resolved),
 * known closed roots likewise, user-agent roots never (not reachable from script). Computed style
 * is read only for elements not already hidden by an ancestor or far from the viewport; boxes only
 * for semantic nodes and clipping containers. With `segments`, unchanged DOM-only subtrees of
 * earlier walks are copied instead of visited (segments.ts).
 */
export function walkDocument(
  doc: Document,
  closedRoots: WeakMap<Element, ShadowRoot> | null,
  checkedHosts: WeakSet<Element>,
  limits: WalkLimits,
  placement: FramePlacement,
  log: MutationLog,
  segments?: SegmentCache,
): Walk {
  const view = doc.defaultView!;
  const width = placement.viewport?.width ?? view.innerWidth;
  const height = placement.viewport?.height ?? view.innerHeight;
  const root = doc.documentElement;
  const walk: Walk = {
    nodes: [], ...recordColumns(root ? expectedRecords(lastWalkRecords) : 0), role: [], name: [], box: new Map(), clips: new ClipTable(), paint: null,
    frameOwners: [], overlays: [], closedCandidates: [], segments: [], focused: -1, activeDialog: -1, exhausted: [],
    viewport: { width, height }, origin: { x: placement.origin.x, y: placement.origin.y }, scroll: { x: view.scrollX, y: view.scrollY },
  };
  if (!root) return walk;
  return new DocumentWalker(doc, walk, limits, placement.clip, { closedRoots, checkedHosts, log, gate: new AttributeGate(doc, segments?.holdsAny === true) }, segments).run(root);
}

/** Records of this document's last walk: the next walk's state starts that big (it grows by doubling otherwise). */
let lastWalkRecords = 0;

class DocumentWalker {
  private readonly state: RecordState;
  private readonly cursor: WalkCursor;
  private readonly reads: LayoutReads;
  private readonly layout: ElementLayout;
  private readonly facts = new ElementFactsReader();
  /** What the action rule needs besides the DOM, for the element at hand (one reused object). */
  private readonly layoutFacts: ElementLayoutFacts = { editable: false, pointer: false, dragCursor: false, scrollable: false, box: undefined, parentPointer: false, parentDragCursor: false, plain: false };
  /** The focused element and its composed ancestors (through shadow roots). */
  private readonly activeChain: Set<Element>;
  private readonly activeElement: Element | undefined;
  private readonly rootEditable: boolean;

  constructor(
    doc: Document,
    private readonly walk: Walk,
    private readonly limits: WalkLimits,
    /** The part of the top-level viewport this frame can show (undefined: the main frame). */
    private readonly viewportClip: Clip,
    private readonly sources: ChildSources,
    private readonly segments: SegmentCache | undefined,
  ) {
    this.state = new RecordState(walk.clips, walk.parent.length);
    this.cursor = new WalkCursor(walk, limits, new ViewportFirst(walk, this.state, limits));
    this.reads = new LayoutReads(walk, this.state, walk.viewport);
    this.layout = new ElementLayout(walk, this.state, this.reads, doc, viewportClip);
    this.activeChain = deepActiveElement(doc);
    this.activeElement = this.activeChain.values().next().value;
    this.rootEditable = doc.designMode === 'on';
  }

  run(root: Element): Walk {
    const { cursor, state } = this;
    const viewportFirst = cursor.viewportFirst;
    cursor.push(root, -1, 0);
    while (cursor.nodes.length > 0) {
      if (cursor.open !== null && cursor.nodes.length <= cursor.open.stackSize) {
        closeSegment(cursor, cursor.open);
        cursor.open = null;
      }
      const node = cursor.nodes.pop()!;
      const parentIndex = cursor.parents.pop()!;
      const tree = cursor.trees.pop()!;
      // Issue 17: past a cut, the viewport pass leaves out stacked subtrees that cannot show.
      if (viewportFirst.skips(node, parentIndex)) continue;
      if ((++cursor.count & 1023) === 0 && performance.now() > viewportFirst.deadline) {
        if (!cursor.stop('time')) break;
        if (viewportFirst.skips(node, parentIndex)) continue;
      }
      if (cursor.count > viewportFirst.maxNodes) {
        if (!cursor.stop('nodes')) break;
        if (viewportFirst.skips(node, parentIndex)) continue;
      }
      const parentHidden = parentIndex >= 0 && state.has(parentIndex, HIDDEN_SUB);
      const parentFar = parentIndex >= 0 && state.has(parentIndex, FAR_SUB);
      const parentClip = parentIndex >= 0 ? state.childClip(parentIndex) : this.viewportClip;
      if (node.nodeType === 3) this.visitText(node as Text, parentIndex, tree, parentHidden, parentFar, parentClip);
      else if (node.nodeType === 1 && !this.visitElement(node as Element, parentIndex, tree, parentHidden, parentFar, parentClip)) break;
    }
    if (cursor.open !== null) closeSegment(cursor, cursor.open);
    lastWalkRecords = this.walk.nodes.length;
    const walk = viewportFirst.finish();
    trimRecords(walk);
    return walk;
  }

  /** A text node: visible text only, classified by its parent element's box. */
  private visitText(node: Text, parentIndex: number, tree: number, parentHidden: boolean, parentFar: boolean, parentClip: Clip): void {
    // Most texts start with a non-space: one character read decides them without copying the whole
    // text into the isolated world (issue 16: a 100k page's texts were a good part of its cold walk).
    if (!(NON_SPACE.test(node.substringData(0, 1)) || NON_SPACE.test(node.data))) return;
    const { walk, state } = this;
    const index = walk.nodes.length;
    reserveRecords(walk, index + 1);
    walk.nodes.push(node);
    walk.parent[index] = parentIndex;
    walk.tree[index] = tree;
    walk.role.push('text');
    walk.name.push(''); // collapsed lazily (only shipped or queried text pays for it)
    // A text is never a parent: no clip to hand on (its state's clip id stays 0, nothing clips).
    state.set(index, HIDDEN_SUB | HIDDEN_KNOWN | HIDDEN_SELF);
    if (parentFar) {
      // Inside a far-offscreen subtree: offscreen from the ancestor's box, nothing read.
      walk.clipId[index] = walk.clips.id(parentClip);
      walk.vis[index] = parentHidden ? VIS_CSS_HIDDEN : VIS_OFFSCREEN;
    } else if (parentHidden || (parentIndex >= 0 && (this.reads.hiddenElement(parentIndex) || (state.has(parentIndex, CLOSED_DETAILS) && closedDetailsContent(walk.nodes[parentIndex] as Element, node))))) {
      walk.vis[index] = VIS_CSS_HIDDEN;
    } else {
      const box = parentIndex >= 0 ? this.reads.elementBox(parentIndex) : null;
      walk.box.set(index, box);
      walk.clipId[index] = walk.clips.id(parentClip);
      walk.vis[index] = visibilityOfBox(box, parentClip, walk.viewport);
    }
  }

  /** An element: its record, then its children pushed (unless copied from a stored segment). False: the walk ran out of time. */
  private visitElement(element: Element, parentIndex: number, tree: number, parentHidden: boolean, parentFar: boolean, parentClip: Clip): boolean {
    const { walk, state, cursor, segments } = this;
    const copyWhole = segments !== undefined && parentIndex >= 0 && state.has(parentIndex, FAR_BELOW) && (cursor.open === null || !cursor.open.cacheable);
    if (copyWhole) {
      const stored = segments.get(element, wholeKey(state.has(parentIndex, POINTER), state.has(parentIndex, EDITABLE)));
      if (stored && !this.holdsFocus(element) && cursor.count + stored.nodes.length <= this.limits.maxNodes) {
        // Copied past the deadline: the walk goes on in the viewport pass, or ends.
        if (!spliceSegment(cursor, element, stored, parentIndex, tree, parentClip, stored.key)) return cursor.stop('time');
        return true;
      }
    }
    const tag = element.localName;
    if (SKIP_TAGS.has(tag)) return true;
    const isSvg = element.namespaceURI === 'http://www.w3.org/2000/svg';

    const index = walk.nodes.length;
    reserveRecords(walk, index + 1);
    walk.nodes.push(element);
    walk.parent[index] = parentIndex;
    walk.tree[index] = tree;
    // Without any gated attribute (attribute-gate.ts) every lookup of one would answer null: skipped.
    const plain = !this.sources.gate.mayHave(element);
    const role = isSvg ? svgRole(element) : roleOf(element, tag, plain ? null : element.getAttribute('role'));
    walk.role.push(role);
    // Top-layer candidates (modal dialogs, popovers) render in the viewport whatever their ancestors' boxes.
    const topLayer = topLayerCandidate(element, tag, parentFar && !plain);
    // A top-layer element reads style and boxes, so its segment depends on more than the DOM.
    // A custom element not yet defined may attach a shadow root when it upgrades, which no mutation reports.
    const open = cursor.open;
    const pendingUpgrade = tag.includes('-') && !element.matches(':defined');
    if (pendingUpgrade) walk.pendingUpgrades = true;
    if (open !== null && (topLayer || tag === 'slot' || pendingUpgrade)) open.cacheable = false;
    // Content the browser does not render (a closed <details> past its summary) is hidden like display:none.
    const hiddenAbove = parentHidden || (parentIndex >= 0 && state.has(parentIndex, CLOSED_DETAILS) && closedDetailsContent(walk.nodes[parentIndex] as Element, element));
    const layout = this.layout;
    layout.read(element, index, parentIndex, parentClip, hiddenAbove, parentFar, topLayer, copyWhole, plain);
    const { hidden, far, farFrontier, pointer, dragCursor, hidesContent } = layout;

    // The core's rules (bundled from the page-safe entry) decide actions and semantics.
    const editableAttribute = plain ? null : element.getAttribute('contenteditable');
    const inherited = parentIndex >= 0 ? state.has(parentIndex, EDITABLE) : this.rootEditable;
    const editable = !isSvg && editableFrom(editableAttribute === null ? null : editableAttribute.toLowerCase(), inherited);
    state.set(
      index,
      (hidden ? HIDDEN_SUB | HIDDEN_KNOWN | HIDDEN_SELF : hidesContent ? HIDDEN_SUB : 0) | (far ? FAR_SUB : 0) | (layout.contents ? CONTENTS : 0) | (pointer ? POINTER : 0) |
        (editable ? EDITABLE : 0) | (layout.blockFlow ? BLOCK_FLOW : 0) | (dragCursor ? DRAG_CURSOR : 0),
    );
    if (tag === 'details' && !(element as HTMLDetailsElement).open) state.add(index, CLOSED_DETAILS);
    const facts = this.layoutFacts;
    facts.editable = editable;
    facts.pointer = pointer;
    facts.dragCursor = dragCursor;
    facts.scrollable = layout.scrollable;
    facts.box = pointer || dragCursor ? (far && !farFrontier ? FAR_BOX : this.reads.elementBox(index)) : undefined;
    facts.parentPointer = parentIndex >= 0 && state.has(parentIndex, POINTER);
    facts.parentDragCursor = parentIndex >= 0 && state.has(parentIndex, DRAG_CURSOR);
    facts.plain = plain;
    const mask = this.facts.actionMask(element, tag, role, facts);
    walk.actionable[index] = mask !== 0 ? 1 : 0;
    // Names of structural roles come only from labels; others are named lazily (when shipped or queried).
    const structural = STRUCTURAL_ROLES.has(role);
    const name = structural && !plain ? labelOf(element) : '';
    // aria-labelledby names come from elements elsewhere, which the segment's observer does not cover.
    if (open !== null && structural && !plain && element.hasAttribute('aria-labelledby')) open.cacheable = false;
    walk.name.push(name);
    walk.clipId[index] = walk.clips.id(layout.ownClip);
    walk.vis[index] = this.facts.isSemantic(name, mask) ? this.visibilityOf(element, index, layout) : NOT_SEMANTIC;

    if (this.activeChain.size > 0 && this.activeChain.has(element)) {
      walk.focused = index;
      if (open !== null) open.cacheable = false;
    }
    if (walk.activeDialog < 0 && isModal(element, tag, role) && !this.reads.hiddenElement(index)) {
      walk.activeDialog = index;
      if (open !== null) open.cacheable = false;
    }
    if (tag === 'iframe' || tag === 'frame') {
      walk.frameOwners.push(index);
      return true;
    }
    if (isSvg) return true;
    if (segments !== undefined && (far || hidden || hidesContent) && !parentFar && !parentHidden) {
      const copied = this.segmentAt(segments, element, index, parentIndex, layout);
      if (copied !== null) return copied;
    }
    pushChildren(cursor, this.sources, element, tag, index, tree, !far && !hidden);
    return true;
  }

  /** The visibility code of a semantic element (its layout read already). */
  private visibilityOf(element: Element, index: number, layout: ElementLayout): number {
    if (layout.far && !layout.farFrontier) return layout.hidden ? VIS_CSS_HIDDEN : VIS_OFFSCREEN;
    // Has a box, so only opacity/visibility can hide it.
    if (layout.farFrontier) return element.checkVisibility(VISIBILITY_CHECK) ? VIS_OFFSCREEN : VIS_CSS_HIDDEN;
    if (layout.hidden || this.reads.hiddenElement(index)) return VIS_CSS_HIDDEN;
    return visibilityOfBox(this.reads.elementBox(index), layout.ownClip, this.walk.viewport);
  }

  /**
   * The root of a DOM-only subtree: copy its records if nothing in it changed since they were
   * taken, else start recording it. Answers true/false when copied (false: out of time), null when
   * its children are to be walked. Focus and an active modal are read live; a slot's content comes
   * from elsewhere.
   */
  private segmentAt(segments: SegmentCache, element: Element, index: number, parentIndex: number, layout: ElementLayout): boolean | null {
    const { walk, state, cursor } = this;
    const uncacheable = this.holdsFocus(element) || walk.activeDialog === index || element.localName === 'slot';
    if (layout.wholeCandidate) {
      // Not stored (or stale): record it with its root, for the next walk to copy.
      if (cursor.open === null) {
        const key = wholeKey(parentIndex >= 0 && state.has(parentIndex, POINTER), parentIndex >= 0 && state.has(parentIndex, EDITABLE));
        cursor.open = { element, root: index, withRoot: true, key, stackSize: cursor.nodes.length, treeBase: cursor.nextTree, cacheable: !uncacheable };
      }
      return null;
    }
    const key = segmentKey(layout.far, layout.hidden || layout.hidesContent, layout.pointer, state.has(index, EDITABLE), walk.vis[index] !== NOT_SEMANTIC);
    if (cursor.open === null || !cursor.open.cacheable) {
      const stored = segments.get(element, key);
      if (stored && !uncacheable && cursor.count + stored.nodes.length <= this.limits.maxNodes) {
        if (spliceSegment(cursor, element, stored, index, walk.tree[index]!, clipOf(walk, index), key)) return true;
        return cursor.stop('time');
      }
    }
    if (cursor.open === null) cursor.open = { element, root: index, withRoot: false, key, stackSize: cursor.nodes.length, treeBase: cursor.nextTree, cacheable: !uncacheable };
    return null;
  }

  /** Whether the focused element lies in this element's composed subtree. */
  private holdsFocus(element: Element): boolean {
    return this.activeElement !== undefined && composedContains(element, this.activeElement);
  }
}

function isModal(element: Element, tag: string, role: string): boolean {
  if (tag === 'dialog') return element.matches(':modal');
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
