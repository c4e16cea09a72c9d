import { HtmlWriter } from '@sightline/harness';

/** Targets (quoted = a whole accessible name, see findTargets) on screen right after load (toolbar, first column header, first row). */
export const DATA_TABLE_TARGETS = ['"Filter orders"', '"Export CSV"', '"Customer"', '"ORD-100001"'];

const CUSTOMERS = ['Acme Freight', 'Birch & Co', 'Cobalt Labs', 'Delta Outfitters', 'Evergreen Foods', 'Fjord Systems', 'Granite Works'];
const STATUSES = ['Paid', 'Pending', 'Refunded', 'Shipped', 'On hold'];
const REGIONS = ['North', 'South', 'East', 'West', 'Central'];
const COLUMNS = ['Order', 'Customer', 'Status', 'Region', 'Placed', 'Items', 'Subtotal', 'Tax', 'Total', 'Owner', 'Notes'];

const STYLE = [
  'body{margin:0;font:13px/1.3 "DejaVu Sans",Arial,sans-serif;color:#1d2330}',
  'header{display:flex;gap:12px;align-items:center;padding:10px 16px;border-bottom:1px solid #d3d9e3}',
  'header h1{font-size:18px;margin:0 16px 0 0}',
  'nav.side{position:fixed;top:49px;left:0;bottom:0;width:180px;border-right:1px solid #d3d9e3;padding:8px;overflow:auto}',
  'nav.side a{display:block;padding:4px 0}',
  '#grid{position:absolute;top:49px;left:197px;right:0;bottom:0;overflow:auto}',
  'table{border-collapse:collapse;width:2600px}',
  'th,td{border-bottom:1px solid #edf0f5;padding:4px 8px;text-align:left;white-space:nowrap}',
  'thead th{position:sticky;top:0;background:#f5f7fa}',
].join('');

/**
 * An admin "orders" grid that is not virtualized: a toolbar, a side navigation, and a wide table
 * (2600 px, so the right-hand columns sit outside its horizontal scroll area) with `rows` rows of
 * 11 cells, a link in the first. About 13 elements per row.
 */
export function generateDataTablePage(rows = 10_000): string {
  const html = new HtmlWriter();
  html.raw('<!doctype html>').open('html', 'lang="en"').open('head').open('meta', 'charset="utf-8"');
  html.element('title', '', `Orders — ${rows} rows`).element('style', '', STYLE).close('head');
  html.open('body');
  html.open('header').element('h1', '', 'Orders');
  html.element('input', 'type="search" aria-label="Filter orders" placeholder="Filter orders"');
  html.open('select', 'aria-label="Status"');
  for (const status of ['Any status', ...STATUSES]) html.element('option', '', status);
  html.close('select');
  html.element('button', 'type="button"', 'Export CSV').element('button', 'type="button"', 'New order');
  html.close('header');
  html.open('nav', 'class="side" aria-label="Sections"');
  for (const section of ['Dashboard', 'Orders', 'Customers', 'Products', 'Invoices', 'Shipping', 'Returns', 'Reports', 'Settings']) {
    html.element('a', `href="#${section.toLowerCase()}"`, section);
  }
  html.close('nav');
  html.open('div', 'id="grid"').open('table', 'aria-label="Orders"').open('thead').open('tr');
  for (const column of COLUMNS) html.element('th', 'scope="col"', column);
  html.close('tr').close('thead').open('tbody');
  for (let row = 0; row < rows; row += 1) {
    const id = 100_001 + row;
    const items = (row * 7) % 23 + 1;
    const subtotal = ((row * 37) % 9000) / 10 + items * 3;
    const tax = subtotal * 0.08;
    html.open('tr').open('td').element('a', `href="#order-${id}"`, `ORD-${id}`).close('td');
    html.element('td', '', CUSTOMERS[row % CUSTOMERS.length] ?? '');
    html.element('td', '', STATUSES[(row * 3) % STATUSES.length] ?? '');
    html.element('td', '', REGIONS[(row * 5) % REGIONS.length] ?? '');
    html.element('td', '', `2026-${String((row % 12) + 1).padStart(2, '0')}-${String((row % 28) + 1).padStart(2, '0')}`);
    html.element('td', '', String(items));
    html.element('td', '', subtotal.toFixed(2));
    html.element('td', '', tax.toFixed(2));
    html.element('td', '', (subtotal + tax).toFixed(2));
    html.element('td', '', `Agent ${(row % 40) + 1}`);
    html.element('td', '', row % 9 === 0 ? 'Call before delivery' : '');
    html.close('tr');
  }
  html.close('tbody').close('table').close('div');
  html.close('body').close('html');
  return html.toString();
}
