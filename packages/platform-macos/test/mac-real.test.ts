import { describe, it } from 'vitest';
import { checkRealDesktopHost } from '@sightline/platform-desktop/testing';
import { MacNativePlatform } from '../src/index.js';

// Real commands (lsof, pgrep, ps) and the real node-window-manager: runs on macOS only (CI matrix).
describe.skipIf(process.platform !== 'darwin')('MacNativePlatform on a real macOS host (skipped: not macOS)', () => {
  it('finds grandchild-owned loopback listeners from the parent pid, fingerprints stably, lists windows or explains why not', async () => {
    await checkRealDesktopHost(new MacNativePlatform(), { nodeExecutable: /node/, deadPidHasNoFingerprint: true });
  });
});
