import { describe, it } from 'vitest';
import { checkRealDesktopHost } from '@sightline/platform-desktop/testing';
import { WindowsNativePlatform } from '../src/index.js';

// Real netstat and PowerShell (and node-window-manager when installed): Windows only (CI matrix).
describe.skipIf(process.platform !== 'win32')('WindowsNativePlatform on a real Windows host (skipped: not Windows)', () => {
  it('finds grandchild-owned loopback listeners from the parent pid, fingerprints stably, lists windows or explains why not', async () => {
    await checkRealDesktopHost(new WindowsNativePlatform(), { nodeExecutable: /node(\.exe)?$/i });
  }, 120_000);
});
