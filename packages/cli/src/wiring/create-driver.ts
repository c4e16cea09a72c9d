import type { HeadStart } from '@sightline/runtime/head-start';
import type { Driver } from '@sightline/semantic-core';

/**
 * The Driver the daemon, `snapshot <url>`, `windows` and `demo` use: @sightline/runtime's
 * composition (CDP transport plus this OS's native platform adapter), the same one the MCP server
 * uses. Loaded lazily: client commands that only talk to the daemon never load a browser transport.
 */
export async function createDriver(options: { headStart?: HeadStart } = {}): Promise<Driver> {
  const { createDefaultDriver } = await import('@sightline/runtime');
  return createDefaultDriver(options);
}

/**
 * Issue 16: the same Driver for the commands that run one in the `sightline` process itself
 * (`snapshot <url>`, `windows`, `demo`), loaded from `@sightline/runtime/bundled` — one file instead
 * of a few hundred modules, ~0.14 s less on the 2-core machine, which a one-shot waits for before
 * its first CDP command. This process has no other copy of semantic-core to share (the client's
 * few contract constants are inside cli.bundle.cjs); the daemon, whose own modules load
 * semantic-core anyway, uses {@link createDriver}.
 */
export async function createInProcessDriver(options: { headStart?: HeadStart } = {}): Promise<Driver> {
  const { createDefaultDriver } = await import('@sightline/runtime/bundled');
  return createDefaultDriver(options);
}

/**
 * Issue 16: the managed Chromium a one-shot is about to launch, started before the Driver loads
 * (`@sightline/runtime/head-start` loads only the launcher), so the two overlap.
 */
export async function startBrowserEarly(): Promise<HeadStart> {
  const { startHeadStart } = await import('@sightline/runtime/head-start');
  return startHeadStart();
}
