import type { DriverPort } from '../daemon/driver-port.js';

/**
 * The Driver the daemon, `snapshot <url>`, `windows` and `demo` use: @sightline/runtime's
 * composition (CDP transport plus this OS's native platform adapter), the same one the MCP server
 * uses. Loaded lazily: client commands that only talk to the daemon never load a browser transport.
 */
export async function createDriver(): Promise<DriverPort> {
  const { createDefaultDriver } = await import('@sightline/runtime');
  return createDefaultDriver();
}
