import CDP from 'chrome-remote-interface';
import { afterAll, beforeAll, expect } from 'vitest';
import { expectLanded, laneTask, startLane, type Lane } from '../src/lane.js';
import { startSwaggerApp, type ApiRequest, type SwaggerApp } from '../src/servers/swagger-server.js';

/**
 * Swagger UI (npm `swagger-ui-dist`) over a local OpenAPI document and a loopback API of the
 * lane's own: expand an operation, "Try it out", fill the form (selects, text fields, a long form
 * whose Execute is below the first screen), "Execute"; filter operations; authorize in a modal;
 * open the terms link that Swagger UI opens in a new tab. The end state is the request the API
 * received (method, path, query, headers); landings come from the capture-phase recorder.
 */
const APP = 'swagger-ui';
let lane: Lane;
let app: SwaggerApp;

beforeAll(async () => {
  app = await startSwaggerApp();
  lane = await startLane('apps-swagger');
});
afterAll(async () => {
  await lane?.close();
  await app?.close();
});

async function openApp(): Promise<void> {
  app.requests.length = 0;
  await lane.open(app.page);
  await lane.side.waitFor(`document.querySelectorAll('.opblock').length === 3`, 'the three operations rendered');
}

/** The request the API received for `method path` (waits for it; bounded). */
async function received(method: string, path: string): Promise<ApiRequest> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = app.requests.find((request) => request.method === method && request.path === path);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`the API never received ${method} ${path}; it got ${JSON.stringify(app.requests.map((r) => `${r.method} ${r.path}`))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const opblock = (id: string) => `document.getElementById(${JSON.stringify(id)})`;
const inOp = (id: string, selector: string) => `${opblock(id)}.querySelector(${JSON.stringify(selector)})`;
const paramField = (id: string, name: string, tag: string) =>
  `${opblock(id)}.querySelector('tr[data-param-name=${JSON.stringify(name)}] ${tag}')`;

/** Expands the operation and presses "Try it out", checking where both clicks landed. */
async function tryItOut(summary: RegExp, id: string): Promise<void> {
  const toggle = await lane.find('button', summary);
  await lane.side.expectTarget('summary', inOp(id, '.opblock-summary'));
  await lane.act('browser_click', { ref: toggle.ref });
  await lane.side.waitFor(inOp(id, '.try-out__btn'), 'the operation expanded');
  await expectLanded(lane.side, 'click', 'summary');
  const tryOut = await lane.find('button', 'Try it out');
  await lane.side.expectTarget('try', inOp(id, '.try-out__btn'));
  await lane.act('browser_click', { ref: tryOut.ref });
  await lane.side.waitFor(inOp(id, '.execute'), '"Execute" shown');
  await expectLanded(lane.side, 'click', 'try');
}

async function typeInto(id: string, name: string, text: string): Promise<void> {
  const field = await lane.find('textbox', name);
  await lane.side.expectTarget(`field-${name}`, paramField(id, name, 'input'));
  await lane.act('browser_type', { ref: field.ref, text });
  await expectLanded(lane.side, 'input', `field-${name}`);
}

/** Swagger UI's enum selects have no name: the agent takes the combobox in the parameter's row. */
async function selectIn(id: string, name: string, value: string): Promise<void> {
  const select = await lane.findNear(name, 'combobox');
  await lane.side.expectTarget(`select-${name}`, paramField(id, name, 'select'));
  await lane.act('browser_select', { ref: select.ref, values: [value] });
  await expectLanded(lane.side, 'change', `select-${name}`, { synthetic: true });
}

async function execute(id: string): Promise<void> {
  const button = await lane.find('button', 'Execute');
  await lane.side.expectTarget('execute', inOp(id, '.execute'));
  await lane.act('browser_click', { ref: button.ref });
  await expectLanded(lane.side, 'click', 'execute');
}

laneTask(APP, 'list pets: Try it out, select, type, Execute', () => lane, async () => {
  await openApp();
  const id = 'operations-pets-listPets';
  await tryItOut(/^GET \/api \/pets/, id);
  await selectIn(id, 'status', 'sold');
  await typeInto(id, 'limit', '5');
  await execute(id);
  const request = await received('GET', '/api/pets');
  expect(request.query).toEqual({ status: 'sold', limit: '5' });
});

laneTask(APP, 'place an order: long form, Execute below the first screen', () => lane, async () => {
  await openApp();
  const id = 'operations-orders-placeOrder';
  await tryItOut(/^POST \/api \/orders/, id);
  await typeInto(id, 'petId', '7');
  await typeInto(id, 'quantity', '2');
  await typeInto(id, 'shipDate', '2026-12-24');
  await selectIn(id, 'shipping', 'express');
  await selectIn(id, 'giftWrap', 'true');
  await typeInto(id, 'note', 'leave at the door');
  await typeInto(id, 'coupon', 'LANE10');
  await typeInto(id, 'contactEmail', 'ada@example.test');
  await typeInto(id, 'X-Request-Id', 'req-42');
  expect(await lane.side.evaluate<boolean>(`${inOp(id, '.execute')}.getBoundingClientRect().top > innerHeight || scrollY > 0`)).toBe(true);
  await execute(id);
  const request = await received('POST', '/api/orders/7');
  expect(request.query).toEqual({
    quantity: '2',
    shipDate: '2026-12-24',
    shipping: 'express',
    giftWrap: 'true',
    note: 'leave at the door',
    coupon: 'LANE10',
    contactEmail: 'ada@example.test',
  });
  expect(request.headers['x-request-id']).toBe('req-42');
});

laneTask(APP, 'filter operations by tag', () => lane, async () => {
  await openApp();
  const filter = await lane.find('textbox', 'Filter by tag or path');
  await lane.side.expectTarget('filter', `document.querySelector('.operation-filter-input')`);
  await lane.act('browser_type', { ref: filter.ref, text: 'orders' });
  await lane.side.waitFor(`document.querySelectorAll('.opblock-tag-section').length === 1`, 'one tag section left');
  await expectLanded(lane.side, 'input', 'filter');
  expect(await lane.side.evaluate<string[]>(`[...document.querySelectorAll('.opblock')].map((op) => op.id)`)).toEqual(['operations-orders-placeOrder']);
});

laneTask(APP, 'authorize with an API key in the modal, then delete a user', () => lane, async () => {
  await openApp();
  const authorize = await lane.find('button', 'Authorize');
  await lane.side.expectTarget('authorize', `document.querySelector('.auth-wrapper .authorize')`);
  await lane.act('browser_click', { ref: authorize.ref });
  await lane.side.waitFor(`document.querySelector('.modal-ux')`, 'the authorization modal');
  await expectLanded(lane.side, 'click', 'authorize');
  const value = await lane.find('textbox', 'Value:');
  await lane.side.expectTarget('key', `document.querySelector('.modal-ux input')`);
  await lane.act('browser_type', { ref: value.ref, text: 'lane-secret' });
  await expectLanded(lane.side, 'input', 'key');
  // The modal's own submit button (the page's "Authorize" is behind the modal).
  const confirm = await lane.find('button', 'Apply credentials');
  await lane.side.expectTarget('confirm', `document.querySelector('.modal-ux .auth-btn-wrapper .authorize')`);
  await lane.act('browser_click', { ref: confirm.ref });
  await lane.side.waitFor(`[...document.querySelectorAll('.modal-ux button')].some((b) => b.textContent.trim() === 'Logout')`, 'authorized');
  await expectLanded(lane.side, 'click', 'confirm');
  const close = await lane.find('button', 'Close');
  await lane.side.expectTarget('close', `[...document.querySelectorAll('.modal-ux button')].find((b) => b.textContent.trim() === 'Close')`);
  await lane.act('browser_click', { ref: close.ref });
  await lane.side.waitFor(`!document.querySelector('.modal-ux')`, 'the modal closed');
  await expectLanded(lane.side, 'click', 'close');
  const id = 'operations-users-deleteUser';
  await tryItOut(/^DELETE \/api \/users/, id);
  await typeInto(id, 'username', 'ada');
  await execute(id);
  const request = await received('DELETE', '/api/users/ada');
  expect(request.headers['x-api-key']).toBe('lane-secret');
});

laneTask(APP, 'open the terms link (new tab), read it, close the tab', () => lane, async () => {
  await openApp();
  const link = await lane.find('link', 'Terms of service');
  await lane.side.expectTarget('terms', `[...document.querySelectorAll('.info a')].find((a) => a.textContent === 'Terms of service')`);
  await lane.act('browser_click', { ref: link.ref });
  await expectLanded(lane.side, 'click', 'terms');
  type Tabs = { tabs: Array<{ tab_id: string; url: string; opener_tab_id?: string }> };
  let opened: Tabs['tabs'][number] | undefined;
  const deadline = Date.now() + 20_000;
  while (!opened) {
    const listing = (await lane.act('browser_tabs', { action: 'list' })) as unknown as Tabs;
    opened = listing.tabs.find((tab) => tab.url.endsWith('/terms.html'));
    if (!opened && Date.now() > deadline) throw new Error(`no terms tab in ${JSON.stringify(listing.tabs)}`);
    if (!opened) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(opened.opener_tab_id).toBe(lane.tab.tab_id);
  await lane.act('browser_tabs', { action: 'select', tab_id: opened.tab_id });
  const terms = await lane.agent.call('get_browser_state', { ...lane.tab, tab_id: opened.tab_id, snapshot_format: 'semantic_v2' });
  lane.actions.push('snapshot');
  expect(terms.outline).toContain('heading "Terms of service"');
  await lane.act('browser_tabs', { action: 'close', tab_id: opened.tab_id });
  // Independently: the browser has no terms page any more, and the Swagger UI tab is still there.
  const pages = async () =>
    (await CDP.List({ host: '127.0.0.1', port: lane.chromium.port })).filter((target) => target.type === 'page').map((page) => new URL(page.url).pathname);
  const closedBy = Date.now() + 10_000;
  while ((await pages()).length > 1 && Date.now() < closedBy) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await pages()).toEqual(['/lane.html']);
});
