/**
 * A map that holds at most `maxEntries` values and forgets the least recently used first (a read
 * counts as a use). Map keeps insertion order, so re-inserting on read keeps the oldest first.
 * With `sizeOf`, it also keeps the total size of its values (`bytes`), each measured once, when set.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #sizes = new Map<K, number>();
  #bytes = 0;

  constructor(
    readonly maxEntries: number,
    private readonly sizeOf?: (value: V) => number,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 0) {
      throw new RangeError(`maxEntries must be a whole number ≥ 0, got ${maxEntries}`);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The total `sizeOf` of the values held (0 without `sizeOf`). */
  get bytes(): number {
    return this.#bytes;
  }

  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  set(key: K, value: V): void {
    if (this.maxEntries === 0) return;
    this.#forget(key);
    this.#entries.set(key, value);
    if (this.sizeOf) {
      const size = this.sizeOf(value);
      this.#sizes.set(key, size);
      this.#bytes += size;
    }
    while (this.#entries.size > this.maxEntries) {
      this.#forget(this.#entries.keys().next().value as K);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#sizes.clear();
    this.#bytes = 0;
  }

  #forget(key: K): void {
    this.#entries.delete(key);
    this.#bytes -= this.#sizes.get(key) ?? 0;
    this.#sizes.delete(key);
  }
}
