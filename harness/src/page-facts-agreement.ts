import type { CapturedNode, PageCapture } from '@sightline/semantic-core';
import { CdpBrowserTransport, type CdpBrowserConnection } from '@sightline/cdp-transport';

/**
 * Issue 16: reads a page two ways on the same tab — with the page's own facts for plain elements
 * (cdp-transport `page/classify/page-facts.ts`) and with every shipped element read from
 * Chromium's accessibility tree (`pageFacts: false`) — every node shipped, and lists the nodes
 * whose role, name, value or states differ. Used by the harness's agreement spec and by the
 * real-apps lane.
 */
export interface PageFactsAgreement {
  /** Load `url` in the tab and compare (`ready`: resolves once the page shows what is to be read). */
  compare(url: string, ready?: () => Promise<void>): Promise<PageFactsComparison>;
  /** Compare what the tab shows now, without loading anything. */
  compareCurrent(): Promise<PageFactsComparison>;
  close(): Promise<void>;
}

export interface PageFactsComparison {
  /** One line per node that differs: its index, tag, and what each read says. */
  disagreements: string[];
  /** Accessibility tree reads the page's facts saved. */
  saved: number;
  /** Nodes compared. */
  nodes: number;
}

/** Pairs of reads taken before two reads that differ in node count are reported as such. */
const SAME_PAGE_TRIES = 3;

interface Reader {
  connection: CdpBrowserConnection;
  tabKey: string;
}

/** Two connections to the browser at `httpEndpoint`, reading its first tab (or the tab showing `tabUrl`). */
export async function startPageFactsAgreement(httpEndpoint: string, tabUrl?: string): Promise<PageFactsAgreement> {
  const reader = async (pageFacts: boolean): Promise<Reader> => {
    const transport = new CdpBrowserTransport({ pageFacts, reuse: false, shipAll: true, budgets: { calls: 20_000 } });
    const connection = (await transport.connect(httpEndpoint)) as CdpBrowserConnection;
    const tabs = await connection.listTabs();
    const tab = (tabUrl ? tabs.find((candidate) => candidate.url === tabUrl) : undefined) ?? tabs[0];
    if (!tab) throw new Error('the browser shows no tab');
    return { connection, tabKey: tab.key };
  };
  const withFacts = await reader(true);
  const fromTree = await reader(false);
  const compareCurrent = async (): Promise<PageFactsComparison> => {
    let decided = await readAll(withFacts);
    let read = await readAll(fromTree);
    // A live app may change between the two reads (a status line, a notification): the reads
    // compare only when they saw the same page, so both are taken again, a few times at most.
    for (let again = 1; again < SAME_PAGE_TRIES && read.capture.nodes.length !== decided.capture.nodes.length; again += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      decided = await readAll(withFacts);
      read = await readAll(fromTree);
    }
    if (read.capture.nodes.length !== decided.capture.nodes.length) {
      return { disagreements: [`node count: page ${decided.capture.nodes.length}, tree ${read.capture.nodes.length} (${SAME_PAGE_TRIES} tries)`], saved: 0, nodes: 0 };
    }
    const disagreements: string[] = [];
    decided.capture.nodes.forEach((node, index) => {
      const other = read.capture.nodes[index]!;
      if (facts(node) !== facts(other)) disagreements.push(`#${index} <${node.tag ?? '#text'}> page: ${facts(node)} | tree: ${facts(other)}`);
    });
    return { disagreements, saved: read.axReads - decided.axReads, nodes: decided.capture.nodes.length };
  };
  return {
    async compare(url, ready) {
      await withFacts.connection.prepareTab(withFacts.tabKey, { width: 1280, height: 800 }, url);
      await ready?.();
      return compareCurrent();
    },
    compareCurrent,
    async close() {
      await withFacts.connection.close().catch(() => undefined);
      await fromTree.connection.close().catch(() => undefined);
    },
  };
}

async function readAll(reader: Reader): Promise<{ capture: PageCapture; axReads: number }> {
  const capture = await reader.connection.capture(reader.tabKey, { scope: { kind: 'viewport' }, nodeBudget: 20_000, interactiveOnly: false });
  return { capture, axReads: reader.connection.lastCaptureStats['ax.read'] ?? 0 };
}

/** What the outline and refs say of a node. */
function facts(node: CapturedNode): string {
  const states = Object.entries(node.states ?? {})
    .filter(([, value]) => value !== false && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${String(value)}`);
  return `${node.kind} ${node.role} ${JSON.stringify(node.name)}${node.value === undefined ? '' : ` value=${JSON.stringify(node.value)}`}${states.length ? ` [${states.join(' ')}]` : ''}`;
}
