import type { Driver } from '@sightline/semantic-core';

/**
 * What the MCP server needs of semantic-core's `Driver`: each method takes the snake_case request of
 * the contract as `unknown`, validates it itself and resolves — never throws — to a response of the
 * contract or a Failure. The server re-checks every answer against the contract before sending it.
 */
export interface SightlineDriver {
  listBrowserWindows(input: unknown): Promise<unknown>;
  bind(input: unknown): Promise<unknown>;
  /** Refreshes a target's tab list (new tabs get ids); typed because the CLI daemon reads it. */
  listTabs: Driver['listTabs'];
  snapshot(input: unknown): Promise<unknown>;
  click(input: unknown): Promise<unknown>;
  type(input: unknown): Promise<unknown>;
  select(input: unknown): Promise<unknown>;
  scroll(input: unknown): Promise<unknown>;
  press(input: unknown): Promise<unknown>;
  navigate(input: unknown): Promise<unknown>;
  screenshot(input: unknown): Promise<unknown>;
  // SPEC §12 pointer verbs.
  hover(input: unknown): Promise<unknown>;
  drag(input: unknown): Promise<unknown>;
  upload(input: unknown): Promise<unknown>;
  dialog(input: unknown): Promise<unknown>;
  console(input: unknown): Promise<unknown>;
  endSession(input: unknown): Promise<unknown>;
  close(): Promise<void>;
  // SPEC §12 wait and tabs.
  wait(input: unknown): Promise<unknown>;
  /** Typed because the CLI daemon reads it (its `tabs` command). */
  tabs: Driver['tabs'];
}

export type DriverMethod = Exclude<keyof SightlineDriver, 'close' | 'listTabs'>;
