import type { DomRefsSnapshotResponse, OmittedCounts, SemanticSnapshotResponse, SnapshotResponse } from '../contract/responses.js';
import { collapseWhitespace } from '../classify/text.js';
import { DOM_REFS_LIMIT } from './dom-refs-v1.js';
import { formatLine } from './outline-format.js';

/**
 * The one text rendering of a snapshot answer, for every frontend (MCP text content, the CLI's
 * output): a page line, the outline (or a note saying why it is empty), a footer with the counts,
 * what was omitted and why, the limits hit and how to read the rest, and a line about a blocking
 * JavaScript dialog. Frontends only pick a style and the words of their follow-up commands.
 */

/** Colours for a terminal; each hook wraps its text and must not change it otherwise. */
export interface SnapshotTextStyle {
  /** The page line, the footer and notes. */
  muted(text: string): string;
  /** The role at the start of a line. */
  role(text: string): string;
  /** A `[ref=…]` or `[cref=…]` marker. */
  ref(text: string): string;
  /** The line about a blocking dialog. */
  warning(text: string): string;
}

export interface SnapshotTextOptions {
  /** Default: plain text. */
  style?: SnapshotTextStyle;
  /** What reads the rest of the snapshot, given its continuation id. Default: `continuation <id>`. */
  moreHint?: (continuation: string) => string;
  /** What answers a JavaScript dialog that blocks the page. */
  dialogHint?: string;
}

const plain = (text: string): string => text;

export const PLAIN_TEXT_STYLE: SnapshotTextStyle = { muted: plain, role: plain, ref: plain, warning: plain };

const DEFAULT_DIALOG_HINT = 'answer it with browser_dialog (CLI: sightline dialog accept|dismiss), then snapshot again';

/** What was left out, biggest reason first, zero counts skipped: `82 offscreen, 18 over budget`. */
export function describeOmitted(omitted: OmittedCounts): string {
  const parts: Array<[number, string]> = [
    [omitted.offscreen, 'offscreen'],
    [omitted.budget, 'over budget'],
    [omitted.no_layout, 'without layout'],
    [omitted.unknown, 'of unknown visibility'],
    [omitted.css_hidden, 'hidden'],
    [omitted.page_occluded, 'covered'],
    [omitted.unprovable_frame, omitted.unprovable_frame === 1 ? 'unprovable frame' : 'unprovable frames'],
    [omitted.filtered, 'filtered out'],
    [omitted.collapsed, 'folded (max children)'],
  ];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, label]) => `${count} ${label}`)
    .join(', ');
}

/** `… p42: 300 of 400 nodes; 82 offscreen, 18 over budget; limits hit: node_budget — more: <hint>` (or `— complete`). */
export function snapshotFooter(response: SemanticSnapshotResponse, options: SnapshotTextOptions = {}): string {
  const { snapshot } = response;
  const omitted = describeOmitted(snapshot.omitted);
  const head = `… ${snapshot.id}: ${snapshot.selected_nodes} of ${snapshot.total_nodes} nodes`;
  const pieces = [omitted ? `${head}; ${omitted}` : head];
  if (snapshot.limits_hit && snapshot.limits_hit.length > 0) pieces.push(`limits hit: ${snapshot.limits_hit.join(', ')}`);
  let line = pieces.join('; ');
  if (snapshot.continuation) line += ` — more: ${(options.moreHint ?? defaultMoreHint)(snapshot.continuation)}`;
  else if (snapshot.complete) line += ' — complete';
  return line;
}

/** The text of a snapshot answer (either format). */
export function renderSnapshotText(response: SnapshotResponse, options: SnapshotTextOptions = {}): string {
  const style = options.style ?? PLAIN_TEXT_STYLE;
  const lines = [style.muted(pageLine(response))];
  if (response.snapshot.format === 'semantic_v2') {
    const semantic = response as SemanticSnapshotResponse;
    if (semantic.outline.length === 0) lines.push(style.muted(emptyOutlineNote(semantic)));
    else for (const line of semantic.outline.split('\n')) lines.push(paintLine(line, style));
    lines.push(style.muted(snapshotFooter(semantic, options)));
  } else {
    const dom = response as DomRefsSnapshotResponse;
    for (const ref of dom.refs) {
      lines.push(paintLine(formatLine({ depth: 0, role: ref.role, name: ref.name, value: ref.value, states: {}, tags: ` [ref=${ref.ref}]` }), style));
    }
    const tail = dom.snapshot.truncated ? `truncated at ${DOM_REFS_LIMIT} refs` : 'all interactive refs';
    lines.push(style.muted(`… ${dom.snapshot.id}: ${dom.refs.length} refs, ${tail}`));
  }
  // SPEC §12: a JavaScript dialog blocks the page until it is answered.
  const dialog = response.page.dialog;
  if (dialog) lines.push(style.warning(`a JavaScript ${dialog.type} blocks the page: ${options.dialogHint ?? DEFAULT_DIALOG_HINT}`));
  return lines.join('\n');
}

function defaultMoreHint(continuation: string): string {
  return `continuation ${continuation}`;
}

/** `# <title> — <url>` (the title collapsed to one line; left out when empty). */
function pageLine(response: SnapshotResponse): string {
  const title = collapseWhitespace(response.page.title);
  return `# ${title ? `${title} — ` : ''}${response.page.url}`;
}

function emptyOutlineNote(response: SemanticSnapshotResponse): string {
  switch (response.snapshot.scope) {
    case 'query':
      return '(nothing matches the query)';
    case 'diff':
      return '(no change since the previous snapshot of this tab)';
    default:
      return '(nothing to show)';
  }
}

/** Styles the role and the ref markers of a line; with the plain style the line is returned as is. */
function paintLine(line: string, style: SnapshotTextStyle): string {
  if (style === PLAIN_TEXT_STYLE) return line;
  return line
    .replace(/\[(ref|cref)=([^\]]+)\]/g, (marker) => style.ref(marker))
    .replace(/^(\s*- )([a-z]+)/, (_match, lead: string, role: string) => `${lead}${style.role(role)}`);
}
