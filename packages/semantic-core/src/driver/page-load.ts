import type { BindResponse } from '../contract/responses.js';
import type { PageOpenReport } from '../ports/browser-transport.js';

function ms(value: number): number {
  return Math.max(0, Math.round(value));
}

/** Issue 16: a managed launch's page report as the bind response's `page_load` and `timing_ms`. */
export function pageLoadFields(opened: PageOpenReport | undefined): Pick<BindResponse, 'page_load' | 'timing_ms'> {
  if (!opened) return {};
  return {
    page_load: {
      ready: opened.ready,
      load_event: opened.loadEvent,
      still_loading: opened.stillLoading.map(({ type, url }) => ({ type, url })),
      still_loading_count: opened.stillLoadingCount,
    },
    timing_ms: { launch: ms(opened.launchMs), load_wait: ms(opened.loadWaitMs), ...(opened.warmUpMs === undefined ? {} : { warm_up: ms(opened.warmUpMs) }) },
  };
}
