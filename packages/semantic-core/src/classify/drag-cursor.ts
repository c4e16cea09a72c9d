/**
 * Computed cursors that say "drag me" (the action-kinds drag rule): `move` and `grab` (Chromium
 * computes `-webkit-grab` as `grab`). `grabbing` is left out: it shows while a drag is under way.
 * One home for the page walk and the core's classification.
 */
export function isDragCursor(cursor: string | undefined): boolean {
  return cursor === 'move' || cursor === 'grab';
}
