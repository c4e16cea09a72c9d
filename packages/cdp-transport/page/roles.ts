// Preliminary role and name from tag + attributes: enough to tell actionable from content in the
// page. The emitted roles/names come from Chromium's accessibility tree for shipped nodes.

const INPUT_ROLES: Record<string, string> = {
  button: 'button', submit: 'button', reset: 'button', image: 'button', checkbox: 'checkbox', radio: 'radio',
  range: 'slider', number: 'spinbutton', search: 'searchbox', file: 'button', color: 'button',
};

const TAG_ROLES: Record<string, string> = {
  button: 'button', textarea: 'textbox', nav: 'navigation', main: 'main', aside: 'complementary', form: 'form',
  article: 'article', ul: 'list', ol: 'list', menu: 'list', li: 'listitem', table: 'table', tr: 'row', td: 'cell',
  th: 'columnheader', dialog: 'dialog', p: 'paragraph', option: 'option', fieldset: 'group', details: 'group',
  summary: 'button', progress: 'progressbar', meter: 'meter', hr: 'separator', iframe: 'iframe', blockquote: 'blockquote',
  thead: 'rowgroup', tbody: 'rowgroup', tfoot: 'rowgroup', dl: 'list', dt: 'term', dd: 'definition', figure: 'figure',
  img: 'img', label: 'generic', output: 'status', search: 'search',
};

export const ACTIONABLE_ROLES = new Set([
  'button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox', 'option', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'tab', 'switch', 'slider', 'spinbutton', 'treeitem', 'gridcell',
]);

/** Roles whose name comes from their content when no label is given. */
export const NAME_FROM_CONTENT: ReadonlySet<string> = new Set([
  'button', 'link', 'heading', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'treeitem',
  'cell', 'columnheader', 'rowheader', 'checkbox', 'radio', 'switch', 'tooltip', 'listitem', 'term', 'gridcell', 'row',
]);

export function roleOf(element: Element, tag: string): string {
  const explicit = element.getAttribute('role');
  if (explicit) {
    const first = explicit.trim().split(/\s+/)[0];
    if (first) return first === 'presentation' || first === 'none' ? 'generic' : first;
  }
  switch (tag) {
    case 'a':
    case 'area':
      return element.hasAttribute('href') ? 'link' : 'generic';
    case 'input': {
      const type = (element.getAttribute('type') ?? 'text').toLowerCase();
      if (type === 'hidden') return 'generic';
      if (element.hasAttribute('list')) return 'combobox';
      return INPUT_ROLES[type] ?? 'textbox';
    }
    case 'select':
      return element.hasAttribute('multiple') || Number(element.getAttribute('size')) > 1 ? 'listbox' : 'combobox';
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6':
      return 'heading';
    case 'header':
      return 'banner';
    case 'footer':
      return 'contentinfo';
    case 'section':
      return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') ? 'region' : 'generic';
    case 'img':
      return element.getAttribute('alt') === '' ? 'generic' : 'img';
    default:
      return TAG_ROLES[tag] ?? 'generic';
  }
}

export function collapse(text: string, limit = 500): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > limit ? collapsed.slice(0, limit) : collapsed;
}

/** The name a structural element can have: aria-label, aria-labelledby or title. */
export function labelOf(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label && label.trim()) return collapse(label);
  if (element.hasAttribute('aria-labelledby')) return nameOf(element, 'generic', element.localName);
  const title = element.getAttribute('title');
  return title && title.trim() ? collapse(title) : '';
}

export function nameOf(element: Element, role: string, tag: string): string {
  const label = element.getAttribute('aria-label');
  if (label && label.trim()) return collapse(label);
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const root = element.getRootNode() as Document | ShadowRoot;
    const parts: string[] = [];
    for (const id of labelledBy.split(/\s+/)) {
      const target = id && root.getElementById ? root.getElementById(id) : null;
      if (target) parts.push(target.textContent ?? '');
    }
    const joined = collapse(parts.join(' '));
    if (joined) return joined;
  }
  if (tag === 'img' || tag === 'area' || (tag === 'input' && (element as HTMLInputElement).type === 'image')) {
    const alt = element.getAttribute('alt');
    if (alt) return collapse(alt);
  }
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) {
      const text = collapse(Array.from(labels, (l) => l.textContent ?? '').join(' '));
      if (text) return text;
    }
    const type = (element as HTMLInputElement).type;
    if (tag === 'input' && (type === 'submit' || type === 'button' || type === 'reset')) {
      return collapse((element as HTMLInputElement).value || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : ''));
    }
  }
  if (tag === 'iframe' || tag === 'dialog' || tag === 'fieldset') {
    const title = element.getAttribute('title');
    if (title) return collapse(title);
    if (tag === 'fieldset') {
      const legend = element.querySelector(':scope > legend');
      if (legend) return collapse(legend.textContent ?? '');
    }
  }
  if (NAME_FROM_CONTENT.has(role)) {
    const text = collapse(element.textContent ?? '');
    if (text) return text;
  }
  const title = element.getAttribute('title');
  if (title && title.trim()) return collapse(title);
  return '';
}
