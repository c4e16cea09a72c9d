import { HtmlWriter } from './html-writer.js';

/** Element counts the benchmark uses (SPEC §8). */
export const INBOX_PAGE_SIZES = [500, 5_000, 25_000, 100_000] as const;

export const MIN_INBOX_ELEMENTS = 100;
export const MAX_INBOX_ELEMENTS = 200_000;

export interface InboxPageOptions {
  /** Total elements in the document (`document.getElementsByTagName('*').length`), exact. */
  elements: number;
}

const SENDERS = ['Dana Whitfield', 'Omar Haddad', 'Priya Raman', 'Lena Vogel', 'Marcus Bell', 'Yuki Tanaka', 'Sofia Marin'];
const SUBJECTS = ['Invoice for October', 'Standup notes', 'Design review follow-up', 'Contract renewal', 'Weekly metrics', 'Budget questions', 'Release checklist', 'Vendor quote'];

/**
 * How a retained pane is hidden. Panes that still take part in layout are absolutely positioned
 * behind the opaque page so they never show.
 */
const HIDDEN_PANES = [
  'style="display:none"',
  'hidden',
  'class="behind" style="visibility:hidden"',
  'class="behind" aria-hidden="true"',
  'class="behind" inert',
  'class="behind" style="opacity:0"',
  'style="content-visibility:hidden"',
] as const;

const STYLE = [
  'body{margin:0;font:14px/1.4 "DejaVu Sans",Arial,sans-serif;background:#fff;color:#1d2330}',
  '#retained{position:relative}',
  '.behind{position:absolute;top:0;left:0;width:1000px;z-index:-1;pointer-events:none}',
  '#page{position:relative;background:#fff}',
  '.detail{padding:12px 24px;border-bottom:1px solid #d3d9e3}',
  '.detail h1{font-size:22px;margin:0 0 6px}',
  '.detail textarea{display:block;width:600px;height:70px;margin:4px 0 8px}',
  '.messages{list-style:none;margin:0;padding:0}',
  '.messages li{height:28px;padding:3px 24px;border-bottom:1px solid #edf0f5;white-space:nowrap;overflow:hidden}',
  '.messages .from{display:inline-block;width:160px}',
  '.trailing{padding:12px 24px}',
].join('');

/**
 * The SPEC §8 benchmark page: retained hidden controls, then a visible detail view with
 * "Reply body" and "Send" at the top, a long (not virtualized) message list that runs far below
 * the fold, and trailing content. The element count matches `elements` exactly.
 */
export function generateInboxPage(options: InboxPageOptions): string {
  const total = options.elements;
  if (!Number.isInteger(total) || total < MIN_INBOX_ELEMENTS || total > MAX_INBOX_ELEMENTS) {
    throw new RangeError(`elements must be an integer in ${MIN_INBOX_ELEMENTS}..${MAX_INBOX_ELEMENTS}, got ${total}`);
  }
  const html = new HtmlWriter();
  html.raw('<!doctype html>').open('html', 'lang="en"').open('head').open('meta', 'charset="utf-8"');
  html.element('title', '', `Inbox — ${total} elements`).element('style', '', STYLE).close('head');
  html.open('body').element('pre', 'id="sightline-journal" hidden');

  // Retained hidden controls: ~10% of the page, 4 elements per control group, panes of 25 groups.
  const hiddenGroups = Math.max(1, Math.floor((total * 0.1) / 4));
  html.open('div', 'id="retained"');
  for (let group = 0; group < hiddenGroups; group += 1) {
    if (group % 25 === 0) {
      if (group > 0) html.close('section');
      const pane = HIDDEN_PANES[(group / 25) % HIDDEN_PANES.length];
      html.open('section', `${pane} aria-label="Retained pane ${group / 25 + 1}"`);
    }
    const n = group + 1;
    html.open('div').element('label', `for="hidden-${n}"`, `Hidden setting ${n}`);
    html.element('input', `id="hidden-${n}" type="text" value="setting ${n}"`);
    html.element('button', 'type="button"', `Apply hidden setting ${n}`).close('div');
  }
  html.close('section').close('div');

  html.open('div', 'id="page"');
  html.open('main', 'class="detail" aria-label="Message"');
  html.element('h1', 'id="subject"', 'Quarterly planning review');
  html.element('p', '', 'From Dana Whitfield. Please read the summary before Thursday.');
  html.element('label', 'for="reply-body"', 'Reply body').element('textarea', 'id="reply-body"');
  html.element('button', 'type="button" id="send"', 'Send');
  html.close('main');

  // Message list: ~60% of the page, 5 elements per row.
  const listRows = Math.max(1, Math.floor((total * 0.6) / 5));
  html.open('ul', 'class="messages" aria-label="Messages"');
  for (let row = 0; row < listRows; row += 1) {
    const from = SENDERS[row % SENDERS.length] ?? '';
    const subject = `${SUBJECTS[(row * 3) % SUBJECTS.length] ?? ''} #${listRows - row}`;
    html.open('li').open('a', `href="#message-${row + 1}"`);
    html.element('span', 'class="from"', from).element('span', 'class="subject"', subject).close('a');
    html.element('button', 'type="button"', `Star message ${row + 1}`).close('li');
  }
  html.close('ul');

  // Trailing content fills the rest exactly: articles of 3 elements, then single paragraphs.
  html.open('section', 'class="trailing" aria-label="Older conversations"');
  const reserve = 2; // the two <script> elements below
  let article = 0;
  while (total - html.elementCount - reserve >= 3) {
    article += 1;
    html.open('article').element('h3', '', `Older conversation ${article}`);
    html.element('p', '', `Fixture text for older conversation ${article}; nothing here is real.`).close('article');
  }
  while (total - html.elementCount - reserve > 0) html.element('p', '', 'End of mailbox.');
  html.close('section').close('div');
  html.element('script', 'src="/journal.js"').element('script', 'src="/generated/inbox.js"');
  html.close('body').close('html');
  return html.toString();
}

/** Small behaviour for the generated inbox: journal the Send click with the reply text. */
export const INBOX_PAGE_SCRIPT = `(function () {
  'use strict';
  document.getElementById('send').addEventListener('click', function () {
    window.sightlineJournal.record({ type: 'send', text: document.getElementById('reply-body').value });
  });
  // Issue 16: with ?loaded-mark=<key>, say so in the URL once loaded and painted (unwatched-tab.ts).
  if (/[?&]loaded-mark=/.test(location.search)) {
    addEventListener('load', function () {
      requestAnimationFrame(function () {
        requestAnimationFrame(function () {
          history.replaceState(history.state, '', location.href.replace('loaded-mark=', 'loaded-done='));
        });
      });
    });
  }
})();
`;
