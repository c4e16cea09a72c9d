import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WindowsNativePlatform } from '../src/index.js';
import { startListenerTree, type ListenerTree } from './listener-tree.js';

// Real netstat and PowerShell (and node-window-manager when installed): Windows only (CI matrix).
describe.skipIf(process.platform !== 'win32')('WindowsNativePlatform on a real Windows host (skipped: not Windows)', () => {
  let tree: ListenerTree;
  const platform = new WindowsNativePlatform();

  beforeAll(async () => {
    tree = await startListenerTree();
  }, 30_000);
  afterAll(() => tree?.stop());

  it('finds the grandchild-owned loopback listeners from the parent pid', async () => {
    const endpoints = await platform.listeningEndpoints(tree.parent.pid as number);
    expect(endpoints).toContainEqual({ pid: tree.grandchild, host: '127.0.0.1', port: tree.v4 });
    if (tree.v6 !== null) expect(endpoints).toContainEqual({ pid: tree.grandchild, host: '::1', port: tree.v6 });
  });

  it('fingerprints a live process stably', async () => {
    const first = await platform.fingerprint(tree.grandchild);
    expect(first?.executable).toMatch(/node(\.exe)?$/i);
    expect(await platform.fingerprint(tree.grandchild)).toEqual(first);
  });

  it('lists windows or explains why not', async () => {
    const reason = await platform.unavailableReason();
    if (reason) expect(reason).toMatch(/node-window-manager/);
    else expect(Array.isArray(await platform.listWindows())).toBe(true);
  });
});
