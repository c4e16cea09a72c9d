export type { BenchPage } from './types.js';
export { generateDataTablePage, DATA_TABLE_TARGETS } from './data-table.js';
export { generateNewsArticlePage, generateAdPage, NEWS_ARTICLE_TARGETS } from './news-article.js';
export { generateSettingsPage, SETTINGS_TARGETS } from './settings.js';
export { startBenchPageServer, type BenchPageServer } from './server.js';
