import type { CapturedFrame } from '../model/page-capture.js';
import type { SemanticNode } from '../model/semantic-node.js';
import type { ClassifiedPage, LineRef, OutlineLine, RefNamer } from '../compose/compose-types.js';
import { displayText, formatBody } from './outline-format.js';
import { outlineLine } from './outline-line.js';

/** A node's rendered line as data (see OutlineLine) plus what its refs in JSON repeat. */
export interface NodeLine extends OutlineLine {
  /** Display name and value as printed (unescaped). */
  name: string;
  value: string | undefined;
  frameLabel: string;
}

/**
 * Builds (and caches) the line of each node for one composition. The line of a node does not
 * depend on which other nodes are rendered, so selection can sum line lengths to know the
 * outline's length before rendering it. Refs are minted here, through the namer.
 */
export class NodeLines {
  private readonly cache = new Map<number, NodeLine>();
  private readonly frames = new Map<string, CapturedFrame>();
  private readonly ownedFrames = new Map<number, CapturedFrame>();

  constructor(
    private readonly page: ClassifiedPage,
    private readonly namer: RefNamer,
    /** SPEC §12 `include_urls`: links print `[url=…]`. */
    private readonly includeUrls = false,
  ) {
    for (const frame of page.capture.frames) {
      this.frames.set(frame.key, frame);
      if (frame.ownerNode !== null) this.ownedFrames.set(frame.ownerNode, frame);
    }
  }

  frameOf(node: SemanticNode): CapturedFrame {
    return this.frames.get(node.frame) ?? this.page.capture.frames[0]!;
  }

  line(node: SemanticNode): NodeLine {
    const cached = this.cache.get(node.index);
    if (cached) return cached;
    const captured = this.page.capture.nodes[node.index]!;
    const frame = this.frameOf(node);
    const frameLabel = this.namer.frameLabel(frame);
    const identity = `${frame.documentKey}|${captured.handle}`;
    const name = displayText(node.name);
    let line: NodeLine;
    if (captured.kind === 'text') {
      const body = formatBody({ role: 'text', name, states: {}, tags: '' });
      line = { ...outlineLine(node.index, identity, node.depth, body, null), name, value: undefined, frameLabel };
    } else {
      const kind = node.actions.length > 0 ? 'ref' : node.container ? 'cref' : null;
      let ref: LineRef | null = null;
      if (kind) {
        const element = this.namer.elementNumber(captured, frame);
        ref = { kind, id: `${this.namer.snapshotPrefix}:${element}`, element };
      }
      const owned = this.ownedFrames.get(node.index);
      let tags = owned ? ` [frame=${this.namer.frameLabel(owned)}]` : '';
      const url = this.includeUrls && node.role === 'link' ? captured.attributes?.url : undefined;
      if (url) tags += ` [url=${shownUrl(url, this.page.capture.url)}]`;
      const value = node.value === undefined ? undefined : displayText(node.value);
      const body = formatBody({ role: node.role, name, value, states: node.states, redacted: node.redacted, tags });
      line = { ...outlineLine(node.index, identity, node.depth, body, ref), name, value, frameLabel };
    }
    this.cache.set(node.index, line);
    return line;
  }
}

/** A link's URL as printed: same-origin ones as a path (with query and fragment), others whole; cut at 500. */
export function shownUrl(url: string, pageUrl: string): string {
  let shown = url;
  try {
    const target = new URL(url);
    const page = new URL(pageUrl);
    if (target.origin === page.origin && target.origin !== 'null') shown = `${target.pathname}${target.search}${target.hash}`;
  } catch {
    // Not a URL the parser takes: printed as it is.
  }
  shown = shown.replace(/[\s\]]/g, (c) => encodeURIComponent(c));
  return shown.length > 500 ? `${shown.slice(0, 500)}…` : shown;
}
