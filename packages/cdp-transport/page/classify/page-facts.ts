// Issue 16: elements whose role, name and states the page's own rules give exactly as Chromium's
// accessibility tree does, so the Node side need not ask that tree about them (each read costs
// ~0.7–2 ms at 100k elements, and the first read of a document builds the whole tree).
//
// Deliberately narrow: plain HTML elements (and a few ARIA widgets) with no naming attribute other
// than an aria-label, no title, no shadow tree, no generated content and no text transform, whose
// name — when it comes from content — is made of rendered text in plain inline elements. Everything
// else is left to the accessibility tree. The agreement spec (harness `page-facts-agreement.spec.ts`)
// reads fixtures, benchmark pages and Web Platform Tests pages both ways and compares every node.
import { collapseWhitespace as collapse } from '@sightline/semantic-core/page-safe';
import { labelsOf } from '../dom/labels.js';

/** Attributes that change nothing Chromium's tree says about any of these elements. */
const NEUTRAL = new Set(['class', 'id', 'style', 'lang', 'dir', 'translate', 'spellcheck', 'autocapitalize', 'nonce']);

interface Rule {
  /** The role the walk gives the element (roles.ts), which the tree gives it too under this rule. */
  role: string;
  /** Further attributes that leave its role, name and states alone. */
  neutral: ReadonlySet<string>;
  /** Where its name comes from: its content, its one `<label for>`, its aria-label (else none). */
  name: 'content' | 'label' | 'aria-label';
  /** The name may not be empty (an unnamed one is something else to the tree). */
  named?: boolean;
}

const NAMING = ['aria-label'];
const set = (...names: string[]): ReadonlySet<string> => new Set(names);
const FIELD = ['name', 'value', 'placeholder', 'autocomplete', 'maxlength', 'minlength', 'required', 'inputmode', 'enterkeyhint', 'form'];

const TAG_RULES: Record<string, Rule> = {
  a: { role: 'link', neutral: set('href', 'target', 'rel', 'hreflang', 'download', 'ping', 'referrerpolicy', 'type'), name: 'content', named: true },
  // aria-expanded is a state the page reads as the tree does (evidence.ts); aria-controls changes nothing shown.
  button: { role: 'button', neutral: set('type', 'name', 'value', 'aria-expanded', 'aria-controls'), name: 'content', named: true },
  h1: { role: 'heading', neutral: set(), name: 'content', named: true },
  h2: { role: 'heading', neutral: set(), name: 'content', named: true },
  h3: { role: 'heading', neutral: set(), name: 'content', named: true },
  h4: { role: 'heading', neutral: set(), name: 'content', named: true },
  h5: { role: 'heading', neutral: set(), name: 'content', named: true },
  h6: { role: 'heading', neutral: set(), name: 'content', named: true },
  summary: { role: 'button', neutral: set(), name: 'content', named: true },
  li: { role: 'listitem', neutral: set('value'), name: 'aria-label' },
  ul: { role: 'list', neutral: set(...NAMING), name: 'aria-label' },
  ol: { role: 'list', neutral: set(...NAMING, 'start', 'reversed', 'type'), name: 'aria-label' },
  details: { role: 'group', neutral: set('open', 'name'), name: 'aria-label' },
  main: { role: 'main', neutral: set(...NAMING), name: 'aria-label' },
  nav: { role: 'navigation', neutral: set(...NAMING), name: 'aria-label' },
  header: { role: 'banner', neutral: set(...NAMING), name: 'aria-label' },
  footer: { role: 'contentinfo', neutral: set(...NAMING), name: 'aria-label' },
  section: { role: 'region', neutral: set(...NAMING), name: 'aria-label', named: true },
  textarea: { role: 'textbox', neutral: set(...FIELD, 'rows', 'cols', 'wrap'), name: 'label', named: true },
};
/** Input types and the role the tree gives each (others are left to the tree). */
const INPUT_ROLES: Record<string, string> = { text: 'textbox', email: 'textbox', url: 'textbox', tel: 'textbox', search: 'searchbox', checkbox: 'checkbox', radio: 'radio' };
const INPUT_NEUTRAL = set(...FIELD, 'type', 'checked', 'size');
/** ARIA roles given by a `role` attribute that the rules cover, on any HTML element. */
const ROLE_RULES: Record<string, Rule> = {
  tab: { role: 'tab', neutral: set('role', 'type', 'aria-selected', 'aria-controls'), name: 'content', named: true },
  tablist: { role: 'tablist', neutral: set('role', ...NAMING), name: 'aria-label' },
  region: { role: 'region', neutral: set('role', ...NAMING), name: 'aria-label', named: true },
};

/** Inline elements a content name may be made of (their own name is their content too). */
const PHRASING = new Set(['span', 'b', 'strong', 'em', 'i', 'small', 'code', 'mark']);
const HTML = 'http://www.w3.org/1999/xhtml';

/** What the page decided about an element: its name (its role is the walk's; its states are the page's evidence), and a list item's level. */
export interface PageFacts {
  name: string;
  level?: number;
}

/**
 * The element's facts as Chromium's accessibility tree would give them, or null when the page's
 * rules cannot be sure (the tree is asked then). `role` is the walk's role for it.
 */
