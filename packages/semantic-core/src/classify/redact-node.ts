import type { CapturedNode } from '../model/page-capture.js';
import { REDACTED_EMPTY, REDACTED_FILLED, overrideOf, type NodeTable } from './node-table.js';
import { REDACTED_TEXT, isSecretField, redactedName } from './redaction.js';

/**
 * SPEC §4 redaction of kept node `index`, which is a secret field or inside one, done during
 * classification so no later stage ever holds the secret: a secret field's value becomes ••••
 * with `filled`/`empty`; text and names inside it become ••••. `name` is the name it shows so far.
 */
export function redactNode(table: NodeTable, index: number, node: CapturedNode, name: string): void {
  const override = overrideOf(table, index);
  if (node.kind === 'text') {
    override.name = REDACTED_TEXT;
    table.redacted[index] = REDACTED_FILLED;
    return;
  }
  const value = node.value ?? '';
  const ownField = isSecretField(node);
  if (ownField && node.attributes?.contentEditable !== true) {
    override.name = redactedName(name, value);
  } else if (name) {
    // Inside the field, or a contentEditable field: the name may be computed from the secret.
    override.name = REDACTED_TEXT;
  }
  if (ownField || node.value !== undefined) {
    override.value = REDACTED_TEXT;
    table.redacted[index] = value ? REDACTED_FILLED : REDACTED_EMPTY;
  }
}
