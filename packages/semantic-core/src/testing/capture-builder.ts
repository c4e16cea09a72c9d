import type {
  CapturedFrame,
  CapturedNode,
  CaptureCoverage,
  NodeAttributes,
  NodeStyle,
  PageCapture,
} from '../model/page-capture.js';
import type { Rect, Size } from '../model/geometry.js';
import type { NodeStates } from '../model/node-states.js';
import { captureOf } from './capture-envelope.js';

// Small builders for hand-written PageCaptures in tests: describe a tree, get a pre-order capture
// with visible defaults (block, visible, opaque, a box inside the viewport). Keys and handles are
// distinctive strings so tests can assert they never leak into output.

/** One node of a test tree (an element unless `kind` says text). */
export interface NodeSpec {
  kind?: 'element' | 'text';
  tag?: string;
  role?: string;
  name?: string;
  value?: string;
  states?: NodeStates;
  attributes?: NodeAttributes;
  /** Merged over the visible default style; `null` for no style evidence at all. */
  style?: Partial<NodeStyle> | null;
  /** Defaults to a box in the viewport for elements; text has none (it uses its parent's). */
  box?: Rect | null;
  clip?: Rect | null;
  hit?: 'clear' | 'covered' | 'unknown';
  /** Name used by `BuildOptions.focused` / `activeDialog`. */
  id?: string;
  /** This element hosts a frame; `children` are that frame's document. */
  hosts?: FrameSpec;
  children?: NodeSpec[];
}

export interface FrameSpec {
  title: string;
  url?: string;
  outOfProcess?: boolean;
  status?: CapturedFrame['status'];
}

export interface BuildOptions {
  viewport?: Size;
  focused?: string;
  activeDialog?: string;
  url?: string;
  title?: string;
  coverage?: Partial<CaptureCoverage>;
}

export const DEFAULT_STYLE: NodeStyle = { display: 'block', visibility: 'visible', opacity: 1 };
export const DEFAULT_BOX: Rect = { x: 10, y: 10, width: 100, height: 20 };

export function el(role: string, name = '', props: Omit<NodeSpec, 'role' | 'name' | 'children'> = {}, children: NodeSpec[] = []): NodeSpec {
  return { kind: 'element', role, name, ...props, children };
}

export function text(content: string, props: Omit<NodeSpec, 'kind' | 'name' | 'role'> = {}): NodeSpec {
  return { kind: 'text', role: 'text', name: content, ...props };
}

/** An `<iframe>` element hosting a frame whose document is `children`. */
export function iframe(frame: FrameSpec, children: NodeSpec[], props: Omit<NodeSpec, 'hosts' | 'children'> = {}): NodeSpec {
  return { kind: 'element', tag: 'iframe', role: 'iframe', name: '', ...props, hosts: frame, children };
}

/** A box `height` px tall at vertical position `y` (viewport coordinates). */
export function boxAt(y: number, height = 20, x = 10, width = 100): Rect {
  return { x, y, width, height };
}

export function buildCapture(roots: NodeSpec[], options: BuildOptions = {}): PageCapture {
  const nodes: CapturedNode[] = [];
  const frames: CapturedFrame[] = [
    { key: 'frame-key-0', documentKey: 'doc-key-0', ownerNode: null, url: options.url ?? 'https://fixture.test/', title: options.title ?? 'Fixture', outOfProcess: false, status: 'captured' },
  ];
  const ids = new Map<string, number>();

  const visit = (spec: NodeSpec, parent: number, frame: string): void => {
    const index = nodes.length;
    const kind = spec.kind ?? 'element';
    const node: CapturedNode = {
      handle: `handle-${index}-x`,
      parent,
      frame,
      kind,
      role: spec.role ?? (kind === 'text' ? 'text' : 'generic'),
      name: spec.name ?? '',
    };
    if (spec.tag !== undefined) node.tag = spec.tag;
    if (spec.value !== undefined) node.value = spec.value;
    if (spec.states !== undefined) node.states = spec.states;
    if (spec.attributes !== undefined) node.attributes = spec.attributes;
    if (kind === 'element' && spec.style !== null) node.style = { ...DEFAULT_STYLE, ...spec.style };
    if (spec.box !== undefined) node.box = spec.box;
    else if (kind === 'element') node.box = { ...DEFAULT_BOX };
    if (spec.clip !== undefined) node.clip = spec.clip;
    if (spec.hit !== undefined) node.hit = spec.hit;
    if (spec.id !== undefined) ids.set(spec.id, index);
    nodes.push(node);
    let childFrame = frame;
    if (spec.hosts) {
      const f = frames.length;
      childFrame = `frame-key-${f}`;
      frames.push({
        key: childFrame,
        documentKey: `doc-key-${f}`,
        ownerNode: index,
        url: spec.hosts.url ?? `https://frame${f}.test/`,
        title: spec.hosts.title,
        outOfProcess: spec.hosts.outOfProcess ?? false,
        status: spec.hosts.status ?? 'captured',
      });
    }
    for (const child of spec.children ?? []) visit(child, index, childFrame);
  };
  for (const root of roots) visit(root, -1, 'frame-key-0');

  const lookup = (id: string | undefined): number | null => {
    if (id === undefined) return null;
    const index = ids.get(id);
    if (index === undefined) throw new Error(`no node with id ${id}`);
    return index;
  };
  return captureOf(frames, nodes, {
    viewport: options.viewport,
    focused: lookup(options.focused),
    activeDialog: lookup(options.activeDialog),
    coverage: options.coverage,
  });
}
