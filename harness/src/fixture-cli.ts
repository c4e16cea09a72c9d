#!/usr/bin/env node
import { startFixtureServer } from './fixture-server.js';

/** `pnpm fixture`: serve the fixture app on loopback until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const server = await startFixtureServer();
  const lines = [
    'Sightline fixture server',
    `  main origin    ${server.mainOrigin}`,
    `  second origin  ${server.secondOrigin}`,
    ...Object.entries(server.urls).map(([name, url]) => `  ${name.padEnd(16)}${url}`),
    `  inbox sizes    ${server.inboxUrl(500)} (elements=500|5000|25000|100000)`,
    'Press Ctrl+C to stop.',
  ];
  console.log(lines.join('\n'));
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => {
        console.log(`fixture server stopped (${signal})`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error('fixture server failed to stop:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('fixture server failed to start:', error);
  process.exit(1);
});
