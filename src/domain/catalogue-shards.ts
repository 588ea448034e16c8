/**
 * The catalogue cut into parts by aid id, so that an aid's page downloads the part that holds
 * it rather than the whole catalogue (`src/generated/catalogue-shards/`, written by
 * `npm run schema:build`). The part of an id depends on the id only, not on the catalogue: the
 * page finds it without any index.
 */
export const CATALOGUE_SHARD_COUNT = 32;

/** The part that holds the aid `id` (FNV-1a of its UTF-16 code units, modulo the count). */
export function catalogueShardOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % CATALOGUE_SHARD_COUNT;
}

/** The file name of a part: `07.json`. */
export function catalogueShardFile(shard: number): string {
  return `${String(shard).padStart(2, "0")}.json`;
}
