import { HtmlWriter } from '@sightline/harness';

/** Targets (quoted = a whole accessible name, see findTargets) on screen right after load: masthead action, headline, the lede. */
export const NEWS_ARTICLE_TARGETS = ['"Subscribe"', '"City council approves riverside transit plan"', 'The council voted 7 to 2'];

const SECTIONS = ['World', 'Politics', 'Business', 'Technology', 'Science', 'Health', 'Sport', 'Culture', 'Travel', 'Opinion', 'Climate', 'Local'];
const WORDS = 'planners residents budget corridor station funding schedule hearing vote district tram ferry bridge estimate contractor survey'.split(' ');

const STYLE = [
  'body{margin:0;font:16px/1.5 "DejaVu Serif",Georgia,serif;color:#111}',
  '.masthead{display:flex;justify-content:space-between;align-items:center;padding:8px 24px;border-bottom:2px solid #111}',
  '.masthead .brand{font-size:26px;font-weight:bold}',
  '.sections{display:flex;flex-wrap:wrap;gap:10px;padding:6px 24px;border-bottom:1px solid #ccc;font:13px sans-serif}',
  '.layout{display:grid;grid-template-columns:minmax(0,1fr) 300px;gap:24px;padding:0 24px}',
  'h1{font-size:32px;line-height:1.15;margin:12px 0 6px}',
  '.byline{font:13px sans-serif;color:#555}',
  'iframe{border:0;display:block;background:#f3f3f3}',
  '.banner{width:728px;height:90px;margin:8px auto}',
  'aside iframe{width:300px;height:250px;margin:12px 0}',
  'aside li{font:14px sans-serif;margin:4px 0}',
  '.comments{font:14px sans-serif}',
  'footer{columns:4;font:12px sans-serif;padding:24px}',
  'footer a{display:block}',
].join('');

function sentence(seed: number, length: number): string {
  const words: string[] = [];
  for (let i = 0; i < length; i += 1) words.push(WORDS[(seed * 13 + i * 7) % WORDS.length] ?? 'news');
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

/**
 * A news article: masthead, section links, a leaderboard ad iframe at the top, headline, lede and
 * 40 paragraphs with inline links, a sidebar of "most read" links and ad iframes (half of them on a
 * second origin, so Chromium runs them out of process), 400 reader comments and a link-heavy
 * footer. `adOrigin` is the origin that serves the cross-site ads.
 */
export function generateNewsArticlePage(options: { adOrigin: string; sameOrigin: string }): string {
  const html = new HtmlWriter();
  const adUrl = (slot: number, crossSite: boolean): string => `${crossSite ? options.adOrigin : options.sameOrigin}/bench/ad?slot=${slot}`;
  html.raw('<!doctype html>').open('html', 'lang="en"').open('head').open('meta', 'charset="utf-8"');
  html.element('title', '', 'City council approves riverside transit plan — The Daily Fixture').element('style', '', STYLE).close('head');
  html.open('body');
  html.open('header', 'class="masthead"').element('a', 'href="#" class="brand"', 'The Daily Fixture');
  html.open('div').element('button', 'type="button"', 'Search').element('a', 'href="#signin"', 'Sign in');
  html.element('button', 'type="button"', 'Subscribe').close('div').close('header');
  html.open('nav', 'class="sections" aria-label="Sections"');
  for (const section of SECTIONS) html.element('a', `href="#${section.toLowerCase()}"`, section);
  html.close('nav');
  html.element('iframe', `class="banner" title="Advertisement" src="${adUrl(0, true)}"`);
  html.open('div', 'class="layout"').open('main').open('article');
  html.element('h1', '', 'City council approves riverside transit plan');
  html.element('p', 'class="byline"', 'By Rowan Ellis · Updated 30 November 2026, 09:40');
  html.element('p', '', 'The council voted 7 to 2 on Tuesday night to fund the first phase of the riverside tram line, ending two years of hearings.');
  for (let paragraph = 1; paragraph <= 40; paragraph += 1) {
    html.open('p').raw(`${sentence(paragraph, 18)} `);
    html.element('a', `href="#related-${paragraph}"`, `Related: ${sentence(paragraph + 100, 4).slice(0, -1)}`);
    html.raw(` ${sentence(paragraph + 200, 22)}`).close('p');
    if (paragraph % 10 === 0) html.element('iframe', `class="banner" title="Advertisement" src="${adUrl(paragraph, paragraph % 20 === 0)}"`);
  }
  html.close('article');
  html.open('section', 'class="comments" aria-label="Comments"').element('h2', '', 'Comments (400)');
  for (let comment = 1; comment <= 400; comment += 1) {
    html.open('article').element('h3', '', `Reader ${comment}`).element('p', '', sentence(comment + 300, 14));
    html.element('button', 'type="button"', `Reply to reader ${comment}`).element('button', 'type="button"', `Report comment ${comment}`).close('article');
  }
  html.close('section').close('main');
  html.open('aside', 'aria-label="Most read"');
  html.element('iframe', `title="Advertisement" src="${adUrl(100, false)}"`);
  html.element('h2', '', 'Most read').open('ol');
  for (let item = 1; item <= 50; item += 1) html.open('li').element('a', `href="#most-read-${item}"`, sentence(item + 400, 6)).close('li');
  html.close('ol');
  for (let slot = 101; slot <= 106; slot += 1) html.element('iframe', `title="Advertisement" src="${adUrl(slot, slot % 2 === 0)}"`);
  html.close('aside').close('div');
  html.open('footer', 'aria-label="Site index"');
  for (let link = 1; link <= 240; link += 1) html.element('a', `href="#index-${link}"`, `${SECTIONS[link % SECTIONS.length] ?? ''} index ${link}`);
  html.close('footer');
  html.close('body').close('html');
  return html.toString();
}

/** The document inside an ad iframe. */
export function generateAdPage(slot: number): string {
  const html = new HtmlWriter();
  html.raw('<!doctype html>').open('html', 'lang="en"').open('head').open('meta', 'charset="utf-8"');
  html.element('title', '', `Advertisement ${slot}`);
  html.element('style', '', 'body{margin:0;font:13px sans-serif;background:#fafae6;padding:8px}').close('head');
  html.open('body').element('p', '', 'Sponsored');
  html.element('a', `href="#offer-${slot}"`, `Offer ${slot}: save 20% on winter tyres`);
  html.element('button', 'type="button"', `Close ad ${slot}`);
  html.open('div', 'hidden');
  for (let pixel = 0; pixel < 20; pixel += 1) html.element('img', `alt="" width="1" height="1" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="`);
  html.close('div').close('body').close('html');
  return html.toString();
}
