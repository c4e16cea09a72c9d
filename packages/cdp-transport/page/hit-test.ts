import { intersectRects as intersect } from '@sightline/semantic-core/ranking';
import { V_IN, V_OCCLUDED, type Rect, type Walk } from './types.js';

/**
 * Paint evidence for in-viewport semantic nodes: elementFromPoint at the centre of the visible
 * part. `covered` only when the hit lands in a fixed/absolute overlay that does not contain the
 * node (never for content of the active dialog); anything else undecidable is `unknown`.
 */
const VISIBLE = { opacityProperty: true, visibilityProperty: true } as const;

export function hitTest(walk: Walk, maxTests: number, deadline: number): void {
  const viewport = { x: 0, y: 0, width: walk.viewport.width, height: walk.viewport.height };
  const dialog = walk.activeDialog >= 0 ? (walk.nodes[walk.activeDialog] as Element) : null;
  // Only a fixed/absolute overlay can cover a node: collect the visible ones on screen, and test
  // only nodes that one of them overlaps without being its ancestor or descendant.
  const overlays: Array<{ index: number; box: Rect }> = [];
  for (const index of walk.overlays) {
    let box = walk.box[index];
    if (box === undefined) {
      const r = (walk.nodes[index] as Element).getBoundingClientRect();
      box = r.width > 0 && r.height > 0 ? { x: r.x + walk.origin.x, y: r.y + walk.origin.y, width: r.width, height: r.height } : null;
      walk.box[index] = box;
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
  const indexOf = new Map<Node, number>();
  let tests = 0;
  for (let i = 0; i < walk.nodes.length; i++) {
    if (walk.vis[i] !== V_IN) continue;
    const node = walk.nodes[i]!;
    const owner = node.nodeType === 1 ? i : walk.parent[i]!;
    if (owner < 0) continue;
    const element = walk.nodes[owner] as Element;
    const box = walk.box[owner] ?? walk.box[i];
    if (!box) continue;
    const clip = walk.clip[i];
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
        walk.hit[i] = 3;
        continue;
      }
      tests++;
      result = testElement(element, visible, dialog, walk.origin);
      cache.set(element, result);
    }
    walk.hit[i] = result.hit;
    if (result.hit === 2 && result.by) {
      if (indexOf.size === 0) for (let j = 0; j < walk.nodes.length; j++) indexOf.set(walk.nodes[j]!, j);
      walk.coveredBy[i] = indexOf.get(result.by) ?? -1;
      walk.vis[i] = V_OCCLUDED;
    }
  }
}

function testElement(element: Element, visible: Rect, dialog: Element | null, origin: { x: number; y: number }): { hit: 1 | 2 | 3; by: Element | null } {
  const x = visible.x + visible.width / 2 - origin.x;
  const y = visible.y + visible.height / 2 - origin.y;
  const root = element.getRootNode() as Document | ShadowRoot;
  const hit = root.elementFromPoint ? root.elementFromPoint(x, y) : null;
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

export function composedParent(node: Node): Element | null {
  const parent = (node as Element).assignedSlot ?? node.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  return parent.nodeType === 1 ? (parent as Element) : null;
}

export function composedContains(ancestor: Node, node: Node): boolean {
  for (let current: Node | null = node; current; current = composedParent(current)) {
    if (current === ancestor) return true;
  }
  return false;
}
