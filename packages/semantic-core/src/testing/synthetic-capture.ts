import type { CapturedFrame, CapturedNode, NodeStyle, PageCapture } from '../model/page-capture.js';
import type { Rect } from '../model/geometry.js';
import { captureOf, TEST_VIEWPORT } from './capture-envelope.js';

// Deterministic PageCaptures shaped like the harness's mail client (SPEC §10), at any size, for
// tests and the compose benchmark. Built directly as arrays (no tree objects) so 100k nodes cost
// milliseconds.

/** Size and shape of a `syntheticInbox` capture. */
export interface SyntheticInboxOptions {
  /** Total number of captured nodes (approximately; at least the fixed parts). Default 1000. */
  elements?: number;
  /** Retained hidden controls placed before everything else. Default 300. */
  hiddenControls?: number;
  viewport?: { width: number; height: number };
  /** Focus the "Reply body" textbox. Default false. */
  focusReply?: boolean;
}

export const SYNTHETIC_BODY_TEXT = 'Hi team, the quarterly numbers are attached. Please review them before Friday.';
export const SYNTHETIC_PASSWORD = 'hunter2-secret';
export const SYNTHETIC_ONE_TIME_CODE = '492817';

const VISIBLE: NodeStyle = { display: 'block', visibility: 'visible', opacity: 1 };
const HIDDEN: NodeStyle = { display: 'none', visibility: 'visible', opacity: 1 };
const LINK_STYLE: NodeStyle = { display: 'block', visibility: 'visible', opacity: 1, cursor: 'pointer' };
const LIST_STYLE: NodeStyle = { display: 'block', visibility: 'visible', opacity: 1, scrollable: true };
const ITEM_HEIGHT = 48;
const NODES_PER_MESSAGE = 3;

