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
