import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { CalculateResponse } from "../engine";
import type { RedisConnection } from "./redis";

/**
 * The engine results shared by every instance, and who is computing what. Every method answers
 * even while Redis is down: as a miss, and as "compute it yourself".
 */
export interface SharedResultStore {
  /** A stored response, or undefined (not there, or Redis unreachable). */
  get(key: string): Promise<CalculateResponse | undefined>;
  /**
   * Claims the computation of `key` for this instance: true when no other instance is computing
   * it (or Redis cannot tell), false when one is and the caller should `waitFor` its result.
   */
  claim(key: string): Promise<boolean>;
  /** Stores the response of a claimed computation, releases the claim and tells the waiters. */
  put(key: string, response: CalculateResponse): Promise<void>;
  /** Releases a claimed computation that failed: the waiters try again. */
  release(key: string): Promise<void>;
  /** Resolves when `key` is stored or released by another instance, or after `maxMs` at most. */
  waitFor(key: string, maxMs: number): Promise<void>;
  close(): void;
}

export interface SharedResultStoreOptions {
  /** How long a response is kept (`ENGINE_CACHE_TTL_S`). */
  ttlS: number;
  /** Most responses kept (`REDIS_CACHE_SIZE`): the least recently used go first. */
  maxEntries: number;
  /**
   * How long a claim holds without renewal: the claimant renews it while computing; past it, an
   * instance that died while computing no longer holds the others up, and they compute it.
   */
  claimMs: number;
  /** Waiters also look again this often (a missed notification, a dead claimant). */
  pollMs?: number;
  /** Told of failed commands (at most one line a minute): the caller then computes alone. */
  onError?: (message: string) => void;
}

type WithRelease = Redis & {
  releaseClaim(lock: string, token: string): Promise<number>;
  extendClaim(lock: string, token: string, ms: number): Promise<number>;
};

/** Extends the claim only if it is still this instance's. */
const EXTEND_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

/** Deletes the claim only if it is still this instance's (it may have expired and been retaken). */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/**
 * Responses as `<prefix>engine:<key>` strings with a TTL, indexed by last use in the sorted set
 * `<prefix>engine:index` that bounds their number; claims as `<prefix>engine:claim:<key>`
 * (`SET NX PX` with a token); "stored" and "released" are published on `<prefix>engine:done`.
 */
export function createSharedResultStore(
  connection: RedisConnection,
  { ttlS, maxEntries, claimMs, pollMs = 250, onError }: SharedResultStoreOptions,
): SharedResultStore {
  let lastReport = -Infinity;
  /** Redis down, a timeout: reported once a minute at most, while the callers fall back. */
  function failed(what: string, error: unknown): void {
    if (!onError || Date.now() - lastReport < 60_000) return;
    lastReport = Date.now();
    onError(`redis: engine cache ${what} failed (${String(error)}): computing here`);
  }
  const client = connection.client as WithRelease;
  if (typeof client.releaseClaim !== "function") {
    client.defineCommand("releaseClaim", { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    client.defineCommand("extendClaim", { numberOfKeys: 1, lua: EXTEND_SCRIPT });
  }
  const base = `${connection.prefix}engine:`;
  const index = `${base}index`;
  const channel = `${base}done`;
  const valueKey = (key: string) => `${base}${key}`;
  const claimKey = (key: string) => `${base}claim:${key}`;
  /** This instance's claims: the token proves ownership; the timer keeps the claim alive. */
  const tokens = new Map<string, string>();
  const heartbeats = new Map<string, ReturnType<typeof setInterval>>();

  /**
   * A claim lives `claimMs` unless renewed: renewed every third of it while this instance
   * computes (a computation may wait long for a worker), it expires soon after a crash.
   */
  function keepAlive(key: string, token: string): void {
    const timer = setInterval(() => {
      client.extendClaim(claimKey(key), token, claimMs).catch(() => undefined);
    }, claimMs / 3);
    timer.unref();
    heartbeats.set(key, timer);
  }

  function forget(key: string): string | undefined {
    clearInterval(heartbeats.get(key));
    heartbeats.delete(key);
    const token = tokens.get(key);
    tokens.delete(key);
    return token;
  }
  const waiters = new Map<string, Set<() => void>>();

  const subscriber = connection.subscriber();
  subscriber.on("message", (_channel: string, key: string) => {
    for (const wake of waiters.get(key) ?? []) wake();
  });
  void subscriber.subscribe(channel).catch(() => undefined);

  async function releaseOwn(key: string): Promise<void> {
    const token = forget(key);
    if (token) await client.releaseClaim(claimKey(key), token);
    await client.publish(channel, key);
  }

  return {
    async get(key) {
      try {
        const [[, value] = []] =
          (await client
            .multi()
            .get(valueKey(key))
            // Least recently used first out of the index: a read counts as a use.
            .zadd(index, "XX", Date.now(), key)
            .exec()) ?? [];
        return typeof value === "string" ? (JSON.parse(value) as CalculateResponse) : undefined;
      } catch (error) {
        failed("get", error);
        return undefined;
      }
    },
    async claim(key) {
      const token = randomBytes(12).toString("base64url");
      try {
        const taken = await client.set(claimKey(key), token, "PX", claimMs, "NX");
        if (taken !== "OK") return false;
        tokens.set(key, token);
        keepAlive(key, token);
        return true;
      } catch (error) {
        failed("claim", error);
        return true;
      }
    },
    async put(key, response) {
      try {
        const now = Date.now();
        const results = await client
          .multi()
          .set(valueKey(key), JSON.stringify(response), "EX", ttlS)
          .zadd(index, now, key)
          // Expired responses leave the index too.
          .zremrangebyscore(index, "-inf", now - ttlS * 1000)
          .zcard(index)
          .exec();
        const size = Number(results?.[3]?.[1] ?? 0);
        if (size > maxEntries) {
          const evicted = await client.zpopmin(index, size - maxEntries);
          const keys = evicted.filter((_, position) => position % 2 === 0);
          if (keys.length > 0) await client.del(...keys.map(valueKey));
        }
        await releaseOwn(key);
      } catch (error) {
        failed("put", error);
        forget(key);
      }
    },
    async release(key) {
      try {
        await releaseOwn(key);
      } catch (error) {
        failed("release", error);
        forget(key);
      }
    },
    waitFor(key, maxMs) {
      return new Promise<void>((resolve) => {
        const set = waiters.get(key) ?? new Set<() => void>();
        waiters.set(key, set);
        const wake = () => {
          clearTimeout(timer);
          set.delete(wake);
          if (set.size === 0) waiters.delete(key);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(0, Math.min(maxMs, pollMs)));
        set.add(wake);
      });
    },
    close() {
      for (const key of [...heartbeats.keys()]) forget(key);
      for (const set of waiters.values()) for (const wake of set) wake();
    },
  };
}
