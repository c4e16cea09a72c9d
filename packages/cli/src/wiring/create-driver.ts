import type { Driver } from '@sightline/semantic-core';

/**
 * The Driver the daemon, `snapshot <url>`, `windows` and `demo` use: @sightline/runtime's
 * composition (CDP transport plus this OS's native platform adapter), the same one the MCP server
 * uses. Loaded lazily: client commands that only talk to the daemon never load a browser transport.
 */
export async function createDriver(): Promise<Driver> {
  const { createDefaultDriver } = await import('@sightline/runtime');
  return createDefaultDriver();
}
