import type { CalculateRequest, CalculateResponse } from "../engine";
import type { Calculator } from "./batch";
import { requestKey } from "./canonical";
import { LruCache } from "./lru";

/** Results shared with other instances (`src/server/shared/result-cache.ts`). */
export interface SharedResults {
  get(key: string): Promise<CalculateResponse | undefined>;
  claim(key: string): Promise<boolean>;
  put(key: string, response: CalculateResponse): Promise<void>;
  release(key: string): Promise<void>;
  waitFor(key: string, maxMs: number): Promise<void>;
}

export interface CachingOptions {
  /** Most responses kept; 0 disables the cache (identical requests in flight are still shared). */
  maxEntries: number;
  /**
   * The engine's version (country package and extensions): part of every key, so a new engine
   * never answers from an old one's results. Its errors (engine down…) reach the caller.
   */
  engineVersion: () => Promise<string>;
  /**
   * With several instances (`REDIS_URL`): behind this process's own cache, the responses of every
   * instance, and the computations in flight anywhere, which are waited for instead of redone.
   */
  shared?: SharedResults;
  /**
   * Longest wait for another instance's computation of the same request before computing it
   * here anyway. Default `DEFAULT_SHARED_WAIT_MS`.
   */
  sharedWaitMs?: number;
}

/**
 * The other instance's computation is bounded by its queue timeout (10 s) and the engine
 * client's (30 s): it has answered or failed by then, or it died and its claim expired.
 */
export const DEFAULT_SHARED_WAIT_MS = 60_000;

export interface CachingCalculator extends Calculator {
  readonly size: number;
  /**
   * Responses computed since the start, those answered from the cache or a shared request, and
   * among these those read from another instance (`shared`: from Redis, or after waiting for it).
   */
  readonly stats: { computed: number; hits: number; shared: number };
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
  const stats = { computed: 0, hits: 0, shared: 0 };
  const { shared } = options;
  const sharedWaitMs = options.sharedWaitMs ?? DEFAULT_SHARED_WAIT_MS;

  async function computeHere(request: CalculateRequest): Promise<CalculateResponse> {
    const response = await inner.calculate(request);
    stats.computed++;
    return response;
  }

  /**
   * Another instance's response, or this one's computation while nobody else is computing it:
   * a claimed request is waited for until stored or released, at most `sharedWaitMs`.
   */
  async function computeShared(
    store: SharedResults,
    key: string,
    request: CalculateRequest,
  ): Promise<CalculateResponse> {
    const deadline = Date.now() + sharedWaitMs;
    for (;;) {
      const stored = await store.get(key);
      if (stored) {
        stats.hits++;
        stats.shared++;
        return stored;
      }
      if (Date.now() >= deadline) return computeHere(request);
      if (await store.claim(key)) {
        let response: CalculateResponse;
        try {
          response = await computeHere(request);
        } catch (error) {
          void store.release(key);
          throw error;
        }
        void store.put(key, response);
        return response;
      }
      await store.waitFor(key, deadline - Date.now());
    }
  }

  function compute(key: string, request: CalculateRequest): Promise<CalculateResponse> {
    const computing = (async () => {
      const response = shared
        ? await computeShared(shared, key, request)
        : await computeHere(request);
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
