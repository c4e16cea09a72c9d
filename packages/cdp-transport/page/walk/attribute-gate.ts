// Issue 16: which elements carry any attribute the walk's per-element rules look up. Each lookup
// from the isolated world costs ~0.2 µs; a walk asked about ~15 per element (role, the hiding
// attributes, an inline cursor, editability, the action facts, labels), most of a cold walk's time
// on a big page, and nearly always for attributes the element does not have. One native query per
// tree scope finds the few elements that have any of them; the others ("plain") skip those lookups
// with the same answers (null / absent). Exact, not a heuristic: the DOM cannot change during the
// walk (one task), and every element belongs to a scope queried before it is reached.

/**
 * The attributes behind the gate, each read only through it: `role` (roleOf), `hidden`,
 * `aria-hidden`, `inert` (hidden with all they hold), `style` (an inline pointer cursor),
 * `popover` (top layer), `contenteditable`, `onclick`, `tabindex`, `draggable`,
 * `aria-roledescription`, `disabled` (the reflected `.disabled` is true only with it),
 * `aria-disabled` (the action facts), `aria-label`, `aria-labelledby`, `aria-labeledby`, `title`
 * (labels of structural elements).
 */
const GATED_ATTRIBUTES = [
  'role', 'hidden', 'aria-hidden', 'inert', 'style', 'popover', 'contenteditable', 'onclick', 'tabindex', 'draggable',
  'aria-roledescription', 'disabled', 'aria-disabled', 'aria-label', 'aria-labelledby', 'aria-labeledby', 'title',
] as const;

const SELECTOR = GATED_ATTRIBUTES.map((name) => `[${name}]`).join(',');

export class AttributeGate {
  /** Elements with at least one gated attribute, over every scope queried so far. */
  private readonly marked = new Set<Element>();
  private readonly scopes = new WeakSet<Node>();

  /**
   * `open`: the gate lets every element through (looks nothing up). For walks that will copy most
   * of the page from stored segments: the queries cost ~0.5 µs per element of the scope (~50 ms at
   * 100k), paid back only by a walk that visits most of them (a first walk, or one without reuse).
   */
  constructor(
    doc: Document,
    private readonly open = false,
  ) {
    this.addScope(doc);
  }

  /** Queries a tree scope (the document, or a shadow root before its children are walked), once. */
  addScope(scope: Document | DocumentFragment): void {
    if (this.open || this.scopes.has(scope)) return;
    this.scopes.add(scope);
    const found = scope.querySelectorAll(SELECTOR);
    for (let i = 0; i < found.length; i++) this.marked.add(found[i]!);
  }

  /** False: the element has none of the gated attributes, so every lookup of one answers null. */
  mayHave(element: Element): boolean {
    return this.open || this.marked.has(element);
  }
}
