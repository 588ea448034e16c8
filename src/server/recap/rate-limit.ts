/** An in-memory sliding-window limiter: at most `limit` hits per key within `windowMs`. */
export interface RateLimiter {
  /** Records a hit if allowed; otherwise says how many seconds to wait. */
  take(key: string): { ok: true } | { ok: false; retryAfterS: number };
}

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
}

export function createRateLimiter({
  limit,
  windowMs,
  now = Date.now,
}: RateLimitOptions): RateLimiter {
  const hits = new Map<string, number[]>();
  return {
    take(key) {
      const time = now();
      const recent = (hits.get(key) ?? []).filter((at) => at > time - windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        const retryAfterMs = recent[0]! + windowMs - time;
        return { ok: false, retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      recent.push(time);
      hits.set(key, recent);
      // Keys whose hits have all expired are dropped now and then, so memory stays bounded.
      if (hits.size > 10_000) {
        for (const [other, times] of hits) {
          if (times.every((at) => at <= time - windowMs)) hits.delete(other);
        }
      }
      return { ok: true };
    },
  };
}
