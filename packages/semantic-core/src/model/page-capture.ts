import { z } from 'zod';

/**
 * PageCapture: everything a transport hands to the core for one tab at one moment.
 *
 * It is evidence, not conclusions: the core classifies visibility, assigns action kinds,
 * ranks and budgets from it. A team with its own collector can feed the core by producing
 * this shape (its JSON schema is exported as `pageCaptureJsonSchema`).
 *
 * Coordinates are CSS px in the top-level viewport (frames already translated).
 * Handles are opaque to the core and never leave the process.
 */

const rect = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const nodeStatesSchema = z.object({
  checked: z.union([z.boolean(), z.literal('mixed')]).optional(),
  disabled: z.boolean().optional(),
  expanded: z.boolean().optional(),
  focused: z.boolean().optional(),
  selected: z.boolean().optional(),
  pressed: z.union([z.boolean(), z.literal('mixed')]).optional(),
  required: z.boolean().optional(),
  level: z.number().int().optional(),
  invalid: z.boolean().optional(),
});

/** DOM facts that decide hidden-ness and actionability. Absent means false / not set. */
export const nodeAttributesSchema = z.object({
  /** The `hidden` attribute is present. */
  hidden: z.boolean().optional(),
  /** `aria-hidden="true"`. */
  ariaHidden: z.boolean().optional(),
  /** The `inert` attribute is present. */
  inert: z.boolean().optional(),
  /** Parsed `tabindex`, when present. */
  tabIndex: z.number().int().optional(),
  contentEditable: z.boolean().optional(),
  /** `<a href>` / `<area href>`. */
  href: z.boolean().optional(),
  /** `type` of an `<input>` (lowercase). */
  inputType: z.string().optional(),
  /** `autocomplete` attribute (lowercase). */
  autocomplete: z.string().optional(),
  /** An inline or property click handler was observed (`onclick`). */
  clickHandler: z.boolean().optional(),
  /** The element's placeholder, used when it has no other name. */
  placeholder: z.string().optional(),
  /**
   * A user would drag it (SPEC §12): `draggable="true"` (HTML5 drag and drop), or an
   * `aria-roledescription` naming it draggable or sortable (dnd-kit, react-beautiful-dnd and the like).
   */
  draggable: z.boolean().optional(),
  /** `<a href>` / `<area href>`: the resolved URL (printed with `include_urls`, SPEC §12). */
  url: z.string().optional(),
  /** A `<label>` whose `control` is null: it labels no form control (see the action-kinds rule). */
  labelsNothing: z.boolean().optional(),
});

/** Computed style evidence (only what the rules read). */
export const nodeStyleSchema = z.object({
  display: z.string(),
  visibility: z.string(),
  /** The element's own computed opacity (0..1); the core multiplies along ancestors. */
  opacity: z.number(),
  contentVisibility: z.string().optional(),
  cursor: z.string().optional(),
  position: z.string().optional(),
  /** The element is a scroll container with content overflowing in some direction. */
  scrollable: z.boolean().optional(),
});

export const capturedNodeSchema = z.object({
  /** Opaque transport handle, stable for this node for the life of its document. Never serialized out. */
  handle: z.string(),
  /** Index of the parent node in `nodes`, -1 for a root. Parents precede children (pre-order). */
  parent: z.number().int(),
  /** Key of the frame (document) the node belongs to; see `frames`. */
  frame: z.string(),
  kind: z.enum(['element', 'text']),
  /** Lowercase tag name for elements. */
  tag: z.string().optional(),
  /** Accessibility role (Chromium's AX role names, lowercase ARIA where they exist); `text` for text nodes; `generic` for wrappers. */
  role: z.string(),
  /** Accessible name, or the text of a text node. */
  name: z.string(),
  value: z.string().optional(),
  states: nodeStatesSchema.optional(),
  attributes: nodeAttributesSchema.optional(),
  style: nodeStyleSchema.optional(),
  /** Border box in top-level viewport coordinates; null when the node has no layout box. */
  box: rect.nullable().optional(),
  /**
   * Visible area left by the node's clipping ancestors (overflow containers, frame viewports), in
   * viewport coordinates. Undefined: nothing clips. Null: clipped away entirely.
   */
  clip: rect.nullable().optional(),
  /**
   * Paint evidence at the node's visible centre: `clear` (it or a descendant receives the hit),
   * `covered` (a higher-painted fixed/absolute overlay does), `unknown` (evidence incomplete).
   * Absent when not tested (e.g. the node is not in the viewport).
   */
  hit: z.enum(['clear', 'covered', 'unknown']).optional(),
  /** When `hit` is `covered`: index of the covering node, for messages. */
  coveredBy: z.number().int().optional(),
});

