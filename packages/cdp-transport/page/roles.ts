// Preliminary role and name from tag + attributes: enough to tell actionable from content in the
// page. Shipped nodes get theirs from Chromium's accessibility tree, or from the page facts
// (classify/page-facts.ts) where those agree with the tree.
import { collapseWhitespace, iconGlyphsOnly, NAME_FROM_CONTENT_ROLES } from '@sightline/semantic-core/page-safe';
import { isDisclosureSummary } from './dom/details.js';
import { labelsOf } from './dom/labels.js';

const INPUT_ROLES: Record<string, string> = {
  button: 'button', submit: 'button', reset: 'button', image: 'button', checkbox: 'checkbox', radio: 'radio',
  range: 'slider', number: 'spinbutton', search: 'searchbox', file: 'button', color: 'button',
};

const TAG_ROLES: Record<string, string> = {
  button: 'button', textarea: 'textbox', nav: 'navigation', main: 'main', aside: 'complementary', form: 'form',
  article: 'article', ul: 'list', ol: 'list', menu: 'list', li: 'listitem', table: 'table', tr: 'row', td: 'cell',
  th: 'columnheader', dialog: 'dialog', p: 'paragraph', option: 'option', fieldset: 'group', details: 'group',
  progress: 'progressbar', meter: 'meter', hr: 'separator', iframe: 'iframe', blockquote: 'blockquote',
  thead: 'rowgroup', tbody: 'rowgroup', tfoot: 'rowgroup', dl: 'list', dt: 'term', dd: 'definition', figure: 'figure',
  img: 'img', label: 'generic', output: 'status', search: 'search',
  // HTML-AAM roles Chromium gives text-level and grouping elements (they keep them; not folded into text).
  address: 'group', hgroup: 'group', caption: 'caption', code: 'code', del: 'deletion', s: 'deletion', dfn: 'term', em: 'emphasis',
  ins: 'insertion', mark: 'mark', strong: 'strong', sub: 'subscript', sup: 'superscript', time: 'time',
  optgroup: 'group',
};

/** Sectioning ancestors that scope header/footer/aside away from the page's landmarks (HTML-AAM). */
const SCOPING = new Set(['article', 'aside', 'main', 'nav', 'section']);
const ASIDE_SCOPING = new Set(['article', 'aside', 'nav', 'section']);

function scopedBySection(element: Element, scopes: ReadonlySet<string>): boolean {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (scopes.has(parent.localName)) return true;
    const role = parent.getAttribute('role');
    if (role === 'article' || role === 'complementary' || role === 'main' || role === 'navigation' || role === 'region') return true;
  }
  return false;
}

function hasOwnLabel(element: Element): boolean {
  return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') || element.hasAttribute('aria-labeledby');
}

/** `explicit`: the element's role attribute (the walk passes null for an element it knows has none). */
export function roleOf(element: Element, tag: string, explicit: string | null = element.getAttribute('role')): string {
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
      return scopedBySection(element, SCOPING) ? 'generic' : 'banner';
    case 'footer':
      return scopedBySection(element, SCOPING) ? 'generic' : 'contentinfo';
    case 'aside':
      // Complementary at the page level (body, main); inside other sectioning content only when named.
      return hasOwnLabel(element) || !scopedBySection(element, ASIDE_SCOPING) ? 'complementary' : 'generic';
    case 'section':
      return hasOwnLabel(element) ? 'region' : 'generic';
    case 'summary':
      // Only the first <summary> of a <details> is its disclosure button.
      return isDisclosureSummary(element) ? 'button' : 'generic';
    case 'img':
      // alt="" makes an image presentational unless it is labelled or titled (Chromium keeps `<img alt="" title>` as img "").
      return element.getAttribute('alt') === '' && !hasOwnLabel(element) && !element.hasAttribute('title') ? 'generic' : 'img';
    default:
      return TAG_ROLES[tag] ?? 'generic';
  }
}

/**
 * Longest name or text the page ships: one more than the outline prints (SPEC §4: 500), so the core
 * knows the text was longer and cuts it with `…`.
 */
export const SHIPPED_TEXT_LIMIT = 501;

export function collapse(text: string, limit = SHIPPED_TEXT_LIMIT): string {
  const collapsed = collapseWhitespace(text);
  return collapsed.length > limit ? collapsed.slice(0, limit) : collapsed;
}