export function syntheticInbox(options: SyntheticInboxOptions = {}): PageCapture {
  const viewport = options.viewport ?? TEST_VIEWPORT;
  const hiddenControls = options.hiddenControls ?? 300;
  const nodes: CapturedNode[] = [];
  // Every node gets every field, in one order, as a collector emitting fixed-shape JSON would:
  // objects of one shape keep the classifier's property reads monomorphic.
  const add = (node: Omit<CapturedNode, 'handle' | 'frame'>): number => {
    const index = nodes.length;
    nodes.push({
      handle: `syn-${index}`,
      parent: node.parent,
      frame: 'syn-main',
      kind: node.kind,
      tag: node.tag,
      role: node.role,
      name: node.name,
      value: node.value,
      states: node.states,
      attributes: node.attributes,
      style: node.style,
      box: node.box,
      clip: node.clip,
      hit: node.hit,
      coveredBy: node.coveredBy,
    });
    return index;
  };
  const full: Rect = { x: 0, y: 0, width: viewport.width, height: viewport.height };

  const html = add({ parent: -1, kind: 'element', tag: 'html', role: 'generic', name: '', style: VISIBLE, box: full });
  const body = add({ parent: html, kind: 'element', tag: 'body', role: 'generic', name: '', style: VISIBLE, box: full });

  // Retained views the app keeps in the DOM but hides: they come first in document order.
  const retained = add({ parent: body, kind: 'element', tag: 'div', role: 'generic', name: '', style: HIDDEN, box: null });
  for (let i = 0; i < hiddenControls; i++) {
    add({ parent: retained, kind: 'element', tag: 'button', role: 'button', name: `Retained action ${i + 1}`, style: VISIBLE, box: null });
  }

  const banner = add({ parent: body, kind: 'element', tag: 'header', role: 'banner', name: '', style: VISIBLE, box: { x: 0, y: 0, width: viewport.width, height: 60 } });
  add({ parent: banner, kind: 'element', tag: 'a', role: 'link', name: 'Compose', attributes: { href: true }, style: LINK_STYLE, box: { x: 10, y: 15, width: 90, height: 30 } });

  // The message list: a scroll container; rows outside its visible area are offscreen.
  const listBox: Rect = { x: 0, y: 60, width: 400, height: viewport.height - 60 };
  const nav = add({ parent: body, kind: 'element', tag: 'nav', role: 'navigation', name: 'Messages', style: LIST_STYLE, box: listBox });
  const list = add({ parent: nav, kind: 'element', tag: 'ul', role: 'list', name: '', style: VISIBLE, box: listBox, clip: listBox });
  const detailNodes = 12;
  const messages = Math.max(0, Math.floor(((options.elements ?? 1000) - nodes.length - detailNodes) / NODES_PER_MESSAGE));
  for (let i = 0; i < messages; i++) {
    const y = 60 + i * ITEM_HEIGHT;
    const rowBox: Rect = { x: 0, y, width: 400, height: ITEM_HEIGHT };
    const row = add({ parent: list, kind: 'element', tag: 'li', role: 'listitem', name: '', style: VISIBLE, box: rowBox, clip: listBox });
    const subject = `Message ${i + 1}: status update`;
    const link = add({ parent: row, kind: 'element', tag: 'a', role: 'link', name: subject, attributes: { href: true }, style: LINK_STYLE, box: rowBox, clip: listBox });
    add({ parent: link, kind: 'text', role: 'text', name: subject, box: rowBox, clip: listBox });
  }

  // The selected message's detail view, visible.
  const main = add({ parent: body, kind: 'element', tag: 'main', role: 'main', name: '', style: VISIBLE, box: { x: 400, y: 60, width: viewport.width - 400, height: viewport.height - 60 } });
  const heading = add({ parent: main, kind: 'element', tag: 'h1', role: 'heading', name: 'Message', states: { level: 1 }, style: VISIBLE, box: { x: 420, y: 80, width: 300, height: 40 } });
  add({ parent: heading, kind: 'text', role: 'text', name: 'Message', box: { x: 420, y: 80, width: 120, height: 40 } });
  const para = add({ parent: main, kind: 'element', tag: 'p', role: 'paragraph', name: '', style: VISIBLE, box: { x: 420, y: 140, width: 800, height: 60 } });
  add({ parent: para, kind: 'text', role: 'text', name: SYNTHETIC_BODY_TEXT, box: { x: 420, y: 140, width: 800, height: 60 } });
  const form = add({ parent: main, kind: 'element', tag: 'form', role: 'form', name: 'Reply', style: VISIBLE, box: { x: 420, y: 220, width: 800, height: 400 } });
  const reply = add({ parent: form, kind: 'element', tag: 'textarea', role: 'textbox', name: 'Reply body', value: '', style: VISIBLE, box: { x: 420, y: 230, width: 780, height: 200 } });
  const send = add({ parent: form, kind: 'element', tag: 'button', role: 'button', name: 'Send', style: VISIBLE, box: { x: 420, y: 440, width: 80, height: 32 } });
  add({ parent: send, kind: 'text', role: 'text', name: 'Send', box: { x: 430, y: 446, width: 40, height: 20 } });
  add({ parent: form, kind: 'element', tag: 'input', role: 'textbox', name: 'Password', value: SYNTHETIC_PASSWORD, attributes: { inputType: 'password' }, style: VISIBLE, box: { x: 420, y: 490, width: 300, height: 30 } });
  add({ parent: form, kind: 'element', tag: 'input', role: 'textbox', name: 'One-time code', value: SYNTHETIC_ONE_TIME_CODE, attributes: { inputType: 'text', autocomplete: 'one-time-code' }, style: VISIBLE, box: { x: 420, y: 530, width: 300, height: 30 } });
  add({ parent: form, kind: 'element', tag: 'button', role: 'button', name: 'Archive', style: VISIBLE, box: { x: 520, y: 440, width: 80, height: 32 } });

  const frame: CapturedFrame = { key: 'syn-main', documentKey: 'syn-doc', ownerNode: null, url: 'https://inbox.test/', title: 'Inbox', outOfProcess: false, status: 'captured' };
  return captureOf([frame], nodes, { viewport, focused: options.focusReply ? reply : null });
}
