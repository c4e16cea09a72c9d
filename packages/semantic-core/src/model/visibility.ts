/** SPEC §5 visibility vocabulary. */
export const VISIBILITY_CLASSES = [
  'in_viewport',
  'near_viewport',
  'offscreen',
  'css_hidden',
  'no_layout',
  'page_occluded',
  'unknown',
] as const;
export type Visibility = (typeof VISIBILITY_CLASSES)[number];

/** How far outside the viewport a node may sit and still be `near_viewport` (CSS px). */
export const NEAR_VIEWPORT_MARGIN = 1000;

/** SPEC §6: the closed set of actions a ref may support. */
export const ACTION_KINDS = ['click', 'type', 'select', 'scroll', 'upload', 'hover', 'drag'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
