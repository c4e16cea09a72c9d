/** Random opaque ids of SPEC §2, from the platform's cryptographic randomness. */

function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  let out = '';
  for (const byte of buffer) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** `bt-` + 16 hex. */
export function mintTargetId(): string {
  return `bt-${randomHex(8)}`;
}

/** `tab-` + 16 hex. */
export function mintTabId(): string {
  return `tab-${randomHex(8)}`;
}

/** `bc-` + 32 hex. */
export function mintContinuationId(): string {
  return `bc-${randomHex(16)}`;
}

/** Identity of a node across snapshots of one tab: its document and its handle. */
export function nodeIdentity(documentKey: string, handle: string): string {
  return `${documentKey}|${handle}`;
}
