import type { Clip } from './geometry-rules.js';

/**
 * The distinct clips of one walk, each stored once and named by a small id (0: nothing clips):
 * a record keeps an id in a typed column instead of a reference in a JS array. Neighbouring
 * records nearly always share a clip, so the last one asked is answered without a lookup.
 */
export class ClipTable {
  private readonly rects: Clip[] = [undefined];
  private readonly ids = new Map<Clip, number>([[undefined, 0]]);
  private last: Clip = undefined;
  private lastId = 0;

  id(clip: Clip): number {
    if (clip === this.last) return this.lastId;
    let id = this.ids.get(clip);
    if (id === undefined) {
      id = this.rects.push(clip) - 1;
      this.ids.set(clip, id);
    }
    this.last = clip;
    this.lastId = id;
    return id;
  }

  at(id: number): Clip {
    return this.rects[id];
  }
}
