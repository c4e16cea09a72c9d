import { CdpBrowserTransport, type HeadStart } from '@sightline/cdp-transport';
import { Driver } from '@sightline/semantic-core';
import { lazyNativePlatform } from './native-platform.js';

export interface DefaultDriverOptions {
  /** Called with unexpected exceptions; defaults to printing their stack to stderr when SIGHTLINE_DEBUG is set. */
  onInternalError?: (error: unknown) => void;
  /**
   * A browser already starting (`startHeadStart` from `@sightline/runtime/head-start`, called before
   * this package loaded): the first managed launch of the same headless mode and viewport takes it.
   */
  headStart?: HeadStart;
}

/**
 * The Driver both frontends use: CDP transport (managed launch, explicit endpoints) and the native
 * platform adapter of this OS for the native-window route. A platform whose adapter cannot load
 * leaves the native route to refuse with `browser_route_unavailable`.
 */
export async function createDefaultDriver(options: DefaultDriverOptions = {}): Promise<Driver> {
  const platform = lazyNativePlatform();
  const onInternalError = options.onInternalError ?? (process.env.SIGHTLINE_DEBUG ? logInternalError : undefined);
  return new Driver({
    transport: new CdpBrowserTransport(options.headStart ? { headStart: options.headStart } : {}),
    ...(platform ? { platform } : {}),
    ...(onInternalError ? { onInternalError } : {}),
  });
}

/** With SIGHTLINE_DEBUG set, unexpected exceptions print their stack (never page text) to stderr. */
function logInternalError(error: unknown): void {
  const stack = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  process.stderr.write(`sightline: internal error\n${stack}\n`);
}
