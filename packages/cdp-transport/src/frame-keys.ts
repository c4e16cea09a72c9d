/**
 * Opaque names for CDP frame ids and loader ids, so no raw protocol id ever reaches a capture.
 * One instance per connection; a name is never reused within it.
 */
export class OpaqueKeys {
  private readonly toKey = new Map<string, string>();
  private readonly fromKey = new Map<string, string>();
  private next = 1;

  constructor(private readonly prefix: string) {}

  key(raw: string): string {
    let key = this.toKey.get(raw);
    if (key === undefined) {
      key = `${this.prefix}${this.next++}`;
      this.toKey.set(raw, key);
      this.fromKey.set(key, raw);
    }
    return key;
  }

  raw(key: string): string | undefined {
    return this.fromKey.get(key);
  }
}
