import type { DomRefsSnapshotResponse, OmittedCounts, SemanticSnapshotResponse } from '@sightline/semantic-core';
import { plainPalette, type Palette } from './palette.js';
import { commandPrefix } from './command-hint.js';

export interface FormatContext {
  palette: Palette;
  /** The session the command ran in, so printed follow-up commands carry `--session` when needed. */
  session: string;
  /** The command that reads the continuation; defaults to `sightline snapshot --more`. */
  moreHint?: string;
}

const defaultContext: FormatContext = { palette: plainPalette, session: 'default' };

/** Colours the ref markers and states of outline lines; the text stays byte-identical without colour. */
function paintOutlineLine(line: string, palette: Palette): string {
  return line
    .replace(/\[(ref|cref)=([^\]]+)\]/g, (_match, kind: string, ref: string) => palette.cyan(`[${kind}=${ref}]`))
    .replace(/^(\s*- )([a-z]+)/, (_match, lead: string, role: string) => `${lead}${palette.bold(role)}`);
}

/** The footer's list of what was left out, biggest reason first: `82 offscreen, 18 over budget`. */
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

export function snapshotFooter(response: SemanticSnapshotResponse, context: FormatContext = defaultContext): string {
  const { snapshot } = response;
  const omitted = describeOmitted(snapshot.omitted);
  const head = `… ${snapshot.id}: ${snapshot.selected_nodes} of ${snapshot.total_nodes} nodes`;
  const pieces = [omitted ? `${head}; ${omitted}` : head];
  if (snapshot.limits_hit && snapshot.limits_hit.length > 0) pieces.push(`limits hit: ${snapshot.limits_hit.join(', ')}`);
  let line = pieces.join('; ');
  if (snapshot.continuation) line += ` — more: ${context.moreHint ?? `${commandPrefix(context.session)} snapshot --more`}`;
  else if (snapshot.complete) line += ' — complete';
  return line;
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

/** Human text of a semantic_v2 snapshot: a page line, the outline, one footer line. */
export function formatSemanticSnapshot(response: SemanticSnapshotResponse, context: FormatContext = defaultContext): string {
  const { palette } = context;
  const title = response.page.title ? `${response.page.title} — ` : '';
  const lines = [palette.dim(`# ${title}${response.page.url}`)];
  if (response.outline.length === 0) lines.push(palette.dim(emptyOutlineNote(response)));
  else for (const line of response.outline.split('\n')) lines.push(paintOutlineLine(line, palette));
  lines.push(palette.dim(snapshotFooter(response, context)));
  // SPEC §12: a JavaScript dialog blocks the page until it is answered.
  if (response.page.dialog) lines.push(palette.yellow(`a JavaScript ${response.page.dialog.type} blocks the page: ${commandPrefix(context.session)} dialog accept|dismiss`));
  return lines.join('\n');
}

/** Human text of a dom_refs_v1 snapshot: one line per interactive ref in document order. */
export function formatDomRefsSnapshot(response: DomRefsSnapshotResponse, context: FormatContext = defaultContext): string {
  const { palette } = context;
  const title = response.page.title ? `${response.page.title} — ` : '';
  const lines = [palette.dim(`# ${title}${response.page.url}`)];
  for (const ref of response.refs) {
    const value = ref.value !== undefined && ref.value !== '' ? `: ${ref.value}` : '';
    lines.push(`- ${palette.bold(ref.role)} ${JSON.stringify(ref.name)}${value} ${palette.cyan(`[ref=${ref.ref}]`)}`);
  }
  const tail = response.snapshot.truncated ? 'truncated at 300 refs' : 'all interactive refs';
  lines.push(palette.dim(`… ${response.snapshot.id}: ${response.refs.length} refs, ${tail}`));
  return lines.join('\n');
}
