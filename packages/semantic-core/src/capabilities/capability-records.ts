import type { BrowserConnection } from '../ports/browser-transport.js';
import type { ClassifiedPage, ComposeOptions, OutlineLine } from '../compose/compose-types.js';
import type { SemanticNode } from '../model/semantic-node.js';
import type { BindResponse } from '../contract/responses.js';

// State records of the capability store (SPEC §2). Internal to semantic-core.

export type Binding = BindResponse['binding'];

export interface SessionRecord {
  name: string;
  targets: Map<string, TargetRecord>;
  /** N of the last `p<N>` minted in this session. */
  snapshotCounter: number;
  continuations: Map<string, ContinuationRecord>;
}

export interface TargetRecord {
  id: string;
  session: string;
  /** Bumped on reconnect / browser replaced; every capability minted under an older generation is stale. */
  generation: number;
  alive: boolean;
  connection: BrowserConnection;
  /** `connection.browserKey` at bind: a different value later means the browser was replaced. */
  browserKey: string;
  /** The session launched this browser and closes it at session end. */
  owned: boolean;
  binding: Binding;
  /** Tab keys of the native window a native binding proved (null: every tab of the connection). */
  tabKeys: ReadonlySet<string> | null;
  tabs: Map<string, TabRecord>;
  tabIdByKey: Map<string, string>;
  unsubscribe: (() => void) | null;
  /** SPEC §12 `browser_tabs select`: the tab the session acts on (null: none chosen, or it closed). */
  selectedTabId?: string | null;
  /** Why the connection was lost (the browser exited, the link dropped); absent while alive or when replaced. */
  lost?: string;
}

/** A bind in flight (issue 17): ending its session meanwhile cancels it, and it may not add a target. */
export interface BindTicket {
  session: string;
  /** Aborted when the session ends before the bind completes. */
  controller: AbortController;
  ended: boolean;
}

export interface TabRecord {
  id: string;
  key: string;
  targetId: string;
  closed: boolean;
  /** Bumped when the main frame commits a new document. */
  navigationEpoch: number;
  /** identity (`documentKey|handle`) → element number E, and back. */
  elements: Map<string, number>;
  elementIdentities: Map<number, string>;
  lastElement: number;
  /** frame documentKey → `f<N>`. */
  frameLabels: Map<string, string>;
  lastFrame: number;
  /** frame key → the document the frame shows now (from captures and navigation events). */
  frameDocuments: Map<string, string>;
  current: StoredSnapshot | null;
  /** Outline lines of the tab's last full (viewport or diff) read: the base of the next `diff`. */
  diffBase: OutlineLine[] | null;
}

/** A node of a stored snapshot: which segment (capture) holds it. */
export interface StoredNode {
  segment: number;
  node: SemanticNode;
  /** `documentKey|handle`. */
  identity: string;
}

export interface StoredSnapshot {
  number: number;
  /** `p<N>`. */
  id: string;
  session: string;
  targetId: string;
  tabId: string;
  generation: number;
  navigationEpoch: number;
  /** segments[0] is the snapshot's capture; later ones were read from the transport's ranked list. */
  segments: ClassifiedPage[];
  /** identity → nodes of that identity (first segment that holds it; two entries mean ambiguity). */
  identities: Map<string, StoredNode[]>;
  /** Ranked nodes of the read's universe that no page has shown yet, rank order. */
  remaining: StoredNode[];
  /** Identities already shown by a page of this snapshot. */
  shown: Set<string>;
  /** For `ranked_prefix` captures: the transport's ranked list and how far it has been read. */
  ranking: { token: string; next: number; total: number } | null;
  options: ComposeOptions;
  /** Action refs the snapshot's pages listed, in order (for annotated screenshots). */
  listedRefs: Array<{ ref: string; identity: string }>;
  /** Live continuation of this snapshot, if any. */
  continuation: string | null;
}

export interface ContinuationRecord {
  id: string;
  snapshot: StoredSnapshot;
  mintedAt: number;
}
