// Wire shapes of the page's mask reads (page/secret-boxes.ts → src/screenshot/secret-masks.ts).

export interface WireRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An <iframe>/<frame> of a document, where a child frame's own boxes are placed. */
export interface FrameOwnerBox {
  /** Content box in the owner document's viewport (CSS px). */
  content: WireRect;
  /** How much a transform scales the owner (1 when untransformed). */
  scaleX: number;
  scaleY: number;
}

export interface SecretBoxes {
  /** The frame's layout viewport (CSS px), scrollbars included. */
  viewport: { width: number; height: number };
  /** Secret fields' boxes in the frame's viewport (CSS px). */
  boxes: WireRect[];
  /** Frame owners, in the order `secretFrameOwners()` returns the elements. */
  owners: FrameOwnerBox[];
}