export function pageFacts(element: Element, role: string): PageFacts | null {
  if (element.namespaceURI !== HTML || element.shadowRoot !== null) return null;
  const rule = ruleOf(element);
  if (rule === null || rule.role !== role || !neutralAttributes(element, rule.neutral)) return null;
  const name = nameBy(element, rule);
  if (name === null || (rule.named === true && name === '')) return null;
  const tag = element.localName;
  // A button's `<label for>` names it (whatever its role); a disabled one (a fieldset's too) is left to the tree.
  if (tag === 'button' && (labelsOf(element as HTMLButtonElement).length > 0 || element.matches(':disabled'))) return null;
  // A list item's level, which the tree gives and the page's evidence does not: 1 in a top-level
  // list (only under the tag's own rule, not a `role`'s).
  if (tag === 'li' && rule === TAG_RULES['li']) {
    const parent = element.parentElement;
    if (parent === null || !(parent.localName === 'ul' || parent.localName === 'ol') || parent.hasAttribute('role') || parent.closest('li') !== null) return null;
    return { name, level: 1 };
  }
  return { name };
}

function ruleOf(element: Element): Rule | null {
  const explicit = element.getAttribute('role');
  if (explicit !== null) return ROLE_RULES[explicit] ?? null;
  const tag = element.localName;
  if (tag === 'input') {
    const role = INPUT_ROLES[(element as HTMLInputElement).type];
    return role === undefined ? null : { role, neutral: INPUT_NEUTRAL, name: 'label', named: true };
  }
  return TAG_RULES[tag] ?? null;
}

function nameBy(element: Element, rule: Rule): string | null {
  if (rule.name === 'aria-label') {
    const label = element.getAttribute('aria-label');
    return label === null ? '' : nonBlank(label);
  }
  if (rule.name === 'label') return fieldName(element as HTMLInputElement | HTMLTextAreaElement);
  const style = getComputedStyle(element);
  if (style.display === 'contents' || !plainStyle(element, style)) return null;
  return contentName(element);
}

/** An aria-label names an element when it is not blank (a blank one is passed over: the tree then). */
function nonBlank(label: string): string | null {
  const name = collapse(label);
  return name === '' ? null : name;
}

function neutralAttributes(element: Element, extra: ReadonlySet<string>): boolean {
  const names = element.getAttributeNames();
  for (let k = 0; k < names.length; k++) {
    const name = names[k]!;
    if (!NEUTRAL.has(name) && !extra.has(name) && !name.startsWith('data-')) return false;
  }
  return true;
}

/**
 * A field named by one `<label for>` apart from it, whose content is plain text. Its states
 * (checked, required, focused) and value are the page's reads (evidence.ts), as the tree's; a
 * disabled or invalid field is left to the tree.
 */
function fieldName(field: HTMLInputElement | HTMLTextAreaElement): string | null {
  if (field.matches(':disabled') || !field.validity.valid) return null;
  const labels = labelsOf(field);
  if (labels.length !== 1) return null;
  const label = labels[0]!;
  if (label.contains(field) || label.shadowRoot !== null || !neutralAttributes(label, LABEL_NEUTRAL)) return null;
  const style = getComputedStyle(label);
  if (style.display === 'none' || style.display === 'contents' || !plainStyle(label, style)) return null;
  return contentName(label);
}

const LABEL_NEUTRAL = set('for');
/** Elements inside content that the content rule reads through, with what they may carry. */
const INNER_NEUTRAL: Record<string, ReadonlySet<string>> = { a: TAG_RULES['a']!.neutral, button: TAG_RULES['button']!.neutral };
const NOTHING = set();

/** No text transform, no generated content, fully visible: the rendered text is the DOM's text. */
function plainStyle(element: Element, style: CSSStyleDeclaration): boolean {
  if (style.textTransform !== 'none' || style.visibility !== 'visible' || !noContent(style.content)) return false;
  return noContent(getComputedStyle(element, '::before').content) && noContent(getComputedStyle(element, '::after').content);
}

function noContent(content: string): boolean {
  return content === 'none' || content === 'normal';
}

/**
 * The name Chromium computes from the element's content: its texts in order, an element that is
 * not `display: inline` set apart by spaces, whitespace collapsed. Null: content the rule does not
 * cover (an element other than plain phrasing, a link or a button; hidden or transformed text;
 * text not rendered).
 */
function contentName(element: Element): string | null {
  const text = contentText(element);
  return text === null ? null : collapse(text);
}

/** The content's text before whitespace is collapsed (a space at an inline element's edge counts). */
function contentText(element: Element): string | null {
  let out = '';
  for (let child = element.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType === 3) {
      const data = (child as Text).data;
      if (/\S/.test(data) && !rendered(child as Text)) return null;
      out += data;
    } else if (child.nodeType === 1) {
      const inner = child as Element;
      const tag = inner.localName;
      const neutral = PHRASING.has(tag) ? NOTHING : INNER_NEUTRAL[tag];
      if (neutral === undefined || inner.namespaceURI !== HTML || inner.shadowRoot !== null || !neutralAttributes(inner, neutral)) return null;
      const style = getComputedStyle(inner);
      if (style.display === 'none' || style.display === 'contents' || !plainStyle(inner, style)) return null;
      const text = contentText(inner);
      if (text === null) return null;
      out += style.display === 'inline' ? text : ` ${text} `;
    } else if (child.nodeType !== 8) return null;
  }
  return out;
}

/** Whether a text node has a box (it does not when a shadow tree leaves it unslotted). */
function rendered(text: Text): boolean {
  const range = text.ownerDocument.createRange();
  range.selectNodeContents(text);
  const rect = range.getBoundingClientRect();
  return rect.width > 0 || rect.height > 0;
}
