import type { preHandlerHookHandler } from "fastify";
import { sendError } from "./http-errors";

export type TakeResult = { ok: true } | { ok: false; retryAfterS: number };

/**
 * Limits per key (a client address, a simulation id): at most `limit` hits per key within a
 * window. Used for the recaps, the statistics events, anonymous writes and computations: in this
 * process's memory (`createRateLimiter`), or shared by every instance in Redis
 * (`src/server/shared`, with `REDIS_URL`).
 */
export interface RateLimiter {
  /** Records a hit if allowed; otherwise says how many seconds to wait. */
  take(key: string): TakeResult | Promise<TakeResult>;
}

/** In-memory sliding-window limits: per process, so with several instances each counts its share. */
export interface MemoryRateLimiter extends RateLimiter {
  take(key: string): TakeResult;
  /** Keys currently remembered (at most `maxKeys`). */
  readonly size: number;
}

/** Makes the limiter called `name` (the same name on every instance shares one count). */
export type RateLimiterFactory = (
  name: string,
  options: { limit: number; windowMs: number; now?: () => number },
) => RateLimiter;

/** This process's own limiters. */
export const memoryRateLimiters: RateLimiterFactory = (_name, options) =>
  createRateLimiter(options);

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
  /**
   * Most keys remembered (default `DEFAULT_MAX_KEYS`): memory stays below `maxKeys × limit`
   * timestamps whatever the number of addresses seen. Past it, keys whose hits have all expired
   * are dropped, then the least recently seen ones.
   */
  maxKeys?: number;
}

export const DEFAULT_MAX_KEYS = 10_000;

export function createRateLimiter({
  limit,
  windowMs,
  now = Date.now,
  maxKeys = DEFAULT_MAX_KEYS,
}: RateLimitOptions): MemoryRateLimiter {
  /** Hit times by key, least recently seen key first (a key is moved last at each hit). */
  const hits = new Map<string, number[]>();

  /** Down to 90 % of `maxKeys`, so that a flood of new keys pays one sweep per tenth of them. */
  const lowWater = Math.floor(maxKeys * 0.9);

  function makeRoom(time: number): void {
    for (const [key, times] of hits) {
      // Times are in order: the last one is the most recent.
      if ((times.at(-1) ?? -Infinity) <= time - windowMs) hits.delete(key);
    }
    // Still full: forget the least recently seen (a flood of addresses, not a visitor's).
    for (const key of hits.keys()) {
      if (hits.size <= lowWater) break;
      hits.delete(key);
    }
  }

  return {
    get size() {
      return hits.size;
    },
    take(key) {
      const time = now();
      const recent = (hits.get(key) ?? []).filter((at) => at > time - windowMs);
      hits.delete(key);
      if (hits.size >= maxKeys) makeRoom(time);
      hits.set(key, recent);
      if (recent.length >= limit) {
        const retryAfterMs = recent[0]! + windowMs - time;
        return { ok: false, retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      recent.push(time);
      return { ok: true };
    },
  };
}

/**
 * Per-address limits a visitor, a family or a school's network never meets. One journey saves a
 * simulation or two and computes its results a few times (each change of an answer, a
 * "Pourquoi pas moi ?"); a class of 30 behind one address doing it in the same minute stays under
 * 120 of each. An address past 120 computations a minute is a script: it alone would take about
 * a tenth of the engine's throughput on 2 cores (~1,000 households a minute, batched).
 */
export const DEFAULT_IP_LIMITS = {
  writesPerMinute: 120,
  computationsPerMinute: 120,
  // About 20 ms of the event loop each (src/server/results-page.ts): 120 a minute is 4 % of it.
  renderedPagesPerMinute: 120,
} as const;

/** Limits per client address per minute; undefined for 0 (no limit). */
export function perMinuteLimiter(
  limit: number,
  now?: () => number,
  name = "per-minute",
  limiters: RateLimiterFactory = memoryRateLimiters,
): RateLimiter | undefined {
  if (limit <= 0) return undefined;
  return limiters(name, { limit, windowMs: 60_000, ...(now ? { now } : {}) });
}

/**
 * A `preHandler` refusing a client address past its limit with a French 429 and `retry-after`.
 * `request.ip` is the socket's address, or the visitor's behind a trusted proxy (`TRUST_PROXY`).
 */
export function perIpLimit(
  limiter: RateLimiter | undefined,
  message: string,
): preHandlerHookHandler[] {
  if (!limiter) return [];
  return [
    async (request, reply) => {
      const taken = await limiter.take(request.ip);
      if (taken.ok) return;
      reply.header("retry-after", String(taken.retryAfterS));
      return sendError(reply, 429, message);
    },
  ];
}
