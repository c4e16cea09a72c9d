import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import CDP from 'chrome-remote-interface';
import type { PageCapture } from '@sightline/semantic-core';
import { classifyPage } from '@sightline/semantic-core/page-safe';
import { ariaRole } from '@sightline/cdp-transport';
import { startTransportFixture, type TransportFixture } from './support/transport-fixture.js';

// Names and roles conformance (issue 13): on Web Platform Tests pages (harness/app/wpt/, BSD-3-Clause,
// see its README), every rendered element that carries an expectation (data-expectedlabel,
// data-expectedname, data-expectedrole) is compared between Sightline and Chromium's own
// accessibility tree (Accessibility.getPartialAXTree over a side CDP connection; Chromium's internal
// role names compared under the ARIA role Sightline prints for them, `ariaRole`). Sightline's side is
// what its reads show: the default read's capture plus the ranked continuation captures, classified
// by the core; an element Sightline shows no line for counts as an unnamed generic.

const PAGES = [
  '/wpt/html-aam/roles.html',
  '/wpt/html-aam/names.html',
  '/wpt/html-aam/accname-computation-by-element/phrasing-elements.html',
  '/wpt/html-aam/table-roles.html',
  '/wpt/accname/name/comp_labelledby.html',
  '/wpt/accname/name/comp_tooltip.html',
  '/wpt/accname/name/comp_label.html',
  '/wpt/accname/name/comp_name_from_content.html',
  '/wpt/accname/name/comp_hidden_not_referenced.html',
  '/wpt/accname/name/comp_host_language_label.html',
  '/wpt/accname/name/comp_text_node.html',
  '/wpt/accname/name/shadowdom/basic.html',
  '/wpt/accname/name/shadowdom/slot.html',
  '/wpt/html-aam/roles-contextual.html',
  '/wpt/html-aam/hidden-names.html',
  '/wpt/html-aam/accname-computation-by-element/button.html',
  '/wpt/html-aam/accname-computation-by-element/summary.html',
  '/wpt/html-aam/accname-computation-by-element/other-form-elements.html',
  '/wpt/accname/name/comp_labelledby_hidden_nodes.html',
  '/wpt/accname/name/comp_name_from_content_menuitem.html',
  '/wpt/html-aam/accname-computation-by-element/img.html',
  '/wpt/html-aam/accname-computation-by-element/table.html',
  '/wpt/html-aam/accname-computation-by-element/input-button-submit-reset.html',
  '/wpt/html-aam/heading/invalid-nesting.html',
  '/wpt/html-aam/accname-computation-by-element/figure.html',
  '/wpt/html-aam/accname-computation-by-element/input-image.html',
  '/wpt/html-aam/accname-computation-by-element/inputs-with-placeholders.html',
];
const REQUIRED_AGREEMENT = 0.99;

interface Expected { test: string; tag: string; box: [number, number, number, number]; axRole: string; axName: string }
interface Outcome { page: string; test: string; chromium: string; sightline: string }

let fixture: TransportFixture;
const outcomes: Array<Outcome & { agree: boolean }> = [];

beforeAll(async () => {
  fixture = await startTransportFixture();
}, 120_000);
afterAll(async () => {
  await fixture?.close();
});

const box = (b: { x: number; y: number; width: number; height: number }): [number, number, number, number] => [b.x, b.y, b.width, b.height].map((v) => Math.round(v * 10) / 10) as [number, number, number, number];
const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();
const shown = (role: string, name: string): string => (role === 'generic' && name === '' ? '(no line)' : `${role} "${name}"`);

