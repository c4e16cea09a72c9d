import type { BindResponse } from '@sightline/semantic-core';
import type { Palette } from './palette.js';

/** Issue 16: one line after `open` when the page was still loading as it was handed over; null when nothing was. */
export function formatPageLoad(response: BindResponse, palette: Palette): string | null {
  const load = response.page_load;
  if (!load) return null;
  const waited = load.ready === 'timeout' ? 'gave up waiting' : load.ready === 'painted' ? 'parsed and painted' : 'loaded';
  if (load.still_loading_count === 0) return load.ready === 'timeout' ? palette.yellow(`${waited}; nothing was still loading`) : null;
  const shown = load.still_loading.slice(0, 3).map((request) => `${request.type} ${request.url}`);
  const more = load.still_loading_count - shown.length;
  const list = `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return palette.dim(`${waited}; still loading ${load.still_loading_count} request${load.still_loading_count === 1 ? '' : 's'}: ${list}`);
}
