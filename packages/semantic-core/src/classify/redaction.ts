import type { CapturedNode } from '../model/page-capture.js';

/** What a redacted value or text is replaced with (SPEC §4). */
export const REDACTED_TEXT = '••••';

/**
 * A field whose value is a secret: a password input, or an `autocomplete` token naming a password,
 * a payment card field or a one-time code. `autocomplete` may hold several tokens
 * (`section-a shipping cc-number`), so every token is checked.
 */
export function isSecretField(node: CapturedNode): boolean {
  if (node.kind !== 'element') return false;
  const attributes = node.attributes;
  if (!attributes) return false;
  if (node.tag === 'input' && attributes.inputType === 'password') return true;
  const autocomplete = attributes.autocomplete;
  if (!autocomplete) return false;
  for (const token of autocomplete.split(/\s+/)) {
    if (token.endsWith('-password') || token.startsWith('cc-') || token === 'one-time-code') return true;
  }
  return false;
}

/**
 * The name a secret field may show: its label, unless the label contains the secret (a name
 * computed from the field's own content). Then the whole name is withheld, not just the match,
 * so no fragment of the secret can leak through a partial replacement.
 */
export function redactedName(name: string, value: string | undefined): string {
  if (value && name.includes(value)) return REDACTED_TEXT;
  return name;
}
