import { afterAll, beforeAll } from 'vitest';
import { startFixtureServer, type FixtureServer } from '@sightline/harness';
import { CliSandbox } from './cli-sandbox.js';

export interface FixtureSandbox {
  /** The harness's fixture server (started before the suite's tests). */
  readonly fixture: FixtureServer;
  /** One CLI sandbox for the whole suite (its daemon and browsers are gone after it). */
  readonly sandbox: CliSandbox;
}

/**
 * The setup of the suites that drive the built CLI against the fixture pages: a fixture server and
 * a sandbox, started before the suite and disposed after it (the sandbox first, so nothing it
 * started outlives the server). Call at the top of a `describe`.
 */
export function useFixtureSandbox(): FixtureSandbox {
  let fixture: FixtureServer | undefined;
  let sandbox: CliSandbox | undefined;
  beforeAll(async () => {
    fixture = await startFixtureServer();
    sandbox = new CliSandbox();
  });
  afterAll(async () => {
    await sandbox?.dispose();
    await fixture?.close();
  });
  return {
    get fixture() {
      if (!fixture) throw new Error('the fixture server starts in beforeAll');
      return fixture;
    },
    get sandbox() {
      if (!sandbox) throw new Error('the CLI sandbox starts in beforeAll');
      return sandbox;
    },
  };
}
