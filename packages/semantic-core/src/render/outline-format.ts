import { STATE_ORDER, type NodeStates } from '../model/node-states.js';
import { collapseWhitespace } from '../classify/text.js';

/** Longest text, name or value an outline line carries before it is cut with `…` (SPEC §4). */
export const OUTLINE_TEXT_LIMIT = 500;

/**
 * Collapses whitespace and cuts at OUTLINE_TEXT_LIMIT characters with `…`, never splitting a
 * surrogate pair. Names and values are cut like text: a link wrapping a whole article has the
 * article as its name, and one such line must not eat the character budget.
 */
export function displayText(raw: string): string {
  const text = collapseWhitespace(raw);
  if (text.length <= OUTLINE_TEXT_LIMIT) return text;
  let end = OUTLINE_TEXT_LIMIT;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** Escapes what would end or confuse a quoted outline string. */
export function escapeOutline(text: string): string {
  return text.replace(/[\\"]/g, (c) => `\\${c}`);
}

/** `[checked] [disabled] …` in STATE_ORDER; false and undefined print nothing. */
export function formatStates(states: NodeStates, role = 'heading'): string {
  let out = '';
  for (const key of STATE_ORDER) {
    const value = states[key];
    if (value === undefined || value === false) continue;
    if (key === 'level') {
      // Chromium gives every list item and tree item a level; only nesting (level > 1) says anything.
      if (role === 'heading' || (typeof value === 'number' && value > 1)) out += ` [level=${value}]`;
    } else if (value === 'mixed') out += ` [${key}=mixed]`;
    else if (value === true) out += ` [${key}]`;
  }
  return out;
}

export interface LineParts {
  depth: number;
  role: string;
  /** Already through `displayText`. */
  name: string;
  value?: string | undefined;
  states: NodeStates;
  redacted?: 'filled' | 'empty' | undefined;
  /** e.g. ` [frame=f1]`, ` [ref=p1:5]`, ` [cref=p1:3]`, already formatted with a leading space. */
  tags: string;
}

/**
 * One outline line: `- <role> "<name>"[: <value>] [<state>]… [tags]`, two spaces per level.
 * An empty name prints nothing rather than `""` (as Playwright's aria snapshots do): an unnamed
 * list item or landmark says all it can by its role.
 */
export function formatLine(parts: LineParts): string {
  return `${lineLead(parts.depth)}${formatBody(parts)}`;
}

/** A line without its indent and leading `- `: `<role> "<name>"[: <value>] [<state>]… [tags]`. */
export function formatBody(parts: Omit<LineParts, 'depth'>): string {
  const value = parts.value ? `: ${escapeOutline(parts.value)}` : '';
  const redacted = parts.redacted ? ` [${parts.redacted}]` : '';
  const name = parts.name ? ` "${escapeOutline(parts.name)}"` : '';
  return `${parts.role}${name}${value}${formatStates(parts.states, parts.role)}${redacted}${parts.tags}`;
}

/** Two spaces per level, then `- `: what precedes every line's body. */
export function lineLead(depth: number): string {
  return `${'  '.repeat(depth)}- `;
}
