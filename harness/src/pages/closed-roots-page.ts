import { escapeHtml, HtmlWriter } from './html-writer.js';

export interface ClosedRootsPageOptions {
  /**
   * Levels of plain `<div>`s the closed-root `<div>` is nested in (0: directly in `<main>`).
   * From ~150 levels Chromium refuses a whole pierced `DOM.describeNode`/`DOM.getDocument` read
   * ("CBOR: stack limit exceeded"), so a deep page forces the shallower read + hydration path.
   */
  depth?: number;
  /**
   * Total elements, at least: filler rows far below the fold are added until the document has
   * this many (0: no filler). Large values make the page too big for a whole pierced read.
   */
  elements?: number;
  /**
   * Embed two frames, each a small document (see `frame`) whose closed `<div>` holds the button
   * "Closed action in <name> frame": one same-origin (`same-origin`), one on another site, so
   * Chromium puts it in its own process (`cross-origin`).
   */
  frames?: { sameOrigin: string; crossOrigin: string };
  /** Render the small frame document named `frame` instead of the page. */
  frame?: string;
}

/** The button inside the closed root of the frame document named `name`. */
export const closedFrameButton = (name: string): string => `Closed action in ${name} frame`;

export const MAX_CLOSED_ROOTS_DEPTH = 1_000;
export const MAX_CLOSED_ROOTS_ELEMENTS = 200_000;

/** Names of the content that lives in closed shadow roots of built-in elements. */
export const CLOSED_ROOTS_CONTENT = {
  divButton: 'Open closed panel',
  divText: 'Closed panel text in a div',
  spanText: 'Closed span text',
  deepText: 'Closed text at the bottom of the deep page',
  status: 'closed-status',
} as const;

const STYLE = [
  'body{margin:0;font:14px/1.4 "DejaVu Sans",Arial,sans-serif;color:#1d2330;background:#fff}',
  'main{display:block;padding:12px 24px}',
  'h1{font-size:20px;margin:0 0 8px}',
  '.icon{display:inline-block;width:16px;height:16px;background:#c8d0dc;margin-right:4px;vertical-align:middle}',
  '.native{display:flex;gap:16px;align-items:center;margin:8px 0}',
  '.filler{position:relative;top:4000px}',
  '.filler li{height:24px}',
].join('');

/**
 * A page whose visible content partly lives in *closed* shadow roots attached to built-in
 * elements — a `<div>` holding a heading-less panel with a button and a text, a `<span>` holding
 * a text — next to controls Chromium renders with *user-agent* shadow roots (`<input
 * type=range>`, `<video controls>`, `<details>`). A decorative row of empty, sized `<span
 * class=icon>` elements looks like closed hosts but has none. Clicking the closed button writes a
 * journal entry `{type: 'click', target: 'Open closed panel', trusted, shadow: 'closed'}` and sets
 * `#closed-status` to "Closed panel opened".
 */