/** Chromium's AX facts of every rendered element with an expectation, by a side CDP connection. */
async function chromiumFacts(url: string): Promise<Expected[]> {
  const targets = await CDP.List({ host: '127.0.0.1', port: fixture.chromium.port });
  const target = targets.find((t) => t.type === 'page' && t.url === url)!;
  const client = await CDP({ host: '127.0.0.1', port: fixture.chromium.port, target: target.id });
  try {
    const { result } = await client.Runtime.evaluate({
      expression: `[...document.querySelectorAll('[data-expectedlabel],[data-expectedname],[data-expectedrole]')].filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && e.checkVisibility(); })`,
    });
    const { result: items } = await client.Runtime.getProperties({ objectId: result.objectId!, ownProperties: true });
    const out: Expected[] = [];
    for (const item of items) {
      if (!/^\d+$/.test(item.name) || !item.value?.objectId) continue;
      const objectId = item.value.objectId;
      const described = await client.Runtime.callFunctionOn({
        objectId,
        functionDeclaration: 'function () { const r = this.getBoundingClientRect(); return { test: this.getAttribute("data-testname") || this.outerHTML.slice(0, 80), tag: this.localName, box: { x: r.x, y: r.y, width: r.width, height: r.height } }; }',
        returnByValue: true,
      });
      const info = described.result.value as { test: string; tag: string; box: { x: number; y: number; width: number; height: number } };
      const { nodes } = await client.send('Accessibility.getPartialAXTree', { objectId, fetchRelatives: false });
      const node = nodes[0];
      const ignored = !node || node.ignored;
      const rawRole = ignored ? 'generic' : String(node.role?.value ?? 'generic');
      out.push({ test: info.test, tag: info.tag, box: box(info.box), axRole: ariaRole(rawRole), axName: ignored ? '' : collapse(String(node.name?.value ?? '')) });
    }
    return out;
  } finally {
    await client.close();
  }
}

/** Sightline's role and name for each element node it would show, keyed by tag and box. */
async function sightlineLines(): Promise<Map<string, { role: string; name: string }>> {
  const out = new Map<string, { role: string; name: string }>();
  const take = (capture: PageCapture) => {
    const page = classifyPage(capture);
    for (const node of page.nodes) {
      const captured = capture.nodes[node.index]!;
      if (captured.kind !== 'element' || !captured.box || !captured.tag) continue;
      const key = `${captured.tag}|${box(captured.box).join(',')}`;
      if (!out.has(key)) out.set(key, { role: node.role, name: collapse(node.name) });
    }
  };
  const first = await fixture.connection.capture(fixture.tabKey, { scope: { kind: 'viewport' }, nodeBudget: 300, interactiveOnly: false });
  take(first);
  const ranking = first.coverage.ranking;
  for (let from = ranking?.shipped ?? 0; ranking && from < ranking.total; from += 300) {
    take(await fixture.connection.capture(fixture.tabKey, { scope: { kind: 'ranked', token: ranking.token, from, count: 300 }, nodeBudget: 300, interactiveOnly: false }));
  }
  return out;
}

describe('WPT accname/html-aam conformance: Sightline equals Chromium AX on every rendered element with an expectation', () => {
  for (const path of PAGES) {
    it(`compares ${path}`, async () => {
      const url = `${fixture.server.mainOrigin}${path}`;
      await fixture.open(url);
      const expected = await chromiumFacts(url);
      expect(expected.length).toBeGreaterThan(0);
      const lines = await sightlineLines();
      for (const e of expected) {
        const line = lines.get(`${e.tag}|${e.box.join(',')}`) ?? { role: 'generic', name: '' };
        const chromium = shown(e.axRole, e.axName);
        const sightline = shown(line.role, line.name);
        outcomes.push({ page: path, test: e.test, chromium, sightline, agree: chromium === sightline });
      }
    }, 120_000);
  }

  it(`agrees on at least ${REQUIRED_AGREEMENT * 100}% of them`, () => {
    const agree = outcomes.filter((o) => o.agree).length;
    const disagreements = outcomes.filter((o) => !o.agree).map((o) => `${o.page} | ${o.test} | chromium ${o.chromium} | sightline ${o.sightline}`);
    const perPage = PAGES.map((page) => `${page}: ${outcomes.filter((o) => o.page === page && o.agree).length}/${outcomes.filter((o) => o.page === page).length}`);
    console.log(`WPT names/roles agreement: ${agree}/${outcomes.length}\n${perPage.join('\n')}\n${disagreements.join('\n')}`);
    expect(outcomes.length).toBeGreaterThan(200);
    expect(agree / outcomes.length).toBeGreaterThanOrEqual(REQUIRED_AGREEMENT);
  });
});
