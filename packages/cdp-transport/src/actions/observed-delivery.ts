import type { ActionOutcome } from '@sightline/semantic-core';
import type { CdpTab } from '../tab/cdp-tab.js';
import type { ActionTarget } from './action-context.js';
import { EffectProbe, type ProbeSite } from './effect-probe.js';
import { NavigationWatch } from './navigation-watch.js';
import { markDeliveryError } from './step-failure.js';

/** Refusal outcomes a delivery step may return instead of delivering. */
export type Undelivered = Extract<ActionOutcome, { delivered: false }>;

/**
 * Runs one delivery between a navigation watch and effect probes installed just before it, then
 * reports `{effect, navigation}`. A step that returns an Undelivered outcome delivered nothing.
 */
export async function observeDelivery(tab: CdpTab, sites: ProbeSite[], watchedEverything: boolean, deliver: () => Promise<Undelivered | void>): Promise<ActionOutcome> {
  const watch = new NavigationWatch(tab);
  let probe: EffectProbe;
  let refused: Undelivered | void;
  try {
    probe = await EffectProbe.install(sites);
  } catch (error) {
    watch.dispose();
    throw error;
  }
  try {
    refused = await deliver();
  } catch (error) {
    watch.dispose();
    markDeliveryError(error);
    throw error;
  }
  if (refused) {
    watch.dispose();
    await probe.read({ navigation: false, watchedEverything }).catch(() => undefined);
    return refused;
  }
  const { navigation } = await watch.settle();
  const effect = await probe.read({ navigation, watchedEverything });
  return { delivered: true, effect, navigation };
}

/** Probe sites for an action on a node: its document (with the node), and the tab's main document. */
export async function sitesFor(tab: CdpTab, target: ActionTarget): Promise<{ sites: ProbeSite[]; watchedEverything: boolean }> {
  const sites: ProbeSite[] = [{ session: target.world.session, contextId: target.world.contextId, targetObjectId: target.objectId }];
  if (target.frameId === tab.mainFrameId) return { sites, watchedEverything: true };
  try {
    const main = await tab.world(tab.mainFrameId);
    sites.push({ session: main.session, contextId: main.contextId });
  } catch {
    // Without the main document we can only see the node's own frame.
  }
  return { sites, watchedEverything: false };
}

/** Probe site for tab-level actions (press, page scroll): the main document. */
export async function mainSite(tab: CdpTab): Promise<ProbeSite> {
  const main = await tab.world(tab.mainFrameId);
  return { session: main.session, contextId: main.contextId };
}
