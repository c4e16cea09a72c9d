/** One action ref of a semantic_v2 snapshot, as the MCP server returns it. */
export interface SnapshotRef {
  ref: string;
  role: string;
  name: string;
  value?: string;
  states?: Record<string, boolean>;
  actions: string[];
  visibility?: string;
}

export interface Snapshot {
  snapshot: { id: string; continuation?: string | null; complete: boolean };
  page: { url: string; title: string; dialog?: { type: string; message: string } };
  outline: string;
  refs: SnapshotRef[];
}

export type NameMatch = string | RegExp;

export function nameMatches(name: string, wanted: NameMatch): boolean {
  return typeof wanted === 'string' ? name.trim() === wanted : wanted.test(name);
}

/** The first ref with this role and name, as an agent reading the refs list would pick it. */
export function refByRoleAndName(snapshot: Snapshot, role: string | RegExp, name: NameMatch): SnapshotRef | undefined {
  return snapshot.refs.find((ref) => (typeof role === 'string' ? ref.role === role : role.test(ref.role)) && nameMatches(ref.name, name));
}

/**
 * For controls without a name of their own (an icon "×" button in a list row): the first ref
 * with `role` (and `name`, if given) that the outline prints after the line mentioning
 * `anchorText`, within that line's block (deeper-indented lines, or the same level up to the
 * next sibling with its own text). This is how an agent reads "the button in the row 'X'".
 */
export function refNearText(snapshot: Snapshot, anchorText: string, role: string, name?: NameMatch): SnapshotRef | undefined {
  const lines = snapshot.outline.split('\n');
  // The anchor's quoted text starts with `anchorText` (a table cell often goes on: "limit integer (query)").
  let start = lines.findIndex((line) => line.includes(`"${anchorText}`));
  if (start < 0) return undefined;
  // The anchor is usually a text/label line inside the row: its row is the nearest shallower line above.
  const indent = (line: string) => line.length - line.trimStart().length;
  // A text held by a nameless ref (a clickable caption: `- generic [ref=…]` over `- text "…"`) anchors as that ref.
  for (let above = start - 1; above >= 0; above--) {
    if (indent(lines[above] as string) >= indent(lines[start] as string)) continue;
    if (/^\s*- [a-z]+ \[ref=[^\]]+\]$/.test(lines[above] as string)) start = above;
    break;
  }
  let row = start;
  while (row > 0 && indent(lines[row - 1] as string) >= indent(lines[start] as string)) row--;
  const rowIndent = row > 0 ? indent(lines[row - 1] as string) : -1;
  for (let at = row; at < lines.length; at++) {
    const line = lines[at] as string;
    if (at > start && indent(line) <= rowIndent) break;
    const match = /^\s*- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?.*\[ref=([^\]]+)\]/.exec(line);
    if (!match || match[1] !== role) continue;
    if (name !== undefined && !nameMatches(match[2] ?? '', name)) continue;
    return snapshot.refs.find((ref) => ref.ref === match[3]);
  }
  return undefined;
}

/** The refs the outline prints after the ref `anchorRole "anchorName"`, in outline order. */
export function refsAfter(snapshot: Snapshot, anchorRole: string, anchorName: NameMatch): SnapshotRef[] {
  const parsed = snapshot.outline.split('\n').map((line) => /^\s*- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?.*\[ref=([^\]]+)\]/.exec(line));
  const start = parsed.findIndex((match) => match !== null && match[1] === anchorRole && nameMatches(match[2] ?? '', anchorName));
  if (start < 0) return [];
  const byId = new Map(snapshot.refs.map((ref) => [ref.ref, ref]));
  return parsed.slice(start + 1).flatMap((match) => {
    const ref = match ? byId.get(match[3] as string) : undefined;
    return ref ? [ref] : [];
  });
}

/**
 * The `nth` (0-based) ref with `role` that the outline prints after the ref `anchorRole "anchorName"`:
 * how an agent names an icon-only control by its neighbour ("the second link after Deploy").
 */
export function refAfter(snapshot: Snapshot, anchorRole: string, anchorName: NameMatch, role: string, nth = 0): SnapshotRef | undefined {
  return refsAfter(snapshot, anchorRole, anchorName).filter((ref) => ref.role === role)[nth];
}

/**
 * The ref that holds the text `text`: the nearest ancestor line with a ref of the outline line
 * `- text "<text>"` (optionally of `role`). A clickable caption or a draggable palette entry has
 * no accessible name of its own (a generic is not named by its content, SPEC §4): the outline
 * shows it as `- generic [ref=…]` with its text on the line below, and this is how an agent reads it.
 */
export function refHoldingText(snapshot: Snapshot, text: string, role?: string): SnapshotRef | undefined {
  const lines = snapshot.outline.split('\n');
  const indent = (line: string) => line.length - line.trimStart().length;
  const start = lines.findIndex((line) => line.trimStart() === `- text ${JSON.stringify(text)}`);
  if (start < 0) return undefined;
  let depth = indent(lines[start] as string);
  for (let at = start - 1; at >= 0 && depth > 0; at--) {
    const line = lines[at] as string;
    if (indent(line) >= depth) continue;
    depth = indent(line);
    const match = /^\s*- ([a-z]+)(?: "(?:[^"\\]|\\.)*")?.*\[ref=([^\]]+)\]/.exec(line);
    // The nearest ref above decides: a container further up does not "hold" the text.
    if (match) return role === undefined || match[1] === role ? snapshot.refs.find((ref) => ref.ref === match[2]) : undefined;
  }
  return undefined;
}
