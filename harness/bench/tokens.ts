import { countTokens } from 'gpt-tokenizer';

/** Above this many characters, count a prefix exactly and scale (the full count would take minutes). */
const EXACT_LIMIT = 1_000_000;

/**
 * Tokens under OpenAI's o200k_base encoding (gpt-tokenizer ships it; nothing is downloaded).
 * Outputs longer than 1M characters (only raw full-tree dumps get there) are estimated from their
 * first 1M characters and flagged.
 */
export function tokenCount(text: string): { tokens: number; estimated: boolean } {
  if (text.length <= EXACT_LIMIT) return { tokens: countTokens(text), estimated: false };
  const sample = countTokens(text.slice(0, EXACT_LIMIT));
  return { tokens: Math.round((sample * text.length) / EXACT_LIMIT), estimated: true };
}

export const TOKENIZER = 'gpt-tokenizer o200k_base';
