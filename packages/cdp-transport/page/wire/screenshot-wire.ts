// Wire shapes of screenshot support (page/secret-boxes.ts, page/screenshot-labels.ts → src/screenshot/).
import type { Rect } from '@sightline/semantic-core/page-safe';

/** An <iframe>/<frame> of a document, where a child frame's own boxes are placed. */
export interface FrameOwnerBox {
  /** Content box in the owner document's viewport (CSS px). */
  content: Rect;
  /** How much a transform scales the owner (1 when untransformed). */
  scaleX: number;
  scaleY: number;
}

export interface SecretBoxes {
  /** The frame's layout viewport (CSS px), scrollbars included. */
  viewport: { width: number; height: number };
  /** Secret fields' boxes in the frame's viewport (CSS px). */
  boxes: Rect[];
  /** Frame owners, in the order `secretFrameOwners()` returns the elements. */
  owners: FrameOwnerBox[];
}

/** A numbered label drawn over a box (top-level viewport px) for an annotated screenshot. */
export interface LabelBox {
  label: number;
  box: Rect;
}