export const capturedFrameSchema = z.object({
  /** Opaque key for the frame, unique within the capture. */
  key: z.string(),
  /** Opaque identity of the frame's current document; changes when the frame navigates. */
  documentKey: z.string(),
  /** Index of the `<iframe>` element node hosting this frame; null for the main frame. */
  ownerNode: z.number().int().nullable(),
  url: z.string(),
  title: z.string(),
  outOfProcess: z.boolean(),
  /** `captured`: walked. `unprovable`: could not be proven to belong to the tab (counted, not read). `skipped`: a collection budget ran out first. */
  status: z.enum(['captured', 'unprovable', 'skipped']),
});

const outsideCountsSchema = z.object({
  in_viewport: z.number().int().nonnegative(),
  near_viewport: z.number().int().nonnegative(),
  offscreen: z.number().int().nonnegative(),
  css_hidden: z.number().int().nonnegative(),
  no_layout: z.number().int().nonnegative(),
  page_occluded: z.number().int().nonnegative(),
  unknown: z.number().int().nonnegative(),
});

export const captureCoverageSchema = z.object({
  /**
   * `all`: `nodes` holds every node of every captured frame.
   * `ranked_prefix`: the collector ranked the document itself and shipped only the best-ranked
   * semantic nodes and their ancestors; `outside` counts the semantic nodes it did not ship.
   */
  included: z.enum(['all', 'ranked_prefix']),
  outside: outsideCountsSchema.optional(),
  /** Collection budgets that ran out; non-empty means the capture is not the whole document. */
  exhausted: z.array(z.enum(['time', 'nodes', 'frames', 'calls'])),
  /**
   * For `ranked_prefix` captures: the transport keeps the whole ranked list of this capture under
   * `token` (for the document's life); `CaptureScope` `ranked` reads more of it for continuations.
   * `shipped` ranked nodes are in `nodes`; `total` is the length of the ranked list.
   */
  ranking: z.object({ token: z.string(), shipped: z.number().int().nonnegative(), total: z.number().int().nonnegative() }).optional(),
  /** Out-of-process frames: whether the collector attached to them. */
  oopif: z.object({ status: z.enum(['attached', 'none', 'partial']), frames: z.number().int().nonnegative() }),
  /**
   * For a `query` or `subtree` capture: every node of that scope (every hit, the whole subtree) is in
   * `nodes`, so a read that shows them all is complete.
   */
  scopeComplete: z.boolean().optional(),
});

/** Issue 16: where the capture's time went (ms), as the transport measured it; every phase optional. */
export const captureTimingsSchema = z.object({
  /** Isolated worlds created and the collector loaded into them. */
  worldSetup: z.number().nonnegative().optional(),
  /** Chromium's accessibility tree turned on for the document. */
  axEnable: z.number().nonnegative().optional(),
  /** In-page walk, hit tests, and ranking plus shipping, summed over frames. */
  walk: z.number().nonnegative().optional(),
  hitTest: z.number().nonnegative().optional(),
  rank: z.number().nonnegative().optional(),
  /** Accessibility reads of the nodes to be emitted. */
  ax: z.number().nonnegative().optional(),
  /** Waiting for the page's first walk, begun in the background when the page was opened (its walk is this capture's). */
  warmUpWait: z.number().nonnegative().optional(),
});

export const pageCaptureSchema = z.object({
  url: z.string(),
  title: z.string(),
  viewport: z.object({ width: z.number().positive(), height: z.number().positive() }),
  scroll: z.object({ x: z.number(), y: z.number() }),
  /** frames[0] is the main frame. */
  frames: z.array(capturedFrameSchema).min(1),
  /** Nodes in document order (pre-order), frame content placed under its `<iframe>` node. */
  nodes: z.array(capturedNodeSchema),
  /** Index of the focused node, if any. */
  focused: z.number().int().nullable(),
  /** Index of the active modal dialog, if any. */
  activeDialog: z.number().int().nullable(),
  coverage: captureCoverageSchema,
  timings: captureTimingsSchema.optional(),
});

export type CapturedNode = z.infer<typeof capturedNodeSchema>;
export type CapturedFrame = z.infer<typeof capturedFrameSchema>;
export type CaptureCoverage = z.infer<typeof captureCoverageSchema>;
export type OutsideCounts = z.infer<typeof outsideCountsSchema>;
export type PageCapture = z.infer<typeof pageCaptureSchema>;
export type CaptureTimings = z.infer<typeof captureTimingsSchema>;
export type NodeAttributes = z.infer<typeof nodeAttributesSchema>;
export type NodeStyle = z.infer<typeof nodeStyleSchema>;

/** JSON Schema (draft 2020-12) of PageCapture, for collectors written outside this project. */
export function pageCaptureJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(pageCaptureSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
}
