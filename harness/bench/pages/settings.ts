import { HtmlWriter } from '@sightline/harness';

/** Targets (quoted = a whole accessible name, see findTargets) on screen right after load: the selected tab, a field of its panel, the save button. */
export const SETTINGS_TARGETS = ['"General"', '"Display name"', '"Save changes"'];

const TABS = ['General', 'Account', 'Privacy', 'Notifications', 'Appearance', 'Integrations', 'Billing', 'Advanced'];

const STYLE = [
  'body{margin:0;font:14px/1.4 "DejaVu Sans",Arial,sans-serif;color:#1d2330}',
  'header{display:flex;justify-content:space-between;padding:10px 24px;border-bottom:1px solid #d3d9e3}',
  'header h1{font-size:20px;margin:0}',
  '[role=tablist]{display:flex;gap:4px;padding:8px 24px;border-bottom:1px solid #d3d9e3}',
  '[role=tab][aria-selected=true]{font-weight:bold}',
  '[role=tabpanel]{padding:8px 24px}',
  '.section{border-bottom:1px solid #edf0f5;padding:4px 0}',
  '.section h3{margin:0;font-size:14px}',
  '.field{display:flex;gap:8px;align-items:center;margin:4px 0}',
  '.field label{width:220px}',
].join('');

/**
 * A settings screen: tabs (only the first panel shown; the others `hidden`), and in each panel
 * `sections` sections of which only the first two are expanded. Collapsed sections keep their
 * controls in the DOM, half under a closed `<details>`, half under an `aria-expanded="false"`
 * disclosure whose region is `hidden`. Each section has 12 fields.
 */
export function generateSettingsPage(sections = 30): string {
  const html = new HtmlWriter();
  html.raw('<!doctype html>').open('html', 'lang="en"').open('head').open('meta', 'charset="utf-8"');
  html.element('title', '', 'Settings').element('style', '', STYLE).close('head');
  html.open('body');
  html.open('header').element('h1', '', 'Settings');
  html.open('div').element('button', 'type="button"', 'Save changes').element('button', 'type="button"', 'Cancel').close('div');
  html.close('header');
  html.open('div', 'role="tablist" aria-label="Settings sections"');
  TABS.forEach((tab, index) => {
    html.element('button', `role="tab" id="tab-${index}" aria-controls="panel-${index}" aria-selected="${index === 0}"`, tab);
  });
  html.close('div');
  TABS.forEach((tab, index) => {
    html.open('div', `role="tabpanel" id="panel-${index}" aria-labelledby="tab-${index}"${index === 0 ? '' : ' hidden'}`);
    if (index === 0) {
      html.open('div', 'class="field"').element('label', 'for="display-name"', 'Display name');
      html.element('input', 'id="display-name" type="text" value="Dana Whitfield"').close('div');
      html.open('div', 'class="field"').element('label', 'for="language"', 'Language');
      html.open('select', 'id="language"').element('option', '', 'English').element('option', '', 'Deutsch').close('select').close('div');
    }
    for (let section = 1; section <= sections; section += 1) {
      const name = `${tab} section ${section}`;
      const expanded = section <= 2;
      const fields = (): void => {
        for (let field = 1; field <= 12; field += 1) {
          const id = `f-${index}-${section}-${field}`;
          html.open('div', 'class="field"').element('label', `for="${id}"`, `${name}, option ${field}`);
          if (field % 3 === 0) html.element('input', `id="${id}" type="checkbox"${field % 2 ? ' checked' : ''}`);
          else html.element('input', `id="${id}" type="text" value="value ${field}"`);
          html.close('div');
        }
      };
      if (section % 2 === 1) {
        html.open('details', `class="section"${expanded ? ' open' : ''}`).element('summary', '', name);
        fields();
        html.close('details');
      } else {
        html.open('div', 'class="section"').open('h3');
        html.element('button', `type="button" aria-expanded="${expanded}" aria-controls="region-${index}-${section}"`, name).close('h3');
        html.open('div', `id="region-${index}-${section}" role="region" aria-label="${name}"${expanded ? '' : ' hidden'}`);
        fields();
        html.close('div').close('div');
      }
    }
    html.close('div');
  });
  html.close('body').close('html');
  return html.toString();
}
