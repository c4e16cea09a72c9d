import { intersectRects as intersect, VIS_IN_VIEWPORT, VIS_NO_LAYOUT, VIS_PAGE_OCCLUDED } from '@sightline/semantic-core/page-safe';
import { composedContains, composedParent } from '../dom/composed-tree.js';
import { NOT_SEMANTIC, type PaintEvidence, type Rect, type Walk } from '../types.js';
import { clipOf } from '../walk/record-columns.js';

/**
 * Paint evidence for in-viewport semantic nodes: elementFromPoint at the centre of the visible
 * part. `covered` only when the hit lands in a fixed/absolute overlay that does not contain the
 * node (never for content of the active dialog); anything else undecidable is `unknown`.
 */
const VISIBLE = { opacityProperty: true, visibilityProperty: true } as const;

/** The walk's paint evidence, made on first use (the walk is finished: its size is final). */
export function paintEvidence(walk: Walk): PaintEvidence {
  return (walk.paint ??= { hit: new Uint8Array(walk.nodes.length), coveredBy: new Int32Array(walk.nodes.length).fill(-1) });
}

export function hitTest(walk: Walk, maxTests: number, deadline: number): void {
  const viewport = { x: 0, y: 0, width: walk.viewport.width, height: walk.viewport.height };
  const dialog = walk.activeDialog >= 0 ? (walk.nodes[walk.activeDialog] as Element) : null;
  // Only a fixed/absolute overlay can cover a node: collect the visible ones on screen, and test
  // only nodes that one of them overlaps without being its ancestor or descendant.
  const overlays: Array<{ index: number; box: Rect }> = [];
  for (const index of walk.overlays) {
    let box = walk.box.get(index);
    if (box === undefined) {
      const r = (walk.nodes[index] as Element).getBoundingClientRect();
      box = r.width > 0 && r.height > 0 ? { x: r.x + walk.origin.x, y: r.y + walk.origin.y, width: r.width, height: r.height } : null;
      walk.box.set(index, box);
    }
    // An invisible overlay (visibility hidden, opacity 0) covers nothing.
    if (box && intersect(box, viewport) && (walk.nodes[index] as Element).checkVisibility(VISIBLE)) overlays.push({ index, box });
  }
  if (overlays.length === 0) return;
  const related = (a: number, b: number): boolean => {
    const [high, low] = a < b ? [a, b] : [b, a];
    for (let k = low; k >= high; k = walk.parent[k]!) if (k === high) return true;
    return false;
  };
  const cache = new Map<Element, { hit: 1 | 2 | 3; by: Element | null }>();
  const paint = paintEvidence(walk);
  const indexOf = new Map<Node, number>();
  let tests = 0;
  for (let i = 0; i < walk.nodes.length; i++) {
    if (walk.vis[i] !== VIS_IN_VIEWPORT) continue;
    const node = walk.nodes[i]!;
    const owner = node.nodeType === 1 ? i : walk.parent[i]!;
    if (owner < 0) continue;
    const element = walk.nodes[owner] as Element;
    const box = walk.box.get(owner) ?? walk.box.get(i);
    if (!box) continue;
    const clip = clipOf(walk, i);
    let visible = intersect(box, viewport);
    if (visible && clip) visible = intersect(visible, clip);
    if (!visible) continue;
    let overlapped = false;
    for (const overlay of overlays) {
      if (intersect(overlay.box, visible) && !related(overlay.index, owner)) {
        overlapped = true;
        break;
      }
    }
    if (!overlapped) continue;
    let result = cache.get(element);
    if (!result) {
      if (tests >= maxTests || performance.now() > deadline) {
        paint.hit[i] = 3;
        continue;
      }
      tests++;
      result = testElement(element, visible, dialog, walk.origin);
      cache.set(element, result);
    }
    paint.hit[i] = result.hit;
    if (result.hit === 2 && result.by) {
      if (indexOf.size === 0) for (let j = 0; j < walk.nodes.length; j++) indexOf.set(walk.nodes[j]!, j);
      paint.coveredBy[i] = indexOf.get(result.by) ?? -1;
      walk.vis[i] = VIS_PAGE_OCCLUDED;
    }
  }
  occludeBoxlessDescendants(walk, paint);
}

/**
 * Nodes without a box of their own under an occluded node (the options of a covered <select>) are
 * occluded with it: nothing of them can be reached while it is covered. Parents precede children.
 */