export function generateClosedRootsPage(options: ClosedRootsPageOptions = {}): string {
  const depth = options.depth ?? 0;
  const elements = options.elements ?? 0;
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_CLOSED_ROOTS_DEPTH) throw new RangeError(`depth must be an integer in 0..${MAX_CLOSED_ROOTS_DEPTH}`);
  if (!Number.isInteger(elements) || elements < 0 || elements > MAX_CLOSED_ROOTS_ELEMENTS) throw new RangeError(`elements must be an integer in 0..${MAX_CLOSED_ROOTS_ELEMENTS}`);
  if (options.frame !== undefined) return closedRootsFrame(options.frame);
  const html = new HtmlWriter();
  html.raw('<!doctype html>').open('html', 'lang="en"').open('head').open('meta', 'charset="utf-8"');
  html.element('title', '', 'Closed shadow roots').element('style', '', STYLE).close('head');
  html.open('body').element('pre', 'id="sightline-journal" hidden');
  html.open('main', 'aria-label="Closed roots"');
  html.element('h1', '', 'Closed shadow roots');
  html.open('p').raw('Icons: ');
  for (let i = 0; i < 6; i += 1) html.element('span', 'class="icon"');
  html.close('p');
  for (let level = 0; level < depth; level += 1) html.open('div', level === 0 ? 'class="deep"' : '');
  html.element('div', 'id="closed-div"');
  for (let level = 0; level < depth; level += 1) html.close('div');
  html.open('p').raw('Before the span ').element('span', 'id="closed-span"').raw(' after the span.').close('p');
  html.element('p', `id="${CLOSED_ROOTS_CONTENT.status}"`, 'Closed panel not opened');
  html.open('div', 'class="native"');
  html.element('input', 'type="range" aria-label="Volume" min="0" max="10" value="4"');
  html.element('video', 'controls width="240" height="120" aria-label="Clip"');
  html.open('details').element('summary', '', 'More details').element('p', '', 'Details body').close('details');
  html.close('div');
  if (options.frames) {
    html.element('iframe', `title="Same-origin frame" width="320" height="90" src="${escapeHtml(options.frames.sameOrigin)}"`);
    html.element('iframe', `title="Cross-origin frame" width="320" height="90" src="${escapeHtml(options.frames.crossOrigin)}"`);
  }
  html.close('main');
  if (elements > 0) {
    html.open('ul', 'class="filler" aria-label="Filler"');
    const reserve = 3; // the three <script> elements below
    while (html.elementCount + reserve + 3 <= elements) {
      const n = html.elementCount;
      html.open('li').element('span', '', `Filler row ${n}`).element('button', 'type="button"', `Filler action ${n}`).close('li');
    }
    html.close('ul');
  }
  html.element('script', 'src="/journal.js"').element('script', 'src="/generated/closed-roots.js"');
  html.close('body').close('html');
  return html.toString();
}

/**
 * Attaches the closed roots (kept only in this closure) and journals the closed button's click.
 * The deep page nests another closed host at the bottom of a 60-level chain inside the div's root.
 */
export const CLOSED_ROOTS_PAGE_SCRIPT = `(function () {
  'use strict';
  var journal = window.sightlineJournal;
  var divRoot = document.getElementById('closed-div').attachShadow({ mode: 'closed' });
  divRoot.innerHTML = '<style>.panel{border:1px solid #c8d0dc;padding:8px;margin:8px 0}</style>' +
    '<div class="panel"><p>${CLOSED_ROOTS_CONTENT.divText}</p><button type="button">${CLOSED_ROOTS_CONTENT.divButton}</button></div>';
  divRoot.querySelector('button').addEventListener('click', function (event) {
    document.getElementById('${CLOSED_ROOTS_CONTENT.status}').textContent = 'Closed panel opened';
    journal.record({ type: 'click', target: '${CLOSED_ROOTS_CONTENT.divButton}', trusted: event.isTrusted, shadow: 'closed' });
  });
  var spanRoot = document.getElementById('closed-span').attachShadow({ mode: 'closed' });
  spanRoot.innerHTML = '<b>${CLOSED_ROOTS_CONTENT.spanText}</b>';
  if (document.querySelector('.deep')) {
    var holder = divRoot.querySelector('.panel');
    for (var i = 0; i < 60; i += 1) { var next = document.createElement('div'); holder.appendChild(next); holder = next; }
    var deepHost = document.createElement('section');
    holder.appendChild(deepHost);
    deepHost.attachShadow({ mode: 'closed' }).innerHTML = '<p>${CLOSED_ROOTS_CONTENT.deepText}</p>';
  }
})();
`;

/** A small frame document: a closed root on a `<div>` holding one button. */
function closedRootsFrame(name: string): string {
  if (!/^[a-z-]{1,40}$/.test(name)) throw new RangeError('frame must be a lowercase name');
  const label = closedFrameButton(name);
  const html = new HtmlWriter();
  html.raw('<!doctype html>').open('html', 'lang="en"').open('head').open('meta', 'charset="utf-8"');
  html.element('title', '', `${name} frame`).close('head');
  html.open('body', 'style="margin:8px;font:14px sans-serif"').element('div', 'id="frame-host"');
  html.open('script').raw(
    `document.getElementById('frame-host').attachShadow({ mode: 'closed' }).innerHTML = '<button type="button">${label}</button>';`,
  ).close('script');
  html.close('body').close('html');
  return html.toString();
}
