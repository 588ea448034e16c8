import type { CalculateRequest, CalculateResponse } from "../engine";
import type { Calculator } from "./batch";
import { requestKey } from "./canonical";
import { LruCache } from "./lru";

export interface CachingOptions {
  /** Most responses kept; 0 disables the cache (identical requests in flight are still shared). */
  maxEntries: number;
  /**
   * The engine's version (country package and extensions): part of every key, so a new engine
   * never answers from an old one's results. Its errors (engine down…) reach the caller.
   */
  engineVersion: () => Promise<string>;
}

export interface CachingCalculator extends Calculator {
  readonly size: number;
  /** Responses computed since the start, and those answered from the cache or a shared request. */
  readonly stats: { computed: number; hits: number };
  clear(): void;
}

export const DEFAULT_CACHE_SIZE = 500;

/**
 * Engine results are deterministic for a given request and engine version: keep the last
 * `maxEntries` successful responses, keyed by a hash of both. A request identical to one already
 * being computed waits for it instead of being sent again. Failures are never kept. Every caller
 * gets its own copy, so no caller can alter what the next one reads.
 */
export function createCachingCalculator(
  inner: Calculator,
  options: CachingOptions,
): CachingCalculator {
  const cache = new LruCache<string, CalculateResponse>(options.maxEntries);
  const pending = new Map<string, Promise<CalculateResponse>>();
  const stats = { computed: 0, hits: 0 };

  function compute(key: string, request: CalculateRequest): Promise<CalculateResponse> {
    const computing = (async () => {
      const response = await inner.calculate(request);
      stats.computed++;
      cache.set(key, response);
      return response;
    })();
    pending.set(key, computing);
    const forget = () => {
      if (pending.get(key) === computing) pending.delete(key);
    };
    computing.then(forget, forget);
    return computing;
  }

  return {
    get size() {
      return cache.size;
    },
    stats,
    clear() {
      cache.clear();
    },
    async calculate(request) {
      const key = requestKey(await options.engineVersion(), request);
      const cached = cache.get(key);
      if (cached) {
        stats.hits++;
        return structuredClone(cached);
      }
      const shared = pending.get(key);
      if (shared) stats.hits++;
      return structuredClone(await (shared ?? compute(key, request)));
    },
  };
}
