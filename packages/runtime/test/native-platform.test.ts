import { describe, expect, it } from 'vitest';
import { loadNativePlatform, PLATFORM_PACKAGES } from '../src/index.js';

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
