import type { EngineClient } from "../engine";
import {
  createBatchingCalculator,
  DEFAULT_BATCH_WINDOW_MS,
  DEFAULT_MAX_BATCH_SIZE,
  type BatchingCalculator,
  type Calculator,
} from "./batch";
import { createCachingCalculator, DEFAULT_CACHE_SIZE, type CachingCalculator } from "./cache";
import { createEngineInfo, type EngineInfo } from "./engine-info";

export * from "./batch";
export * from "./cache";
export * from "./canonical";
export * from "./engine-info";
export { LruCache } from "./lru";

export interface EngineComputeOptions {
  /** Engine workers: requests sent at once before the next ones are batched. */
  workers: number;
  /** Responses kept (ENGINE_CACHE_SIZE); 0 disables the cache. */
  cacheSize?: number;
  /** Most households in one `/calculate` (ENGINE_MAX_BATCH_SIZE). */
  maxBatchSize?: number;
  /** Wait before sending to an idle engine, for a rush to share batches (ENGINE_BATCH_WINDOW_MS). */
  batchWindowMs?: number;
  /** Shared with the routes that read the engine's variables; made from the client if absent. */
  info?: EngineInfo;
}

export interface EngineCompute {
  /** cache → batching → engine client. */
  calculator: Calculator;
  cache: CachingCalculator;
  batcher: BatchingCalculator;
  info: EngineInfo;
}

/** The engine as results see it: cached, then batched, then the HTTP client. */
export function createEngineCompute(
  client: Pick<EngineClient, "calculate" | "version" | "variables">,
  options: EngineComputeOptions,
): EngineCompute {
  const info = options.info ?? createEngineInfo(client);
  // The client's own timeout applies to every request, merged or not.
  const batcher = createBatchingCalculator(
    { calculate: (request) => client.calculate(request) },
    {
      concurrency: options.workers,
      maxBatchSize: options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE,
      gatherMs: options.batchWindowMs ?? DEFAULT_BATCH_WINDOW_MS,
    },
  );
  const cache = createCachingCalculator(batcher, {
    maxEntries: options.cacheSize ?? DEFAULT_CACHE_SIZE,
    engineVersion: () => info.version(),
  });
  return { calculator: cache, cache, batcher, info };
}
