import { TransportError, type ActionOutcome } from '@sightline/semantic-core';
import type { ActionContext } from './action-context.js';
import { NavigationWatch } from './navigation-watch.js';

/** `Page.navigate` on the tab's session, waiting (bounded) for the new document to commit and load. */
export async function deliverNavigate(context: ActionContext, url: string): Promise<ActionOutcome> {
  const { tab } = context;
  const watch = new NavigationWatch(tab);
  watch.expectNavigation();
  let result;
  try {
    result = await tab.session.send('Page.navigate', { url });
  } catch (error) {
    watch.dispose();
    throw error;
  }
  if (result.errorText && result.errorText !== 'net::ERR_ABORTED') {
    watch.dispose();
    throw new TransportError('protocol_error', `could not open ${url}: ${result.errorText}; check the URL, then take a new snapshot`, 'Page.navigate');
  }
  return finish(watch);
}

/** Back/forward through `Page.getNavigationHistory` + `Page.navigateToHistoryEntry`; reload via `Page.reload`. */
export async function deliverHistory(context: ActionContext, move: 'back' | 'forward' | 'reload'): Promise<ActionOutcome> {
  const { tab } = context;
  if (move === 'reload') {
    const watch = new NavigationWatch(tab);
    watch.expectNavigation();
    try {
      await tab.session.send('Page.reload', {});
    } catch (error) {
      watch.dispose();
      throw error;
    }
    return finish(watch);
  }
  const { currentIndex, entries } = await tab.session.send('Page.getNavigationHistory');
  const entry = entries[currentIndex + (move === 'back' ? -1 : 1)];
  if (!entry) return { delivered: true, effect: 'suspected_noop', navigation: false };
  const watch = new NavigationWatch(tab);
  watch.expectNavigation();
  try {
    await tab.session.send('Page.navigateToHistoryEntry', { entryId: entry.id });
  } catch (error) {
    watch.dispose();
    throw error;
  }
  return finish(watch);
}

async function finish(watch: NavigationWatch): Promise<ActionOutcome> {
  const { navigation, sameDocument } = await watch.settle();
  return { delivered: true, effect: navigation || sameDocument ? 'confirmed' : 'unverifiable', navigation };
}
