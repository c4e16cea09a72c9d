import type { ActionOutcome } from '@sightline/semantic-core';
import type { ActionContext, ActionTarget } from './action-context.js';
import { mainSite } from './observed-delivery.js';
import { callPage } from '../page-call/page-call.js';

export type ScrollDirection = 'up' | 'down' | 'left' | 'right';

/**
 * Scrolls the node's scroll container (itself, else its nearest scrolling ancestor, else the
 * document) or, without a node, the page, by `amount` CSS px, in the collector world. The effect
 * is read from the container's own offsets: moved → confirmed, at its end → suspected_noop.
 */
export async function deliverScroll(context: ActionContext, target: ActionTarget | null, direction: ScrollDirection, amount: number): Promise<ActionOutcome> {
  const dx = direction === 'left' ? -amount : direction === 'right' ? amount : 0;
  const dy = direction === 'up' ? -amount : direction === 'down' ? amount : 0;
  const { moved } = target ? await callPage(target.world, 'scrollBy', target.node, dx, dy) : await callPage(await mainSite(context.tab), 'scrollBy', null, dx, dy);
  return { delivered: true, effect: moved ? 'confirmed' : 'suspected_noop', navigation: false };
}
