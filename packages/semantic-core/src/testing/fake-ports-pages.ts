import type { Rect } from '../model/geometry.js';
import type { NodeStates } from '../model/node-states.js';
import type { CapturedFrame, CapturedNode, NodeAttributes, NodeStyle, PageCapture } from '../model/page-capture.js';
import { captureOf } from './capture-envelope.js';

// A compact way to write PageCaptures for tests of the Driver and the capability store.
// Nodes are laid out top to bottom, 30 px apiece, unless a node says where it is.

/** One node of a `fakePage`. */
export interface FakeNodeSpec {
  role: string;
  name?: string;
  tag?: string;
  value?: string;
  /** `text` makes a text node (`role` is then ignored and set to `text`). */
  kind?: 'element' | 'text';
  states?: NodeStates;
  attributes?: NodeAttributes;
  style?: Partial<NodeStyle>;
  /** Explicit box (null: no layout). */
  box?: Rect | null;
  /** Vertical position in page px; x=10, 200×24 boxes. Ignored when `box` is given. */
  y?: number;
  /** `display: none`. */
  hidden?: boolean;
  handle?: string;
  hit?: CapturedNode['hit'];
  /** Content of an iframe: this node hosts a frame with these children. */
  frame?: { key?: string; documentKey?: string; title?: string; url?: string; outOfProcess?: boolean; children: FakeNodeSpec[] };
  children?: FakeNodeSpec[];
}

export interface FakePageSpec {
  url?: string;
  title?: string;
  documentKey?: string;
  viewport?: { width: number; height: number };
  /** Handles are `<prefix><n>`; change the prefix to simulate a rerender that replaces every node. */
  handlePrefix?: string;
  nodes: FakeNodeSpec[];
  /** Name of the focused node (first match). */
  focused?: string;
}

const LINE = 30;

export function fakePage(spec: FakePageSpec): PageCapture {
  const mainKey = 'frame-main';
  const frames: CapturedFrame[] = [
    {
      key: mainKey,
      documentKey: spec.documentKey ?? 'doc-1',
      ownerNode: null,
      url: spec.url ?? 'http://127.0.0.1/fixture',
      title: spec.title ?? 'Fixture',
      outOfProcess: false,
      status: 'captured',
    },
  ];
  const nodes: CapturedNode[] = [];
  let cursor = 10;
  const prefix = spec.handlePrefix ?? 'h';

  const add = (node: FakeNodeSpec, parent: number, frame: string): void => {
    const index = nodes.length;
    const y = node.y ?? cursor;
    cursor = Math.max(cursor, y) + LINE;
    const box = node.box !== undefined ? node.box : { x: 10, y, width: 200, height: 24 };
    const kind = node.kind ?? 'element';
    const captured: CapturedNode = {
      handle: node.handle ?? `${prefix}${index}`,
      parent,
      frame,
      kind,
      tag: kind === 'element' ? (node.tag ?? tagFor(node.role)) : undefined,
      role: kind === 'text' ? 'text' : node.role,
      name: node.name ?? '',
      value: node.value,
      states: node.states,
      attributes: node.attributes,
      style: kind === 'element' ? { display: node.hidden ? 'none' : 'block', visibility: 'visible', opacity: 1, ...node.style } : undefined,
      box,
      hit: node.hit ?? (box && box.y < (spec.viewport?.height ?? 800) && box.y + box.height > 0 ? 'clear' : undefined),
    };
    nodes.push(captured);
    for (const child of node.children ?? []) add(child, index, frame);
    if (node.frame) {
      const key = node.frame.key ?? `frame-${frames.length}`;
      frames.push({
        key,
        documentKey: node.frame.documentKey ?? `${key}-doc-1`,
        ownerNode: index,
        url: node.frame.url ?? 'http://127.0.0.1/frame',
        title: node.frame.title ?? node.name ?? '',
        outOfProcess: node.frame.outOfProcess ?? false,
        status: 'captured',
      });
      for (const child of node.frame.children) add(child, index, key);
    }
  };
  for (const node of spec.nodes) add(node, -1, mainKey);

  const focused = spec.focused === undefined ? -1 : nodes.findIndex((node) => node.name === spec.focused);
  return captureOf(frames, nodes, { viewport: spec.viewport, focused: focused >= 0 ? focused : null });
}

function tagFor(role: string): string {
  switch (role) {
    case 'button':
      return 'button';
    case 'link':
      return 'a';
    case 'textbox':
      return 'input';
    case 'heading':
      return 'h1';
    case 'combobox':
    case 'listbox':
      return 'select';
    case 'iframe':
      return 'iframe';
    default:
      return 'div';
  }
}

/** A mail-like page: heading, a body text, a reply box and a Send button in view, and `extra` off-screen links. */
export function fakeMailPage(options: { extra?: number; documentKey?: string; handlePrefix?: string; subject?: string } = {}): PageCapture {
  const offscreen: FakeNodeSpec[] = [];
  for (let i = 0; i < (options.extra ?? 3); i += 1) {
    offscreen.push({ role: 'link', name: `Older message ${i + 1}`, attributes: { href: true }, y: 3000 + i * LINE });
  }
  return fakePage({
    title: 'Inbox',
    documentKey: options.documentKey,
    handlePrefix: options.handlePrefix,
    nodes: [
      {
        role: 'main',
        name: '',
        box: { x: 0, y: 0, width: 1280, height: 4000 },
        children: [
          { role: 'heading', name: options.subject ?? 'Message', states: { level: 1 } },
          { role: 'paragraph', name: '', children: [{ role: 'text', kind: 'text', name: 'Hello there, see you soon.' }] },
          { role: 'textbox', name: 'Reply body', value: '' },
          { role: 'button', name: 'Send' },
          { role: 'button', name: 'Archive', states: { disabled: true } },
          { role: 'textbox', name: 'Password', attributes: { inputType: 'password' }, value: 'hunter2' },
          { role: 'list', name: 'Older', children: offscreen },
        ],
      },
    ],
  });
}
