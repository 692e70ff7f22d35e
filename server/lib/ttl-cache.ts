/**
 * A small in-process cache whose entries expire `ttlMs` after they were stored, holding at most
 * `maxEntries` (the oldest stored goes first). For per-request look-ups that may be briefly stale
 * (DESIGN.md §9): verified tokens, session users. `now` is injectable for tests.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V): void {
    // re-inserted keys move to the end of the Map's order, so the first key is the oldest stored
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
