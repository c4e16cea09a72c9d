import { deepStrictEqual, match, ok } from 'node:assert/strict';
import type { NativePlatform } from '@sightline/semantic-core';
import { startListenerTree } from './listener-tree.js';

export interface RealHostExpectations {
  /** What the fingerprint's `executable` of a `node` process looks like on this OS. */
  nodeExecutable: RegExp;
  /** Also check that a pid nobody has gets no fingerprint. */
  deadPidHasNoFingerprint?: boolean;
}

/**
 * What a desktop adapter must show on a real host (the CI row of its OS): from a real process
 * tree's parent pid it finds the grandchild's loopback listeners, fingerprints a live process
 * stably, and lists windows or explains why not (naming node-window-manager). Rejects with an
 * assertion error naming the first fact that does not hold.
 */
export async function checkRealDesktopHost(platform: NativePlatform, expectations: RealHostExpectations): Promise<void> {
  const tree = await startListenerTree();
  try {
    const endpoints = await platform.listeningEndpoints(tree.parent.pid as number);
    for (const expected of tree.expectedEndpoints()) {
      ok(
        endpoints.some((endpoint) => endpoint.pid === expected.pid && endpoint.host === expected.host && endpoint.port === expected.port),
        `endpoint ${JSON.stringify(expected)} not found from the parent pid; found ${JSON.stringify(endpoints)}`,
      );
    }
    const first = await platform.fingerprint(tree.grandchild);
    match(first?.executable ?? '', expectations.nodeExecutable, `fingerprint of a live node process: ${JSON.stringify(first)}`);
    deepStrictEqual(await platform.fingerprint(tree.grandchild), first, 'a second fingerprint of the same process differs');
    if (expectations.deadPidHasNoFingerprint) deepStrictEqual(await platform.fingerprint(2 ** 22 + 7), null, 'a pid nobody has got a fingerprint');
  } finally {
    tree.stop();
  }
  const reason = await platform.unavailableReason();
  if (reason) match(reason, /node-window-manager/);
  else ok(Array.isArray(await platform.listWindows()), 'listWindows() did not answer a list');
}
