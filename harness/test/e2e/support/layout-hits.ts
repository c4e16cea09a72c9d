import type { SemanticSnapshotResponse } from '@sightline/semantic-core';
import { waitUntil, type ActionsFixture } from './actions-fixture.js';

/** One entry of `app/layouts/hits.js`: where a click landed (capture phase), or a change. */
export interface LayoutHit {
  hit?: string | null;
  change?: string;
  value?: unknown;
  trusted?: boolean;
  frame: string;
}

/** URL of a page under `harness/app/layouts/` on the main origin. */
export function layoutUrl(f: ActionsFixture, page: string): string {
  return `${f.server.mainOrigin}/layouts/${page}`;
}

/** The top page's hit log (frames post theirs to the top). */
export function hits(f: ActionsFixture): Promise<LayoutHit[]> {
  return f.evaluate<LayoutHit[]>('window.__hits || []');
}

/** Waits until the hit log has at least `count` entries, then answers it. */
export function hitsAtLeast(f: ActionsFixture, count: number): Promise<LayoutHit[]> {
  return waitUntil(() => hits(f), (entries) => entries.length >= count, 20_000);
}

/** Snapshots until `accept` holds (frames load after the top document). */
export function snapshotUntil(f: ActionsFixture, accept: (snapshot: SemanticSnapshotResponse) => boolean, extra: Record<string, unknown> = {}): Promise<SemanticSnapshotResponse> {
  return waitUntil(() => f.snapshot(extra), accept, 30_000);
}
