import type { Protocol } from 'devtools-protocol';
import { collapseWhitespace, iconGlyphsOnly, type NodeStates } from '@sightline/semantic-core';

export interface AxFacts {
  role: string;
  name: string;
  value: string | undefined;
  states: NodeStates;
}

// Chromium-internal role names that have an ARIA counterpart (`<summary>` is DisclosureTriangle: it toggles its <details> like a button).
const ROLE_ALIASES: Record<string, string> = {
  none: 'generic', presentation: 'generic', Iframe: 'iframe', IframePresentational: 'iframe', image: 'img', DisclosureTriangle: 'button',
  SvgRoot: 'img', Canvas: 'img',
};

/**
 * The role Sightline prints for a role Chromium's accessibility tree reports: ARIA spellings as they
 * are, Chromium's own names (CamelCase: LayoutTable, LayoutTableCell, Abbr, Ruby, LabelText, …)
 * mapped to their ARIA counterpart or, having none, to `generic` — internal names never leak.
 */
export function ariaRole(chromiumRole: string): string {
  const alias = ROLE_ALIASES[chromiumRole];
  if (alias !== undefined) return alias;
  return /^[A-Z]/.test(chromiumRole) ? 'generic' : chromiumRole;
}

/** The facts of a node Chromium's tree ignores: an unnamed generic (the outline collapses it). */
export const IGNORED: AxFacts = Object.freeze({ role: 'generic', name: '', value: undefined, states: Object.freeze({}) }) as AxFacts;

/**
 * Role, name, value and states of one element from Chromium's accessibility tree
 * (`Accessibility.getPartialAXTree {fetchRelatives:false}`); null when Chromium ignores the node.
 */
export function axFacts(nodes: Protocol.Accessibility.AXNode[]): AxFacts | null {
  const node = nodes[0];
  if (!node) return null;
  // Chromium leaves it out of the tree: nothing of its own to show (its content still shows).
  if (node.ignored) return IGNORED;
  const rawRole = String(node.role?.value ?? '');
  if (!rawRole) return null;
  const role = ariaRole(rawRole);
  const states: NodeStates = {};
  for (const property of node.properties ?? []) {
    const value = property.value.value as unknown;
    switch (property.name) {
      case 'focused':
        if (value === true) states.focused = true;
        break;
      case 'disabled':
        if (value === true) states.disabled = true;
        break;
      case 'expanded':
        states.expanded = value === true;
        break;
      case 'selected':
        states.selected = value === true;
        break;
      case 'required':
        if (value === true) states.required = true;
        break;
      case 'level':
        if (typeof value === 'number') states.level = value;
        break;
      case 'invalid':
        if (value !== 'false' && value !== false && value !== undefined) states.invalid = true;
        break;
      case 'checked':
        states.checked = value === 'mixed' ? 'mixed' : value === 'true' || value === true;
        break;
      case 'pressed':
        states.pressed = value === 'mixed' ? 'mixed' : value === 'true' || value === true;
        break;
      default:
        break;
    }
  }
  const value = node.value?.value;
  return {
    role,
    name: nameOf(node),
    value: value === undefined || value === null ? undefined : String(value),
    states,
  };
}

/**
 * Chromium's name, whitespace collapsed; a name of icon-font glyphs only (a button drawn by an
 * icon font's `::before`) gives way to the element's title, which Chromium keeps as its description.
 */
function nameOf(node: Protocol.Accessibility.AXNode): string {
  const name = typeof node.name?.value === 'string' ? collapseWhitespace(node.name.value) : '';
  if (!iconGlyphsOnly(name)) return name;
  const title = node.name?.sources?.find((source) => source.type === 'attribute' && source.attribute === 'title')?.attributeValue?.value;
  return typeof title === 'string' && collapseWhitespace(title) ? collapseWhitespace(title) : name;
}
