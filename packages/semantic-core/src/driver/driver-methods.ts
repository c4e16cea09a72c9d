import type { Driver } from './driver.js';

/**
 * The Driver's request verbs: every public method but `close`. Each takes the contract's
 * snake_case request as `unknown` and resolves — never rejects — to its response or a Failure.
 * Frontends name the verbs they call with this (or a `Pick<Driver, …>` of it), so the Driver's
 * shape is declared once, by the class.
 */
export type DriverMethod = Exclude<keyof Driver, 'close'>;

/** What the Driver answers `method` with: its contract response or a Failure (SPEC §7). */
export type DriverAnswer<M extends DriverMethod = DriverMethod> = Awaited<ReturnType<Driver[M]>>;
