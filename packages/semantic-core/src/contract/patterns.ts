// Zod-free constants of the contract, in their own module so a client that only needs them (the
// bundled CLI) does not load zod and every schema. The package entry exports them;
// identifiers.ts and requests.ts build their schemas on them.
// Patterns of the opaque capabilities of SPEC §2.
export const SESSION_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const TARGET_ID_PATTERN = /^bt-[0-9a-f]{16}$/;
export const TAB_ID_PATTERN = /^tab-[0-9a-f]{16}$/;
export const SNAPSHOT_ID_PATTERN = /^p[1-9][0-9]*$/;
/** Refs may carry a leading `@`. */
export const REF_PATTERN = /^@?p[1-9][0-9]{0,9}:[1-9][0-9]{0,9}$/;
export const CONTINUATION_PATTERN = /^bc-[0-9a-f]{32}$/;

/** Directions of browser_scroll (SPEC §6). */
export const SCROLL_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
