import { isSensitive } from './secret-fields.js';

/** Shortest value treated as a secret (a shorter one would redact ordinary words and digits). */
export const MIN_SECRET_LENGTH = 4;
/** Most values answered per document. */
const MAX_SECRETS = 32;

/**
 * SPEC §12 console redaction: the current values of the document's secret fields (password,
 * `*-password`, `one-time-code`, `cc-*` inputs — the fields a snapshot reduces to filled/empty),
 * including those in open shadow roots and closed ones the collector knows. Answered only to the
 * transport, which redacts them from console text and never logs them.
 */
export function secretValues(shadowOf: (host: Element) => ShadowRoot | null): string[] {
  const values: string[] = [];
  const visit = (root: Document | ShadowRoot): void => {
    for (const element of root.querySelectorAll('*')) {
      if (values.length >= MAX_SECRETS) return;
      if (isSensitive(element)) {
        const value = (element as HTMLInputElement).value;
        if (value.length >= MIN_SECRET_LENGTH && !values.includes(value)) values.push(value);
      }
      const shadow = shadowOf(element);
      if (shadow) visit(shadow);
    }
  };
  visit(document);
  return values;
}
