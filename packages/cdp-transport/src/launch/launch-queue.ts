import { availableParallelism } from 'node:os';
import { SightlineError, cancelledError } from '@sightline/semantic-core';

/** Managed launches starting at once by default: one per core, at least two. */
export function defaultLaunchConcurrency(): number {
  return Math.max(2, availableParallelism());
}

/** Launches that may wait for a slot by default; more are refused at once. */
export const DEFAULT_LAUNCH_QUEUE = 64;

/**
 * A bounded queue for managed launches (issue 17). Starting Chromium is CPU-heavy: twenty at once on
 * two cores made four of them miss their 15 s navigation. Here at most `concurrency` start at once,
 * up to `maxQueued` more wait their turn (a cancelled waiter leaves the queue), and beyond that a
 * launch is refused at once with `browser_route_unavailable`.
 */
export class LaunchQueue {
  private running = 0;
  private readonly waiting: Array<{ start: () => void; cancel: () => void }> = [];

  constructor(
    readonly concurrency = defaultLaunchConcurrency(),
    readonly maxQueued = DEFAULT_LAUNCH_QUEUE,
  ) {}

  /** Launches starting now, and waiting. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `task` when a slot is free; the slot is held until it settles. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw cancelledError('the launch');
    if (this.running >= this.concurrency) await this.wait(signal);
    else this.running += 1;
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private wait(signal: AbortSignal | undefined): Promise<void> {
    if (this.waiting.length >= this.maxQueued) {
      throw new SightlineError(
        'browser_route_unavailable',
        `${this.running} managed browsers are starting and ${this.waiting.length} more are waiting, the most this server queues; try again in a few seconds, end sessions you no longer need, or bind a running browser with cdp_url`,
        { starting: this.running, waiting: this.waiting.length },
      );
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        // The slot passes from the releasing launch to this one (`running` unchanged).
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        cancel: () => reject(cancelledError('the launch')),
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        entry.cancel();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running -= 1;
  }
}
