import { afterAll, beforeAll, expect } from 'vitest';
import { expectLanded, laneTask, startLane, type Lane } from '../src/lane.js';
import { startDocsify } from '../src/servers/docsify-server.js';

/**
 * docsify (npm `docsify` with its search plugin) rendering a small handbook: navigate by the
 * sidebar, search and open a result, follow a link at the end of a long page. End states: the
 * route (location.hash) and the article docsify rendered, read from the DOM over the side channel.
 */
const APP = 'docsify';
let lane: Lane;
let app: Awaited<ReturnType<typeof startDocsify>>;

beforeAll(async () => {
  app = await startDocsify();
  lane = await startLane('apps-docsify');
});
afterAll(async () => {
  await lane?.close();
  await app?.close();
});

async function openHome(): Promise<void> {
  await lane.open(app.home);
  await lane.side.waitFor(`document.querySelector('.markdown-section h1')?.textContent === 'Welcome' && document.querySelector('.sidebar-nav a') && document.querySelector('.search input')`, 'the handbook rendered');
}
const article = () => lane.side.evaluate<string>(`document.querySelector('.markdown-section h1')?.textContent ?? ''`);

laneTask(APP, 'open a page from the sidebar', () => lane, async () => {
  await openHome();
  const link = await lane.find('link', 'Feeding schedule');
  await lane.side.expectTarget('link', `[...document.querySelectorAll('.sidebar-nav a')].find((a) => a.textContent === 'Feeding schedule')`);
  await lane.act('browser_click', { ref: link.ref });
  await lane.side.waitFor(`location.hash === '#/feeding' && document.querySelector('.markdown-section h1')?.textContent === 'Feeding schedule'`, 'the feeding page');
  await expectLanded(lane.side, 'click', 'link');
});

laneTask(APP, 'search, then open a result', () => lane, async () => {
  await openHome();
  const search = await lane.find('searchbox', 'Search the handbook');
  await lane.side.expectTarget('search', `document.querySelector('.search input')`);
  await lane.act('browser_type', { ref: search.ref, text: 'avocado' });
  await expectLanded(lane.side, 'input', 'search');
  await lane.side.waitFor(`document.querySelector('.search .results-panel a')`, 'search results');
  const result = await lane.find('link', /Parrots/);
  await lane.side.expectTarget('result', `[...document.querySelectorAll('.search .results-panel a')].find((a) => a.textContent.includes('Parrots'))`);
  await lane.act('browser_click', { ref: result.ref });
  await lane.side.waitFor(`location.hash.startsWith('#/feeding') && document.querySelector('.markdown-section h1')?.textContent === 'Feeding schedule'`, 'the page of the result');
  await expectLanded(lane.side, 'click', 'result');
  expect(await article()).toBe('Feeding schedule');
});

laneTask(APP, 'follow the link at the end of a long page', () => lane, async () => {
  await openHome();
  const grooming = await lane.find('link', 'Grooming guide');
  await lane.act('browser_click', { ref: grooming.ref });
  await lane.side.waitFor(`document.querySelector('.markdown-section h1')?.textContent === 'Grooming guide' && document.querySelectorAll('.markdown-section h2').length === 40`, 'the grooming guide');
  const lastLink = `[...document.querySelectorAll('.markdown-section a')].find((a) => a.textContent === 'feeding schedule')`;
  expect(await lane.side.evaluate<boolean>(`${lastLink}.getBoundingClientRect().top > innerHeight`)).toBe(true);
  const link = await lane.find('link', 'feeding schedule');
  await lane.side.expectTarget('last', lastLink);
  await lane.act('browser_click', { ref: link.ref });
  await lane.side.waitFor(`location.hash === '#/feeding' && document.querySelector('.markdown-section h1')?.textContent === 'Feeding schedule'`, 'the feeding page');
  await expectLanded(lane.side, 'click', 'last');
});
