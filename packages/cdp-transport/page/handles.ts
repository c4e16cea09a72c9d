/**
 * SPEC §2 handles: a number per node, stable for the life of this world's document and never
 * reused, held weakly (a handle never keeps a removed node alive).
 */
export class HandleRegistry {
  private readonly handles = new WeakMap<Node, number>();
  private readonly byHandle = new Map<number, WeakRef<Node>>();
  private nextHandle = 1;

  handleOf(node: Node): number {
    let handle = this.handles.get(node);
    if (handle === undefined) {
      handle = this.nextHandle++;
      this.handles.set(node, handle);
      this.byHandle.set(handle, new WeakRef(node));
    }
    return handle;
  }

  node(handle: number): Node | null {
    return this.byHandle.get(handle)?.deref() ?? null;
  }

  /** The node, when it is still attached to this world's document (else null). */
  liveNode(handle: number): Node | null {
    const node = this.node(handle);
    return node && node.isConnected && node.ownerDocument === document ? node : null;
  }

  nodes(handles: number[]): Array<Node | null> {
    return handles.map((h) => this.node(h));
  }
}
