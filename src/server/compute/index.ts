import type { EngineClient } from "../engine";
import {
  createBatchingCalculator,
  DEFAULT_BATCH_WINDOW_MS,
  DEFAULT_MAX_BATCH_SIZE,
  type BatchingCalculator,
  type Calculator,
} from "./batch";
import {
  createCachingCalculator,
  DEFAULT_CACHE_SIZE,
  type CachingCalculator,
  type SharedResults,
} from "./cache";
import { createEngineInfo, type EngineInfo } from "./engine-info";
import {
  countBusyRefusals,
  observeBatchSize,
  watchEngineQueue,
  watchProcessCache,
} from "../metrics";

export * from "./batch";
export * from "./cache";
export * from "./canonical";
export * from "./engine-info";
export { LruCache } from "../../domain/lru";
export * from "./ahead";

export interface EngineComputeOptions {
  /** Engine workers: requests sent at once before the next ones are batched. */
  workers: number;
  /** Responses kept (ENGINE_CACHE_SIZE); 0 disables the cache. */
  cacheSize?: number;
  /** Most households in one `/calculate` (ENGINE_MAX_BATCH_SIZE). */
  maxBatchSize?: number;
  /** Wait before sending to an idle engine, for a rush to share batches (ENGINE_BATCH_WINDOW_MS). */
  batchWindowMs?: number;
  /** Most computations waiting for a worker (ENGINE_MAX_QUEUE); default `defaultMaxQueue`. */
  maxQueue?: number;
  /** Longest wait for a worker (ENGINE_QUEUE_TIMEOUT_MS); default `DEFAULT_QUEUE_TIMEOUT_MS`. */
  queueTimeoutMs?: number;
  /** Shared with the routes that read the engine's variables; made from the client if absent. */
  info?: EngineInfo;
  /** The results and computations of every instance (`REDIS_URL`); none by default. */
  shared?: SharedResults;
  /** Most computations ahead of a click waiting for a free worker (default `maxQueue`; 0: none). */
  aheadQueue?: number;
}

export interface EngineCompute {
  /** cache → batching → engine client. */
  calculator: Calculator;
  cache: CachingCalculator;
  batcher: BatchingCalculator;
  info: EngineInfo;
  /** The background lane's bound (0: no computation ahead of the click). */
  aheadQueue: number;
}

/**
 * Each worker takes at most one batch of the queue when it frees, so a queue of
 * `workers × maxBatchSize` leaves in one round of `/calculate` (about 2 s for 64 households on the
 * reference machine, docs/adr/0004-engine-speed.md): a visitor admitted waits at most for the
 * round in flight and their own. Beyond that, waiting longer serves nobody: refuse early.
 */
export function defaultMaxQueue(workers: number, maxBatchSize: number): number {
  return Math.max(1, Math.floor(workers)) * Math.max(1, Math.floor(maxBatchSize));
}

/** A few rounds of `/calculate`: past it the engine is overloaded, and the visitor gets a 503. */
export const DEFAULT_QUEUE_TIMEOUT_MS = 10_000;

/** The engine as results see it: cached, then batched, then the HTTP client. */
export function createEngineCompute(
  client: Pick<EngineClient, "calculate" | "version" | "variables">,
  options: EngineComputeOptions,
): EngineCompute {
  const info = options.info ?? createEngineInfo(client);
  // The client's own timeout applies to every request, merged or not.
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  const maxQueue = options.maxQueue ?? defaultMaxQueue(options.workers, maxBatchSize);
  const aheadQueue = options.aheadQueue ?? maxQueue;
  const batcher = createBatchingCalculator(
    { calculate: (request) => client.calculate(request) },
    {
      concurrency: options.workers,
      maxBatchSize,
      gatherMs: options.batchWindowMs ?? DEFAULT_BATCH_WINDOW_MS,
      maxQueue,
      maxBackgroundQueue: aheadQueue,
      maxWaitMs: options.queueTimeoutMs ?? DEFAULT_QUEUE_TIMEOUT_MS,
      onSend: observeBatchSize,
    },
  );
  watchEngineQueue(batcher);
  const cache = createCachingCalculator(countBusyRefusals(batcher), {
    maxEntries: options.cacheSize ?? DEFAULT_CACHE_SIZE,
    engineVersion: () => info.version(),
    ...(options.shared ? { shared: options.shared } : {}),
  });
  watchProcessCache(cache);
  return { calculator: cache, cache, batcher, info, aheadQueue };
}
