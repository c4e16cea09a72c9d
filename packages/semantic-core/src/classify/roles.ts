// Role vocabularies the classification rules read. Chromium reports AX roles in lowercase ARIA
// spelling where one exists; its own names (e.g. `menulistoption`) are listed beside them.

/**
 * Roles that carry no semantics of their own: such an element is only structure unless named or
 * actionable. HTML-AAM roles (paragraph, strong, emphasis, code, time, group, caption, …) are not
 * structural: they print as Chromium's accessibility tree has them.
 */
export const STRUCTURAL_ROLES: ReadonlySet<string> = new Set(['generic', 'none', 'presentation', '']);

/**
 * Readable containers that get a content ref (SPEC §4) so an agent can pass them as `scope_ref`.
 * Lists, tables, grids and trees are included because "read this list" is the common follow-up;
 * `tabpanel` because it is the body of a tab an agent just switched to.
 */
export const CONTAINER_ROLES: ReadonlySet<string> = new Set([
  'heading',
  'banner',
  'main',
  'navigation',
  'complementary',
  'contentinfo',
  'region',
  'form',
  'search',
  'list',
  'table',
  'grid',
  'treegrid',
  'tree',
  'dialog',
  'alertdialog',
  'article',
  'tabpanel',
]);

/** Roles whose primary action is typing text. */
export const TYPING_ROLES: ReadonlySet<string> = new Set(['textbox', 'searchbox', 'spinbutton']);

/** Roles whose primary action is a click. */
export const CLICK_ROLES: ReadonlySet<string> = new Set([
  'button',
  'togglebutton',
  'popupbutton',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'menulistoption',
  'listboxoption',
  'treeitem',
  'slider',
  'disclosuretriangle',
]);

/** Roles that open something on hover (submenus, link previews); see `actionMask`. */
export const HOVER_ROLES: ReadonlySet<string> = new Set(['link', 'menuitem', 'menuitemcheckbox', 'menuitemradio']);

/** `<input type>` values that take typed text. An absent type is `text`. */
export const TEXT_INPUT_TYPES: ReadonlySet<string> = new Set([
  '',
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
]);

/** `<input type>` values that are buttons or toggles: a click is what they take. */
export const CLICK_INPUT_TYPES: ReadonlySet<string> = new Set([
  'button',
  'submit',
  'reset',
  'image',
  'checkbox',
  'radio',
  'color',
  'range',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/**
 * Roles whose accessible name is computed from their content (ARIA "name from: contents"): text
 * inside them that the name already contains would be said twice.
 */
export const NAME_FROM_CONTENT_ROLES: ReadonlySet<string> = new Set([
  'button',
  'togglebutton',
  'popupbutton',
  'link',
  'option',
  'menulistoption',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'treeitem',
  'heading',
  'checkbox',
  'radio',
  'switch',
  'cell',
  'gridcell',
  'columnheader',
  'rowheader',
  'row',
  'tooltip',
  // Chromium names a term (<dfn>, <dt>) from its content, unlike a listitem (WPT html-aam/roles).
  'term',
]);
