#!/usr/bin/env node
import { DEFAULT_HTTP_PORT, parseCliArgs, USAGE, type CliOptions } from './cli-args.js';
import { createDefaultDriver } from './default-driver.js';
import { startHttpServer } from './http-server.js';
import { startStdioServer } from './stdio-server.js';
import { SERVER_VERSION } from './version.js';

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliArgs(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`sightline-mcp: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.help) return void process.stdout.write(USAGE);
  if (options.version) return void process.stdout.write(`${SERVER_VERSION}\n`);
  if (options.http === undefined) {
    await startStdioServer();
    return;
  }
  const driver = await createDefaultDriver();
  const running = await startHttpServer({ driver, port: options.http ?? DEFAULT_HTTP_PORT, ...(options.token ? { token: options.token } : {}) });
  process.stderr.write(`sightline-mcp: Streamable HTTP on ${running.url}\n`);
  if (!options.token) process.stderr.write(`sightline-mcp: bearer token (generated): ${running.token}\n`);
  const stop = () =>
    void Promise.allSettled([running.close(), driver.close()]).then(() => process.exit(0));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`sightline-mcp: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