function occludeBoxlessDescendants(walk: Walk, paint: PaintEvidence): void {
  const n = walk.nodes.length;
  // Nearest semantic ancestor that is occluded, per record (-1: none).
  const cover = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const parent = walk.parent[i]!;
    const inherited = parent >= 0 ? (walk.vis[parent] === VIS_PAGE_OCCLUDED ? parent : walk.vis[parent] === NOT_SEMANTIC ? cover[parent]! : -1) : -1;
    cover[i] = inherited;
    if (inherited >= 0 && walk.vis[i] === VIS_NO_LAYOUT) {
      walk.vis[i] = VIS_PAGE_OCCLUDED;
      paint.hit[i] = 2;
      paint.coveredBy[i] = paint.coveredBy[inherited]!;
    }
  }
}

function testElement(element: Element, visible: Rect, dialog: Element | null, origin: { x: number; y: number }): { hit: 1 | 2 | 3; by: Element | null } {
  const x = visible.x + visible.width / 2 - origin.x;
  const y = visible.y + visible.height / 2 - origin.y;
  const root = element.getRootNode() as Document | ShadowRoot;
  // Everything at the point, topmost first: an overlay occludes only where it paints (SPEC §5), so
  // boxes that paint nothing there (transparent, no border, no text of their own) are looked through.
  const stack = root.elementsFromPoint ? root.elementsFromPoint(x, y) : [];
  if (stack.length === 0) return { hit: 3, by: null };
  let hit: Element | null = null;
  for (const candidate of stack) {
    if (candidate === element || composedContains(element, candidate) || composedContains(candidate, element) || paintsAt(candidate, x, y)) {
      hit = candidate;
      break;
    }
  }
  if (!hit) return { hit: 3, by: null };
  if (hit === element || composedContains(element, hit) || composedContains(hit, element)) return { hit: 1, by: null };
  if (dialog && composedContains(dialog, element)) return { hit: 1, by: null };
  // Find the overlay the hit belongs to: the outermost fixed/absolute ancestor that does not contain the node.
  let overlay: Element | null = null;
  for (let current: Element | null = hit; current; current = composedParent(current)) {
    if (composedContains(current, element)) break;
    const position = getComputedStyle(current).position;
    if (position === 'fixed' || position === 'absolute' || current.localName === 'dialog') overlay = current;
  }
  return overlay ? { hit: 2, by: overlay } : { hit: 3, by: null };
}

/** Elements that draw their own content whatever their style (replaced elements, form controls). */
const PAINTING_TAGS = new Set(['img', 'video', 'canvas', 'iframe', 'frame', 'embed', 'object', 'svg', 'input', 'select', 'textarea', 'button', 'meter', 'progress', 'picture']);

/**
 * Whether an element paints something of its own at the point (frame-local coordinates): a
 * background, border, shadow or outline, a replaced element, or one of its own text runs there.
 */
export function paintsAt(element: Element, x: number, y: number): boolean {
  if (PAINTING_TAGS.has(element.localName) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return true;
  const style = getComputedStyle(element);
  if (style.visibility !== 'visible') return false;
  if (!transparent(style.backgroundColor) || style.backgroundImage !== 'none' || style.boxShadow !== 'none' || style.backdropFilter !== 'none') return true;
  for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
    if (style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' && parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 && !transparent(style.getPropertyValue(`border-${side.toLowerCase()}-color`))) return true;
  }
  // Its own text at the point (list markers and pseudo-element content count as painting too).
  if (style.display === 'list-item' && style.listStyleType !== 'none') return true;
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== 3 || !/\S/.test((child as Text).data)) continue;
    const range = element.ownerDocument.createRange();
    range.selectNodeContents(child);
    for (const r of range.getClientRects()) if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return true;
  }
  for (const pseudo of ['::before', '::after']) {
    const content = getComputedStyle(element, pseudo).content;
    if (content !== 'none' && content !== 'normal' && content !== '""') return true;
  }
  return false;
}

function transparent(color: string): boolean {
  if (color === 'transparent') return true;
  const m = /^rgba?\(([^)]*)\)$/.exec(color);
  if (!m) return false;
  const parts = m[1]!.split(/[\s,/]+/).filter(Boolean);
  return parts.length === 4 && Number(parts[3]) === 0;
}

/** The whole frame sits under an overlay of its parent: every in-viewport node is occluded by it. */
export function coverAll(walk: Walk): void {
  const paint = paintEvidence(walk);
  for (let i = 0; i < walk.nodes.length; i++) {
    if (walk.vis[i] === VIS_IN_VIEWPORT) {
      walk.vis[i] = VIS_PAGE_OCCLUDED;
      paint.hit[i] = 2;
    }
  }
}
