import {
  describeOmitted,
  renderSnapshotText,
  snapshotFooter as coreSnapshotFooter,
  type DomRefsSnapshotResponse,
  type SemanticSnapshotResponse,
  type SnapshotResponse,
  type SnapshotTextOptions,
} from '@sightline/semantic-core';
import { plainPalette, type Palette } from './palette.js';
import { commandPrefix } from './command-hint.js';

export { describeOmitted };

export interface FormatContext {
  palette: Palette;
  /** The session the command ran in, so printed follow-up commands carry `--session` when needed. */
  session: string;
  /** The command that reads the continuation; defaults to `sightline snapshot --more`. */
  moreHint?: string;
}

const defaultContext: FormatContext = { palette: plainPalette, session: 'default' };

/** The CLI's pick of semantic-core's one snapshot renderer: its palette and its follow-up commands. */
export function snapshotTextOptions(context: FormatContext): SnapshotTextOptions {
  const { palette } = context;
  const prefix = commandPrefix(context.session);
  return {
    ...(palette === plainPalette ? {} : { style: { muted: palette.dim, role: palette.bold, ref: palette.cyan, warning: palette.yellow } }),
    moreHint: () => context.moreHint ?? `${prefix} snapshot --more`,
    dialogHint: `${prefix} dialog accept|dismiss`,
  };
}

/** Human text of any snapshot answer (semantic-core's renderer with the CLI's options). */
export function formatSnapshot(response: SnapshotResponse, context: FormatContext = defaultContext): string {
  return renderSnapshotText(response, snapshotTextOptions(context));
}

/** Human text of a semantic_v2 snapshot: a page line, the outline, one footer line. */
export function formatSemanticSnapshot(response: SemanticSnapshotResponse, context: FormatContext = defaultContext): string {
  return formatSnapshot(response, context);
}

/** Human text of a dom_refs_v1 snapshot: one line per interactive ref in document order. */
export function formatDomRefsSnapshot(response: DomRefsSnapshotResponse, context: FormatContext = defaultContext): string {
  return formatSnapshot(response, context);
}

/** The footer line of a semantic_v2 snapshot, with the CLI's follow-up command. */
export function snapshotFooter(response: SemanticSnapshotResponse, context: FormatContext = defaultContext): string {
  return coreSnapshotFooter(response, snapshotTextOptions(context));
}
