export { generateInboxPage, INBOX_PAGE_SIZES, INBOX_PAGE_SCRIPT, MIN_INBOX_ELEMENTS, MAX_INBOX_ELEMENTS } from './inbox-page.js';
export type { InboxPageOptions } from './inbox-page.js';
export { generateHostilePage, HOSTILE_PAGE_SCRIPT, HOSTILE_HIDDEN_CONTROLS } from './hostile-page.js';
export { HtmlWriter, escapeHtml } from './html-writer.js';
export { generateClosedRootsPage, closedFrameButton, CLOSED_ROOTS_PAGE_SCRIPT, CLOSED_ROOTS_CONTENT, MAX_CLOSED_ROOTS_DEPTH, MAX_CLOSED_ROOTS_ELEMENTS } from './closed-roots-page.js';
export type { ClosedRootsPageOptions } from './closed-roots-page.js';
