import { createDefaultDriver as createRuntimeDriver } from '@sightline/runtime';
import type { Driver } from '@sightline/semantic-core';

/**
 * The Driver a standalone server uses: @sightline/runtime's composition (CDP transport plus this
 * OS's native platform adapter), the same one the CLI uses, so the two frontends cannot drift.
 */
export async function createDefaultDriver(): Promise<Driver> {
  return createRuntimeDriver();
}
