import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimiterFactory, TakeResult } from "../rate-limit";
import { eventQuotaKey, type EventQuotaFactory } from "../stats/quota";
import type { RedisConnection } from "./redis";

/** rate-limiter-flexible counts whole seconds. */
function windowSeconds(windowMs: number): number {
  return Math.max(1, Math.ceil(windowMs / 1000));
}

/**
 * A fixed window per key in Redis (rate-limiter-flexible: one atomic `SET NX EX` + `INCRBY`
 * script), so every instance counts into the same key. While Redis is not ready, the same limits
 * are counted in this process's memory instead (its insurance limiter): a visitor is still
 * limited, per instance, until Redis returns.
 */
function sharedLimiter(
  connection: RedisConnection,
  name: string,
  limit: number,
  windowMs: number,
): RateLimiterRedis {
  const duration = windowSeconds(windowMs);
  return new RateLimiterRedis({
    storeClient: connection.client,
    keyPrefix: `${connection.prefix}limit:${name}`,
    points: limit,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: limit, duration }),
  });
}

function refused(rejection: RateLimiterRes): TakeResult {
  return { ok: false, retryAfterS: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
}

/** Limiters shared by every instance that uses the same Redis and prefix. */
export function redisRateLimiters(connection: RedisConnection): RateLimiterFactory {
  return (name, { limit, windowMs }) => {
    const limiter = sharedLimiter(connection, name, limit, windowMs);
    return {
      async take(key) {
        try {
          await limiter.consume(key);
          return { ok: true };
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) return refused(rejection);
          throw rejection;
        }
      },
    };
  };
}

/**
 * The statistics events' quota per simulation, benefit and event type, shared: each key of a post
 * is counted; if any is past its limit the post is refused and what it counted is given back (all
 * or none, as in memory).
 */
export function redisEventQuotas(connection: RedisConnection): EventQuotaFactory {
  return (name, { limit, windowMs }) => {
    const limiter = sharedLimiter(connection, name, limit, windowMs);
    return {
      async take(simulationId, events) {
        const counts = new Map<string, number>();
        for (const event of events) {
          const key = eventQuotaKey(simulationId, event);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        const taken = await Promise.allSettled(
          [...counts].map(([key, points]) => limiter.consume(key, points)),
        );
        const rejections = taken.flatMap((result) =>
          result.status === "rejected" ? [result.reason as unknown] : [],
        );
        if (rejections.length === 0) return { ok: true };
        await Promise.allSettled([...counts].map(([key, points]) => limiter.reward(key, points)));
        const failure = rejections.find((reason) => !(reason instanceof RateLimiterRes));
        if (failure) throw failure;
        const longest = Math.max(
          ...rejections.map((reason) => (reason as RateLimiterRes).msBeforeNext),
        );
        return refused(new RateLimiterRes(0, longest));
      },
    };
  };
}
