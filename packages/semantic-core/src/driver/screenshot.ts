import type { ScreenshotLabel } from '../ports/browser-transport.js';
import type { ScreenshotResponse } from '../contract/responses.js';
import { rectIsEmpty } from '../model/geometry.js';
import type { CapabilityStore } from '../capabilities/capability-store.js';
import type { TabAddress } from './action-delivery.js';
import { assertStillBound } from './snapshot-target.js';

/**
 * `browser_screenshot`. With `annotate`, labels 1..n are drawn over the in-viewport action refs
 * of the tab's current snapshot that have a box (in the order the snapshot listed them); the
 * response maps each label to its ref. Without a current snapshot there is nothing to label.
 */
export async function takeScreenshot(store: CapabilityStore, address: TabAddress, annotate: boolean): Promise<ScreenshotResponse> {
  const { target, tab } = store.tab(address.session, address.target_id, address.tab_id);
  const labels: ScreenshotLabel[] = [];
  const labelRefs: Array<{ label: number; ref: string }> = [];
  const snapshot = tab.current;
  if (annotate && snapshot && store.isLive(snapshot)) {
    const seen = new Set<string>();
    for (const listed of snapshot.listedRefs) {
      if (seen.has(listed.ref)) continue;
      seen.add(listed.ref);
      const stored = snapshot.identities.get(listed.identity)?.[0];
      if (!stored || stored.node.visibility !== 'in_viewport' || stored.node.actions.length === 0) continue;
      const box = snapshot.segments[stored.segment]?.capture.nodes[stored.node.index]?.box;
      if (!box || rectIsEmpty(box)) continue;
      const label = labels.length + 1;
      labels.push({ label, box: { ...box } });
      labelRefs.push({ label, ref: listed.ref });
    }
  }
  const generation = target.generation;
  const shot = await target.connection.screenshot(tab.key, labels);
  assertStillBound(target, generation, tab);
  return {
    status: 'ok',
    action: 'screenshot',
    image: { mime_type: 'image/png', data: shot.data, width: shot.width, height: shot.height },
    labels: labelRefs,
  };
}
