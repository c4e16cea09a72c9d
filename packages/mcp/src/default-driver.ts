import { CdpBrowserTransport } from '@sightline/cdp-transport';
import { Driver, type NativePlatform } from '@sightline/semantic-core';
import type { SightlineDriver } from './sightline-driver.js';

/**
 * The Driver a standalone server uses: CDP transport (managed launch, explicit endpoints) and the
 * native platform adapter of this OS for the native-window route. A platform whose adapter cannot
 * load leaves the native route to refuse with `browser_route_unavailable`.
 */
export async function createDefaultDriver(): Promise<SightlineDriver> {
  const platform = await loadNativePlatform();
  return new Driver({
    transport: new CdpBrowserTransport(),
    ...(platform ? { platform } : {}),
    ...(process.env.SIGHTLINE_DEBUG ? { onInternalError: logInternalError } : {}),
  });
}

/** With SIGHTLINE_DEBUG set, unexpected exceptions print their stack (never page text) to stderr. */
function logInternalError(error: unknown): void {
  const stack = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  process.stderr.write(`sightline: internal error\n${stack}\n`);
}

async function loadNativePlatform(): Promise<NativePlatform | undefined> {
  try {
    switch (process.platform) {
      case 'linux':
        return (await import('@sightline/platform-linux')).createNativePlatform();
      case 'darwin':
        return (await import('@sightline/platform-macos')).createNativePlatform();
      case 'win32':
        return (await import('@sightline/platform-windows')).createNativePlatform();
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}
