import type { NativePlatform } from '@sightline/semantic-core';

/** What every platform package exports. */
interface PlatformModule {
  createNativePlatform(): NativePlatform;
}

/**
 * The platform package for each OS. They are optional dependencies with an `os` field, so a package
 * manager installs only this OS's one (and never builds another OS's native addon); the specifier is
 * a variable so the type checker does not need the others installed either.
 */
export const PLATFORM_PACKAGES: Readonly<Partial<Record<NodeJS.Platform, string>>> = {
  linux: '@sightline/platform-linux',
  darwin: '@sightline/platform-macos',
  win32: '@sightline/platform-windows',
};

/**
 * This OS's NativePlatform, or undefined when there is none (another OS, or its package or native
 * addon failed to install): the native-window route then refuses with `browser_route_unavailable`.
 */
export async function loadNativePlatform(platform: NodeJS.Platform = process.platform): Promise<NativePlatform | undefined> {
  const specifier = PLATFORM_PACKAGES[platform];
  if (!specifier) return undefined;
  try {
    const module = (await import(specifier)) as PlatformModule;
    return module.createNativePlatform();
  } catch {
    return undefined;
  }
}

/** What the native route says when this OS's adapter could not be loaded. */
export const PLATFORM_NOT_INSTALLED = "this OS's platform adapter is not installed or did not load";

/**
 * Issue 16: this OS's NativePlatform, loaded on its first use instead of before the Driver exists —
 * most calls (every managed launch, every explicit endpoint) never need it, and loading it costs a
 * one-shot ~35 ms, or ~0.15 s beside the bundled Driver (the adapter loads semantic-core of its
 * own). Undefined when the OS has no adapter at all. An adapter that fails to load makes
 * `unavailableReason` say so, and the native route refuses as it does for any unavailable platform.
 */
export function lazyNativePlatform(platform: NodeJS.Platform = process.platform, load: (platform: NodeJS.Platform) => Promise<NativePlatform | undefined> = loadNativePlatform): NativePlatform | undefined {
  if (!PLATFORM_PACKAGES[platform]) return undefined;
  let loading: Promise<NativePlatform | undefined> | undefined;
  const loaded = async (): Promise<NativePlatform> => {
    const adapter = await (loading ??= load(platform));
    if (!adapter) throw new Error(PLATFORM_NOT_INSTALLED);
    return adapter;
  };
  return {
    unavailableReason: async () => {
      const adapter = await (loading ??= load(platform));
      return adapter ? adapter.unavailableReason() : PLATFORM_NOT_INSTALLED;
    },
    listWindows: async () => (await loaded()).listWindows(),
    fingerprint: async (pid) => (await loaded()).fingerprint(pid),
    listeningEndpoints: async (pid) => (await loaded()).listeningEndpoints(pid),
    devToolsActivePort: async (pid) => (await loaded()).devToolsActivePort(pid),
    stackingOrder: async () => (await loaded()).stackingOrder(),
    sentinels: async () => (await loaded()).sentinels(),
  };
}
