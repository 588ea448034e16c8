import type { CacheUsage } from "../metrics";
import type { RedisConnection } from "./redis";

/** A field of `INFO memory` (`used_memory:1234`), as a number; undefined when absent. */
function infoField(info: string, field: string): number | undefined {
  const match = new RegExp(`^${field}:(\\d+)`, "m").exec(info);
  return match ? Number(match[1]) : undefined;
}

/**
 * What the shared engine results take in Redis, for the metrics: the responses indexed
 * (`<prefix>engine:index`, src/server/shared/result-cache.ts), the server's `used_memory` and its
 * `maxmemory` (0, unbounded, is left out). Undefined while Redis cannot be reached.
 */
export function redisCacheUsage(
  connection: RedisConnection,
): () => Promise<CacheUsage | undefined> {
  return async () => {
    if (connection.status() !== "ok") return undefined;
    const [entries, info] = await Promise.all([
      connection.client.zcard(`${connection.prefix}engine:index`),
      connection.client.info("memory"),
    ]);
    const maxBytes = infoField(info, "maxmemory");
    return {
      entries,
      bytes: infoField(info, "used_memory"),
      ...(maxBytes ? { maxBytes } : {}),
    };
  };
}
