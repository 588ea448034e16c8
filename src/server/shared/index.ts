/**
 * The state that several instances share through Redis (`REDIS_URL`): the rate limits, the
 * engine results and the computations in flight. Without Redis each instance keeps its own in
 * memory; while Redis is unreachable, each falls back to its memory and says so in `/api/health`.
 */
import type { SharedAppState } from "../app-deps";
import type { SharedResults } from "../compute";
import { redisEventQuotas, redisRateLimiters } from "./limits";
import { connectRedis, type RedisConnection, type RedisLogger } from "./redis";
import { createSharedResultStore } from "./result-cache";

export { connectRedis, reconnectDelay, type RedisConnection } from "./redis";
export { redisEventQuotas, redisRateLimiters } from "./limits";
export { createSharedResultStore, type SharedResultStore } from "./result-cache";
export { redisCacheUsage } from "./usage";

/** A claimant that died holds the others up this long at most; a live one renews its claim. */
export const DEFAULT_CLAIM_MS = 5_000;

export interface SharedStateOptions {
  url: string;
  /** `REDIS_KEY_PREFIX`: several deployments (or test runs) on one Redis keep apart. */
  prefix: string;
  /** `ENGINE_CACHE_TTL_S`. */
  cacheTtlS: number;
  /** `REDIS_CACHE_SIZE`. */
  cacheSize: number;
  /** How long an instance's claim on a computation holds unrenewed (default `DEFAULT_CLAIM_MS`). */
  claimMs?: number;
  logger?: RedisLogger;
}

export interface SharedState {
  connection: RedisConnection;
  app: SharedAppState;
  results: SharedResults;
  close(): Promise<void>;
}

export function createSharedState(options: SharedStateOptions): SharedState {
  const connection = connectRedis({
    url: options.url,
    prefix: options.prefix,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const results = createSharedResultStore(connection, {
    ttlS: options.cacheTtlS,
    maxEntries: options.cacheSize,
    claimMs: options.claimMs ?? DEFAULT_CLAIM_MS,
    ...(options.logger ? { onError: options.logger.warn } : {}),
  });
  return {
    connection,
    app: {
      limiters: redisRateLimiters(connection),
      quotas: redisEventQuotas(connection),
      status: connection.status,
    },
    results,
    async close() {
      results.close();
      await connection.close();
    },
  };
}
