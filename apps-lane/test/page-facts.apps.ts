import { afterAll, beforeAll, expect, test } from 'vitest';
import { evaluateInPage, launchTestChromium, startPageFactsAgreement, type PageFactsAgreement, type TestChromium } from '@sightline/harness';
import { startDocsify } from '../src/servers/docsify-server.js';
import { startNodeRed } from '../src/servers/node-red-server.js';
import { startSwaggerApp } from '../src/servers/swagger-server.js';
import { startTodoMvc } from '../src/servers/todomvc-server.js';

/**
 * Issue 16: the page's own facts for plain elements (cdp-transport `page/classify/page-facts.ts`)
 * must say what Chromium's accessibility tree says on apps nobody here wrote. Each app is read
 * twice on one tab, every node shipped — with the page's facts and with every element read from
 * the tree — and every node compared (harness `src/page-facts-agreement.ts`).
 */
let chromium: TestChromium;
let agreement: PageFactsAgreement;

beforeAll(async () => {
  chromium = await launchTestChromium();
  agreement = await startPageFactsAgreement(chromium.httpEndpoint);
});
afterAll(async () => {
  await agreement?.close();
  await chromium?.close();
});

/** Polls `expression` in the tab (test setup: waits for the app to render, no agent action). */
async function until(origin: string, expression: string, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await evaluateInPage(chromium.port, origin, `Boolean(${expression})`).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectAgreement(url: string, origin: string, ready: string, what: string, timeoutMs?: number): Promise<void> {
  const result = await agreement.compare(url, () => until(origin, ready, what, timeoutMs));
  expect(result.nodes, result.disagreements.join('\n')).toBeGreaterThan(20);
  expect(result.disagreements, url).toEqual([]);
}

test('page facts: TodoMVC (with todos, one completed) agrees with Chromium\'s accessibility tree', async () => {
  const app = await startTodoMvc();
  try {
    const origin = new URL(app.vanilla).origin;
    await agreement.compare(app.vanilla);
    const todos = JSON.stringify({ todos: [{ id: 1, title: 'buy milk', completed: false }, { id: 2, title: 'walk the dog', completed: true }] });
    await evaluateInPage(chromium.port, origin, `localStorage.setItem('todos-vanillajs', ${JSON.stringify(todos)}); 1`);
    await expectAgreement(app.vanilla, origin, `document.querySelectorAll('#todo-list li').length === 2`, 'the seeded todos');
  } finally {
    await app.close();
  }
});

test('page facts: Swagger UI (an operation expanded) agrees with Chromium\'s accessibility tree', async () => {
  const app = await startSwaggerApp();
  try {
    const origin = new URL(app.page).origin;
    await expectAgreement(app.page, origin, `document.querySelectorAll('.opblock').length === 3`, 'the operations');
    await evaluateInPage(chromium.port, origin, `document.querySelector('.opblock-summary-control').click(); 1`);
    await until(origin, `document.querySelector('.try-out__btn')`, 'the operation expanded');
    const expanded = await agreement.compareCurrent();
    expect(expanded.disagreements).toEqual([]);
  } finally {
    await app.close();
  }
});

test('page facts: docsify agrees with Chromium\'s accessibility tree', async () => {
  const app = await startDocsify();
  try {
    await expectAgreement(
      app.home,
      new URL(app.home).origin,
      // The loading bar fades out 200 ms after the page is in (a read during the fade sees it change).
      `document.querySelector('.markdown-section h1') && document.querySelector('.sidebar-nav a') && [...document.querySelectorAll('.progress')].every((bar) => getComputedStyle(bar).opacity === '0')`,
      'the handbook rendered and its loading bar gone',
    );
  } finally {
    await app.close();
  }
});

test('page facts: the Node-RED editor agrees with Chromium\'s accessibility tree', async () => {
  const app = await startNodeRed();
  try {
    await expectAgreement(app.editor, app.origin, `window.RED && RED.nodes && document.querySelector('.red-ui-palette-node') && !document.getElementById('red-ui-loading')?.offsetParent`, 'the editor', 90_000);
  } finally {
    await app.close();
  }
}, 180_000);
