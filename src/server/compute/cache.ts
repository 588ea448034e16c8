import type { CalculateRequest, CalculateResponse } from "../engine";
import type { CalculateOptions, Calculator } from "./batch";
import { requestKey } from "./canonical";
import { LruCache } from "../../domain/lru";
import { countCacheLookup } from "../metrics";

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
  /** Characters of the JSON text of the responses kept (about their bytes: ASCII). */
  readonly bytes: number;
  /**
   * Responses computed since the start, those answered from the cache or a shared request, and
   * among these those read from another instance (`shared`: from Redis, or after waiting for it);
   * `ahead`: the computations started in the background (docs/architecture.md, "Compute ahead"),
   * `promoted` those a visitor came to wait for before they were sent.
   */
  readonly stats: {
    computed: number;
    hits: number;
    shared: number;
    ahead: number;
    promoted: number;
  };
  clear(): void;
}

export const DEFAULT_CACHE_SIZE = 500;

/** A computation in flight, shared by every caller of the same request. */
interface InFlight {
  promise: Promise<CalculateResponse>;
  request: CalculateRequest;
  /** Nobody waits for it yet: it goes to the engine only when a worker is free. */
  background: boolean;
  signal: AbortSignal | undefined;
}

/**
 * Engine results are deterministic for a given request and engine version: keep the last
 * `maxEntries` successful responses, keyed by a hash of both. A request identical to one already
 * being computed waits for it instead of being sent again; a visitor who comes to wait for a
 * background computation promotes it to the visitors' queue. Failures are never kept. Every caller
 * gets its own copy, so no caller can alter what the next one reads.
 */
export function createCachingCalculator(
  inner: Calculator,
  options: CachingOptions,
): CachingCalculator {
  const cache = new LruCache<string, CalculateResponse>(
    options.maxEntries,
    (response) => JSON.stringify(response).length,
  );
  const pending = new Map<string, InFlight>();
  const stats = { computed: 0, hits: 0, shared: 0, ahead: 0, promoted: 0 };
  const { shared } = options;
  const sharedWaitMs = options.sharedWaitMs ?? DEFAULT_SHARED_WAIT_MS;

  async function computeHere(entry: InFlight): Promise<CalculateResponse> {
    // Read when it leaves: a visitor may have promoted it meanwhile.
    const response = await inner.calculate(
      entry.request,
      entry.background
        ? { background: true, ...(entry.signal ? { signal: entry.signal } : {}) }
        : undefined,
    );
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
    entry: InFlight,
  ): Promise<CalculateResponse> {
    const deadline = Date.now() + sharedWaitMs;
    for (;;) {
      const stored = await store.get(key);
      if (stored) {
        countCacheLookup("redis", "hit");
        stats.hits++;
        stats.shared++;
        return stored;
      }
      if (Date.now() >= deadline) return computeHere(entry);
      if (await store.claim(key)) {
        // The instance that computed it stores it, then gives its claim up: if that happened
        // between the look above and this claim, the response is there now (two instances
        // computed the same request, tests/integration/two-instances.test.ts).
        const storedMeanwhile = await store.get(key);
        if (storedMeanwhile) {
          countCacheLookup("redis", "hit");
          void store.release(key);
          stats.hits++;
          stats.shared++;
          return storedMeanwhile;
        }
        countCacheLookup("redis", "miss");
        let response: CalculateResponse;
        try {
          response = await computeHere(entry);
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

  function compute(
    key: string,
    request: CalculateRequest,
    calculateOptions: CalculateOptions | undefined,
  ): Promise<CalculateResponse> {
    const entry: InFlight = {
      promise: undefined as unknown as Promise<CalculateResponse>,
      request,
      background: calculateOptions?.background === true,
      signal: calculateOptions?.signal,
    };
    if (entry.background) stats.ahead++;
    entry.promise = (async () => {
      const response = shared ? await computeShared(shared, key, entry) : await computeHere(entry);
      cache.set(key, response);
      return response;
    })();
    pending.set(key, entry);
    const forget = () => {
      if (pending.get(key) === entry) pending.delete(key);
    };
    entry.promise.then(forget, forget);
    return entry.promise;
  }

  return {
    get size() {
      return cache.size;
    },
    get bytes() {
      return cache.bytes;
    },
    stats,
    clear() {
      cache.clear();
    },
    async calculate(request, calculateOptions) {
      const background = calculateOptions?.background === true;
      const key = requestKey(await options.engineVersion(), request);
      const cached = cache.get(key);
      if (cached) {
        countCacheLookup("process", "hit");
        if (!background) stats.hits++;
        return structuredClone(cached);
      }
      const inFlight = pending.get(key);
      countCacheLookup("process", inFlight ? "joined" : "miss");
      if (inFlight && !background) {
        stats.hits++;
        if (inFlight.background) {
          inFlight.background = false;
          stats.promoted++;
          inner.promote?.(inFlight.request);
        }
      }
      return structuredClone(await (inFlight?.promise ?? compute(key, request, calculateOptions)));
    },
  };
}
