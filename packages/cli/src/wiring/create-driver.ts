import type { DriverPort } from '../daemon/driver-port.js';

/**
 * The Driver the daemon, `snapshot <url>`, `windows` and `demo` use: semantic-core's Driver over
 * the CDP transport plus this OS's native platform adapter — the same wiring as the MCP server,
 * taken from it so the two frontends cannot drift. Loaded lazily: client commands that only talk
 * to the daemon never load a browser transport.
 */
export async function createDriver(): Promise<DriverPort> {
  const { createDefaultDriver } = await import('@sightline/mcp');
  return createDefaultDriver();
}
