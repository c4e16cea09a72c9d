import type { ClassifiedPage } from '../compose/compose-types.js';
import type { SemanticNode } from '../model/semantic-node.js';
import type { ReadSelection } from './read-selection.js';
import { plainArray } from '../classify/lazy-array.js';
import { fieldsMatchQuery, queryNeedle } from './query-match.js';

/**
 * SPEC §4 `query`: case-insensitive substring match on role, accessible name, value and text
 * (a text node's name is its text). Redacted values never match, nor does the text of a
 * redacted text node, so a query cannot probe a password.
 */
export function matchesQuery(node: SemanticNode, query: string): boolean {
  const isText = node.role === 'text' || node.role === 'statictext';
  return fieldsMatchQuery(queryNeedle(query), node.role, node.redacted && isText ? undefined : node.name, node.redacted ? undefined : node.value);
}

/** The hits of the query, every tier; the composer renders each hit under its ancestor chain. */
export function querySelection(page: ClassifiedPage, query: string): ReadSelection {
  return {
    universe: plainArray(page.nodes).filter((node) => matchesQuery(node, query)),
    candidates: plainArray(page.ranked).filter((node) => matchesQuery(node, query)),
  };
}
