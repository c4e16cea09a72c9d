import type { CapturedFrame, CapturedNode } from '../model/page-capture.js';
import type { RefNamer } from '../compose/compose-types.js';

/**
 * A RefNamer for tests and benchmarks: element numbers count up per (document, handle) in the
 * order nodes are first named; frames other than the main one are `f1`, `f2`… in order of first use.
 */
export function sequentialNamer(snapshotPrefix = 'p1'): RefNamer {
  const elements = new Map<string, number>();
  const frames = new Map<string, string>();
  return {
    snapshotPrefix,
    elementNumber(node: CapturedNode, frame: CapturedFrame): number {
      const key = `${frame.documentKey}|${node.handle}`;
      let number = elements.get(key);
      if (number === undefined) {
        number = elements.size + 1;
        elements.set(key, number);
      }
      return number;
    },
    frameLabel(frame: CapturedFrame): string {
      if (frame.ownerNode === null) return 'main';
      let label = frames.get(frame.documentKey);
      if (label === undefined) {
        label = `f${frames.size + 1}`;
        frames.set(frame.documentKey, label);
      }
      return label;
    },
  };
}

/**
 * A RefNamer whose element number is the first integer in the node's handle plus one — the
 * capture index for captures from `buildCapture` and `syntheticInbox` — so tests can predict refs
 * whatever order nodes are named in.
 */
export function handleIndexNamer(snapshotPrefix = 'p1'): RefNamer {
  const frames = sequentialNamer(snapshotPrefix);
  return {
    snapshotPrefix,
    elementNumber(node: CapturedNode): number {
      const match = /\d+/.exec(node.handle);
      if (!match) throw new Error(`handle ${node.handle} carries no number`);
      return Number(match[0]) + 1;
    },
    frameLabel: (frame) => frames.frameLabel(frame),
  };
}
