import { fieldsMatchQuery } from '@sightline/semantic-core/page-safe';
import { insideSensitive } from '../secret-fields.js';
import { nameAt } from '../classify/names.js';
import type { Walk } from '../types.js';

/**
 * The core's query rule (`fieldsMatchQuery`, SPEC §4) on record `i`: its preliminary role, its
 * name, a filled form field's value — never a secret field's. The page pre-selects with it; the
 * core applies the rule again to what it shows (where a secret field's text is redacted).
 * `needle` comes from `queryNeedle`.
 */
export function recordMatchesQuery(walk: Walk, i: number, needle: string): boolean {
  const role = walk.role[i]!;
  const name = nameAt(walk, i);
  if (fieldsMatchQuery(needle, role, name, undefined)) return true;
  const node = walk.nodes[i]!;
  if (node.nodeType !== 1) return false;
  // Only a filled field pays for the climb to its secret-field ancestors.
  const value = (node as HTMLInputElement).value;
  return typeof value === 'string' && value !== '' && !insideSensitive(node) && fieldsMatchQuery(needle, role, name, value);
}
