import type { CapturedNode } from '../model/page-capture.js';

/** What a redacted value or text is replaced with (SPEC §4). */
export const REDACTED_TEXT = '••••';

/** The facts the secret-field rule reads; plain values so the page's isolated world can run the same rule. */
export interface SecretFieldFacts {
  /** Lowercase tag name. */
  tag: string;
  /** `<input>`'s type (lowercase). */
  inputType?: string | undefined;
  /** The `autocomplete` attribute (any case). */
  autocomplete?: string | null | undefined;
  /** The element is editable content (`contenteditable`). */
  contentEditable?: boolean | undefined;
}

/**
 * SPEC §4's one secret-field rule (snapshots, the page's collector and screenshot masks all use
 * it): a password input, or an input, select, textarea or contenteditable element whose
 * `autocomplete` names a password (`*-password`), a payment card field (`cc-*`) or a one-time
 * code. `autocomplete` may hold several tokens (`section-a shipping cc-number`): every one counts.
 */
export function isSecretFieldFacts(facts: SecretFieldFacts): boolean {
  const tag = facts.tag;
  if (tag === 'input' && facts.inputType === 'password') return true;
  if (tag !== 'input' && tag !== 'select' && tag !== 'textarea' && facts.contentEditable !== true) return false;
  const autocomplete = facts.autocomplete;
  if (!autocomplete) return false;
  for (const token of autocomplete.toLowerCase().split(/\s+/)) {
    if (token.endsWith('-password') || token.startsWith('cc-') || token === 'one-time-code') return true;
  }
  return false;
}

/** {@link isSecretFieldFacts} for a captured node. */
export function isSecretField(node: CapturedNode): boolean {
  if (node.kind !== 'element') return false;
  const attributes = node.attributes;
  if (!attributes) return false;
  return isSecretFieldFacts({
    tag: node.tag ?? '',
    inputType: attributes.inputType,
    autocomplete: attributes.autocomplete,
    contentEditable: attributes.contentEditable === true,
  });
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
