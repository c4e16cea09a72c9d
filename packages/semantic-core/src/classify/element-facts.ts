import type { Rect } from '../model/geometry.js';

/**
 * What the action and semantic rules (`actionMask`, `isSemantic`) read of a node. A `CapturedNode`
 * has all of it; the page's walk fills one reused object from the DOM, so the rules run unchanged
 * in the page's isolated world (SPEC §8).
 */
export interface ElementFacts {
  kind: 'element' | 'text';
  /** Lowercase tag name for elements. */
  tag?: string | undefined;
  role: string;
  name: string;
  states?: { disabled?: boolean | undefined } | undefined;
  attributes?: ElementAttributeFacts | undefined;
  style?: { cursor?: string | undefined; scrollable?: boolean | undefined } | undefined;
  box?: Rect | null | undefined;
}

/** The attributes the action rule reads (see `nodeAttributesSchema` for their meaning). */
export interface ElementAttributeFacts {
  inputType?: string | undefined;
  contentEditable?: boolean | undefined;
  href?: boolean | undefined;
  clickHandler?: boolean | undefined;
  tabIndex?: number | undefined;
  draggable?: boolean | undefined;
  labelsNothing?: boolean | undefined;
}
