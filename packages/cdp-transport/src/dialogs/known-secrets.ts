import type { CdpTab } from '../tab/cdp-tab.js';
import { CaptureCallBudget } from '../capture/call-budget.js';
import { callCollector } from '../capture/collector-calls.js';
import { raceDialog } from './dialog-race.js';

/** Values remembered per tab (the newest win). */
const MAX_KNOWN = 64;
/** How long one read of the frames' secret fields may take before the console answers without it (ms). */
const READ_TIMEOUT_MS = 3_000;

export const REDACTED = '[redacted]';

/**
 * SPEC §12: console text is redacted of secrets the tab's fields hold. How the transport knows
 * them: at each console read it asks every frame's isolated world for the current values of its
 * secret fields (`__sightline.secretValues()`: the fields a snapshot shows only as filled/empty),
 * and remembers them for the tab's life — so a value logged after its field was cleared, or read
 * while a dialog blocks the page (nothing may call into it then), is still redacted. The values
 * stay in this process's memory only; they are never logged or answered.
 */
export class KnownSecrets {
  private values: string[] = [];

  /** Reads the current secret field values of every frame (skipped while a dialog is open). */
  async refresh(tab: CdpTab): Promise<void> {
    if (tab.dialogs.open) return;
    const frames = [...tab.frames.keys()];
    const read = async (): Promise<string[][]> => {
      const budget = new CaptureCallBudget(performance.now() + READ_TIMEOUT_MS, frames.length + 1, 0, 0);
      return Promise.all(
        frames.map(async (frameId) => {
          try {
            const world = await tab.world(frameId);
            const values = await withTimeout(callCollector<string[]>(world, budget, 'secretValues', []), READ_TIMEOUT_MS);
            return Array.isArray(values) ? values.filter((value) => typeof value === 'string') : [];
          } catch {
            return []; // a frame that went away or did not answer: what is known already still applies
          }
        }),
      );
    };
    const result = await raceDialog(tab.dialogs, read);
    if (result.kind === 'done') for (const list of result.value) for (const value of list) this.remember(value);
  }

  /** `text` with every known secret replaced by `[redacted]` (longest first, so overlaps go whole). */
  redact(text: string): string {
    let out = text;
    for (const value of [...this.values].sort((a, b) => b.length - a.length)) {
      if (out.includes(value)) out = out.split(value).join(REDACTED);
    }
    return out;
  }

  private remember(value: string): void {
    const at = this.values.indexOf(value);
    if (at >= 0) this.values.splice(at, 1);
    this.values.push(value);
    if (this.values.length > MAX_KNOWN) this.values.splice(0, this.values.length - MAX_KNOWN);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
