import type { CdpSession } from '../connection/cdp-session.js';
import { callPage, PageObject } from '../page-call/page-call.js';

export type Effect = 'confirmed' | 'unverifiable' | 'suspected_noop';

interface Installed {
  session: CdpSession;
  contextId: number;
  token: number;
}

/** A world to watch, and optionally the target node in it (its value/checked/scroll). */
export interface ProbeSite {
  session: CdpSession;
  contextId: number;
  targetObjectId?: string;
}

/**
 * Watches documents for an action's effect: a MutationObserver in the collector world of each
 * site's document plus a fingerprint (URL, focus, scroll, the target's value/checked/selection).
 * Installed before delivery, read after it.
 */
export class EffectProbe {
  private constructor(
    private readonly installed: Installed[],
    private readonly complete: boolean,
  ) {}

  static async install(sites: ProbeSite[]): Promise<EffectProbe> {
    const installed: Installed[] = [];
    let complete = true;
    for (const site of sites) {
      try {
        const token = await callPage(site, 'installProbe', site.targetObjectId ? new PageObject(site.targetObjectId) : null);
        installed.push({ session: site.session, contextId: site.contextId, token });
      } catch {
        complete = false;
      }
    }
    return new EffectProbe(installed, complete && installed.length > 0);
  }

  /**
   * `confirmed` when any watched document changed (or navigated); otherwise `suspected_noop` when
   * every relevant document was watched, `unverifiable` when the effect could lie elsewhere.
   */
  async read(options: { navigation: boolean; watchedEverything: boolean }): Promise<Effect> {
    if (options.navigation) return 'confirmed';
    let anyUnknown = !this.complete;
    for (const probe of this.installed) {
      try {
        const state = await callPage(probe, 'readProbe', probe.token);
        if (state === 'changed') return 'confirmed';
        if (state === 'unknown') anyUnknown = true;
      } catch {
        // The document went away (a frame navigated): something happened, but not observably here.
        anyUnknown = true;
      }
    }
    return anyUnknown || !options.watchedEverything ? 'unverifiable' : 'suspected_noop';
  }
}
