import type { RefusalCode, RefusalResponse } from '@sightline/semantic-core';

/** A refusal the CLI itself decides (usage errors, no session yet), in the contract's shape. */
export function cliRefusal(code: RefusalCode, message: string, detail?: Record<string, unknown>): RefusalResponse {
  return { status: 'refused', refusal: detail ? { code, message, detail } : { code, message } };
}
