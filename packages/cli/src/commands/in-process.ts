import type { HeadStart } from '@sightline/runtime/head-start';
import type { Driver } from '@sightline/semantic-core';
import { createInProcessDriver } from '../wiring/create-driver.js';

/**
 * Runs `work` with a Driver in this process and always closes it (stopping any browser it
 * launched), also when the user interrupts with Ctrl-C or the process is asked to stop.
 */
export async function withInProcessDriver<T>(work: (driver: Driver) => Promise<T>, options: { headStart?: HeadStart } = {}): Promise<T> {
  const driver = await createInProcessDriver(options);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => (closing ??= driver.close().catch(() => undefined));
  const onSignal = (signal: NodeJS.Signals): void => {
    void close().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.on(signal, onSignal);
  try {
    return await work(driver);
  } finally {
    await close();
    for (const signal of signals) process.off(signal, onSignal);
  }
}
