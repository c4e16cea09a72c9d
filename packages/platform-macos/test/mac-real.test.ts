import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MacNativePlatform } from '../src/index.js';
import { startListenerTree, type ListenerTree } from './listener-tree.js';

// Real commands (lsof, pgrep, ps) and the real node-window-manager: runs on macOS only (CI matrix).
describe.skipIf(process.platform !== 'darwin')('MacNativePlatform on a real macOS host (skipped: not macOS)', () => {
  let tree: ListenerTree;
  const platform = new MacNativePlatform();

  beforeAll(async () => {
    tree = await startListenerTree();
  });
  afterAll(() => tree?.stop());

  it('finds the grandchild-owned loopback listeners from the parent pid', async () => {
    const endpoints = await platform.listeningEndpoints(tree.parent.pid as number);
    expect(endpoints).toContainEqual({ pid: tree.grandchild, host: '127.0.0.1', port: tree.v4 });
    if (tree.v6 !== null) expect(endpoints).toContainEqual({ pid: tree.grandchild, host: '::1', port: tree.v6 });
  });

  it('fingerprints a live process stably', async () => {
    const first = await platform.fingerprint(tree.grandchild);
    expect(first?.executable).toMatch(/node/);
    expect(await platform.fingerprint(tree.grandchild)).toEqual(first);
    expect(await platform.fingerprint(2 ** 22 + 7)).toBeNull();
  });

  it('lists windows or explains why not', async () => {
    const reason = await platform.unavailableReason();
    if (reason) expect(reason).toMatch(/node-window-manager/);
    else expect(Array.isArray(await platform.listWindows())).toBe(true);
  });
});
