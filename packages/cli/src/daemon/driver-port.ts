import type { Driver } from '@sightline/semantic-core';
import type { DriverMethodName } from '../mapping/driver-input.js';

/**
 * The slice of semantic-core's `Driver` the CLI calls. Each method takes the snake_case input of
 * contract/requests.ts and resolves (never rejects) to a contract response or a Failure.
 */
export type DriverPort = {
  [method in DriverMethodName]: (input: unknown) => Promise<unknown>;
} & Pick<Driver, 'listTabs' | 'close' | 'tabs'>;
