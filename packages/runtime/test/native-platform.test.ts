import { describe, expect, it } from 'vitest';
import type { NativePlatform } from '@sightline/semantic-core';
import { lazyNativePlatform, loadNativePlatform, PLATFORM_NOT_INSTALLED, PLATFORM_PACKAGES } from '../src/index.js';

describe('loadNativePlatform', () => {
  it('names one platform package per supported OS', () => {
    expect(PLATFORM_PACKAGES).toEqual({
      linux: '@sightline/platform-linux',
      darwin: '@sightline/platform-macos',
      win32: '@sightline/platform-windows',
    });
  });

  it('answers undefined for an OS without an adapter instead of throwing', async () => {
    await expect(loadNativePlatform('aix')).resolves.toBeUndefined();
  });

  it('loads this OS adapter when its package is installed', async () => {
    if (process.platform !== 'linux') return;
    const platform = await loadNativePlatform('linux');
    expect(platform).toBeDefined();
    expect(typeof platform?.listWindows).toBe('function');
  });
});

describe('lazyNativePlatform', () => {
  it('is undefined for an OS without an adapter', () => {
    expect(lazyNativePlatform('aix')).toBeUndefined();
  });

  it('loads the adapter on first use, once', async () => {
    const calls: string[] = [];
    const adapter = { unavailableReason: async () => null, listWindows: async () => [{ pid: 1 }] } as unknown as NativePlatform;
    const lazy = lazyNativePlatform('linux', async (platform) => {
      calls.push(platform);
      return adapter;
    });
    expect(lazy).toBeDefined();
    expect(calls).toEqual([]);
    await expect(lazy!.unavailableReason()).resolves.toBeNull();
    await expect(lazy!.listWindows()).resolves.toEqual([{ pid: 1 }]);
    expect(calls).toEqual(['linux']);
  });

  it('reports an adapter that did not load as the reason the route is unavailable', async () => {
    const lazy = lazyNativePlatform('linux', async () => undefined);
    await expect(lazy!.unavailableReason()).resolves.toBe(PLATFORM_NOT_INSTALLED);
    await expect(lazy!.listWindows()).rejects.toThrow(PLATFORM_NOT_INSTALLED);
  });

  it('loads the real adapter of this OS', async () => {
    if (process.platform !== 'linux') return;
    const lazy = lazyNativePlatform();
    expect(typeof (await lazy!.unavailableReason())).toMatch(/string|object/);
  });
});
