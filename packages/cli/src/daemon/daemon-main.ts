/**
 * Entry point of the detached daemon process (`node dist/daemon/daemon-main.js`). Started by the
 * client on the first session command; not meant to be run by hand.
 */
import { appendFileSync } from 'node:fs';
import { runtimeDirectory, runtimePaths } from './paths.js';
import { startDaemon } from './daemon-server.js';
import { createDriver } from '../wiring/create-driver.js';
import { CLI_VERSION } from '../version.js';
import { idleMsFromEnvironment } from './daemon-config.js';

async function main(): Promise<void> {
  const paths = runtimePaths(runtimeDirectory());
  const log = (message: string): void => {
    try {
      appendFileSync(paths.logFile, `${new Date().toISOString()} [${process.pid}] ${message}\n`, { mode: 0o600 });
    } catch {
      // logging is best effort
    }
  };
  const daemon = await startDaemon({
    paths,
    idleMs: idleMsFromEnvironment(process.env.SIGHTLINE_DAEMON_IDLE_MS),
    createDriver,
    log,
    version: CLI_VERSION,
  });
  if (!daemon) {
    log('another daemon already serves this runtime directory; exiting');
    return;
  }
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => void daemon.shutdown(signal));
  }
  process.on('uncaughtException', (error) => {
    log(`uncaught exception: ${error.stack ?? String(error)}`);
    void daemon.shutdown('uncaught exception').finally(() => process.exit(1));
  });
  process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${String(reason)}`));
  const reason = await daemon.done;
  log(`stopped (${reason})`);
  process.exit(0);
}

void main().catch((error: unknown) => {
  process.stderr.write(`sightline daemon failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
