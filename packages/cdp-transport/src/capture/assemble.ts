import type { CapturedFrame, CapturedNode, OutsideCounts } from '@sightline/semantic-core';
import type { OpaqueKeys } from '../frame-keys.js';
import type { FrameWalk, UnwalkedFrame } from './frame-walker.js';
import type { ShippedNode } from './shipped.js';

export interface AssembledCapture {
  nodes: CapturedNode[];
  frames: CapturedFrame[];
  /** Per walked frame: shipped index → index in `nodes`. */
  placements: Array<{ walk: FrameWalk; frameKey: string; local: Int32Array }>;
  focused: number | null;
  activeDialog: number | null;
  outside: OutsideCounts;
}

const EMPTY_OUTSIDE = (): OutsideCounts => ({ in_viewport: 0, near_viewport: 0, offscreen: 0, css_hidden: 0, no_layout: 0, page_occluded: 0, unknown: 0 });

/** Flattens the frame walks into PageCapture order: each frame's nodes right after its <iframe> node. */
export function assemble(root: FrameWalk, frameKeys: OpaqueKeys, documentKeys: OpaqueKeys): AssembledCapture {
  const out: AssembledCapture = { nodes: [], frames: [], placements: [], focused: null, activeDialog: null, outside: EMPTY_OUTSIDE() };
  let unnamed = 0;
  const visit = (walk: FrameWalk, ownerIndex: number | null): void => {
    const frameKey = frameKeys.key(walk.frameId);
    out.frames.push({
      key: frameKey,
      documentKey: documentKeys.key(walk.loaderId),
      ownerNode: ownerIndex,
      url: walk.ship.url,
      title: walk.ship.title,
      outOfProcess: walk.outOfProcess,
      status: 'captured',
    });
    for (const [name, count] of Object.entries(walk.ship.outside)) {
      if (name in out.outside) out.outside[name as keyof OutsideCounts] += count;
    }
    const local = new Int32Array(walk.ship.nodes.length);
    out.placements.push({ walk, frameKey, local });
    const childrenByOwner = new Map<number, FrameWalk | UnwalkedFrame>();
    for (const child of walk.children) childrenByOwner.set(child.owner, child.frame);
    walk.ship.nodes.forEach((shipped, i) => {
      const index = out.nodes.length;
      local[i] = index;
      out.nodes.push(toCapturedNode(shipped, shipped.parent >= 0 ? local[shipped.parent]! : (ownerIndex ?? -1), frameKey));
      // Focus inside a frame wins over its <iframe> being the focused element of the parent.
      if (i === walk.ship.focused && (out.focused === null || ownerIndex !== null)) out.focused = index;
      if (i === walk.ship.activeDialog && out.activeDialog === null) out.activeDialog = index;
      const child = childrenByOwner.get(i);
      if (!child) return;
      if ('ship' in child) visit(child, index);
      else {
        const key = child.frameId ? frameKeys.key(child.frameId) : `fx${++unnamed}`;
        out.frames.push({
          key,
          // Distinct per frame, so each unread frame gets its own label (`f<N>`), stable while the frame stays.
          documentKey: `unknown:${key}`,
          ownerNode: index,
          url: child.status === 'unprovable' ? '' : child.url,
          title: '',
          outOfProcess: child.outOfProcess,
          status: child.status,
        });
      }
    });
    const ownerCover = ownerIndex !== null ? out.nodes[ownerIndex]!.coveredBy : undefined;
    walk.ship.nodes.forEach((shipped, i) => {
      if (shipped.coveredBy !== undefined) out.nodes[local[i]!]!.coveredBy = local[shipped.coveredBy]!;
      // Covered because the whole frame is: the parent's overlay covers it.
      else if (shipped.hit === 'covered' && ownerCover !== undefined) out.nodes[local[i]!]!.coveredBy = ownerCover;
    });
  };
  visit(root, null);
  return out;
}

function toCapturedNode(shipped: ShippedNode, parent: number, frame: string): CapturedNode {
  const node: CapturedNode = { handle: String(shipped.handle), parent, frame, kind: shipped.kind, role: shipped.role, name: shipped.name };
  if (shipped.tag !== undefined) node.tag = shipped.tag;
  if (shipped.value !== undefined) node.value = shipped.value;
  if (shipped.states !== undefined) node.states = shipped.states;
  if (shipped.attributes !== undefined) node.attributes = shipped.attributes as CapturedNode['attributes'];
  if (shipped.style !== undefined) node.style = shipped.style;
  if (shipped.box !== undefined) node.box = shipped.box;
  if (shipped.clip !== undefined) node.clip = shipped.clip;
  if (shipped.hit !== undefined) node.hit = shipped.hit;
  return node;
}
