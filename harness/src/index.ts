export { startFixtureServer, APP_DIRECTORY } from './fixture-server.js';
export type { FixtureServer, FixtureServerOptions, FixtureUrls } from './fixture-server.js';
export {
  generateInboxPage,
  generateHostilePage,
  INBOX_PAGE_SIZES,
  INBOX_PAGE_SCRIPT,
  MIN_INBOX_ELEMENTS,
  MAX_INBOX_ELEMENTS,
  HOSTILE_PAGE_SCRIPT,
  HOSTILE_HIDDEN_CONTROLS,
  HtmlWriter,
  escapeHtml,
  generateClosedRootsPage,
  closedFrameButton,
  CLOSED_ROOTS_PAGE_SCRIPT,
  CLOSED_ROOTS_CONTENT,
} from './pages/index.js';
export type { InboxPageOptions, ClosedRootsPageOptions } from './pages/index.js';
export { launchTestChromium, CHROMIUM_BASE_FLAGS, DEFAULT_CHROMIUM_PATH } from './chromium-launcher.js';
export type { LaunchTestChromiumOptions, TestChromium } from './chromium-launcher.js';
export { evaluateInPage, readFixtureJournal, parseFixtureJournal, FIXTURE_JOURNAL_EXPRESSION, type JournalEntry } from './page-evaluate.js';
export { HeldRequests } from './held-requests.js';
export { closeOtherTabs, openUnwatchedTab, SETTLE_MS } from './unwatched-tab.js';
export { startPageFactsAgreement, type PageFactsAgreement, type PageFactsComparison } from './page-facts-agreement.js';