/** Elements whose title is their name even as a generic (Chromium: an abbreviation's expansion, a ruby's gloss). */
const TITLED_GENERICS = new Set(['abbr', 'ruby']);

/**
 * The name a structural (generic) element can have, by Chromium's precedence: aria-labelledby, then
 * aria-label; a title names a generic only on <abbr> and <ruby> (Chromium ignores the others).
 */
export function labelOf(element: Element): string {
  const label = authorLabel(element);
  if (label) return label;
  if (!TITLED_GENERICS.has(element.localName)) return '';
  const title = element.getAttribute('title');
  return title && title.trim() ? collapse(title) : '';
}

/** The first names in Chromium's precedence, for any element: aria-labelledby, then aria-label ('' when neither names it). */
function authorLabel(element: Element): string {
  const byReference = labelledByName(element);
  if (byReference) return byReference;
  const label = element.getAttribute('aria-label');
  return label && label.trim() ? collapse(label) : '';
}

/** The text of the elements aria-labelledby (or Chromium's accepted spelling aria-labeledby) points to. */
function labelledByName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby') ?? element.getAttribute('aria-labeledby');
  if (!labelledBy) return '';
  const root = element.getRootNode() as Document | ShadowRoot;
  const parts: string[] = [];
  for (const id of labelledBy.split(/\s+/)) {
    const target = id && root.getElementById ? root.getElementById(id) : null;
    if (!target) continue;
    // A self-reference contributes the element's own aria-label.
    parts.push(target === element ? (element.getAttribute('aria-label') ?? '') : (target.textContent ?? ''));
  }
  return collapse(parts.join(' '));
}

export function nameOf(element: Element, role: string, tag: string): string {
  const label = authorLabel(element);
  if (label) return label;
  if (tag === 'img' || tag === 'area' || (tag === 'input' && (element as HTMLInputElement).type === 'image')) {
    const alt = element.getAttribute('alt');
    // An alt attribute, even empty, is the name (`<img alt="" title="x">` is named "").
    if (alt !== null && tag !== 'area') return collapse(alt);
    if (alt) return collapse(alt);
  }
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    const labels = labelsOf(element as HTMLInputElement);
    if (labels.length > 0) {
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
  // The core's set (Chromium's): a listitem or term is not named from its content.
  const title = collapse(element.getAttribute('title') ?? '');
  if (NAME_FROM_CONTENT_ROLES.has(role)) {
    const text = collapse(element.textContent ?? '');
    // Icon-font glyphs say nothing: a title names the element instead (as the Node side does with Chromium's name).
    if (text && !(title && iconGlyphsOnly(text))) return text;
  }
  if (title) return title;
  // A text field's last name source is its placeholder (as Chromium names it).
  if (tag === 'input' || tag === 'textarea') {
    const placeholder = element.getAttribute('placeholder') ?? element.getAttribute('aria-placeholder');
    if (placeholder && placeholder.trim()) return collapse(placeholder);
  }
  return '';
}

/** Elements `nameOf` names from something other than their content before it looks at the content. */
const OTHERWISE_NAMED = new Set(['img', 'area', 'input', 'textarea', 'select', 'iframe', 'dialog', 'fieldset']);

/**
 * Whether `nameOf` names this element of a name-from-content role by its whole text content, uncut:
 * no author label comes first, it is not an element `nameOf` names otherwise, and its text fits the
 * shipped limit. (The echo rules then know each of its texts is a piece of its name.)
 */
export function namedByWholeContent(element: Element): boolean {
  return namedByContentFirst(element) && (element.textContent ?? '').length <= SHIPPED_TEXT_LIMIT;
}

/** Whether `nameOf` looks at this name-from-content element's content before anything else (it may then cut it). */
export function namedByContentFirst(element: Element): boolean {
  return !hasOwnLabel(element) && !OTHERWISE_NAMED.has(element.localName);
}

/** Role of an SVG element: its role attribute, else `img` for a named <svg> root (as Chromium's SvgRoot), else generic. */
export function svgRole(element: Element): string {
  const explicit = element.getAttribute('role');
  if (explicit) return explicit;
  if (element.localName !== 'svg' || (element.parentNode as Element | null)?.namespaceURI === 'http://www.w3.org/2000/svg') return 'generic';
  return hasOwnLabel(element) || element.querySelector(':scope > title') !== null ? 'img' : 'generic';
}
