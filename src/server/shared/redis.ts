import { Redis } from "ioredis";

/** What an instance logs about its Redis connection. */
export interface RedisLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface RedisConnection {
  /** Commands: fail at once while disconnected (no offline queue), so callers fall back. */
  client: Redis;
  /** Every key and channel of this deployment starts with it (`REDIS_KEY_PREFIX`). */
  prefix: string;
  /** `ok` while the connection is ready, `down` otherwise (it keeps reconnecting). */
  status(): "ok" | "down";
  /** A second connection for subscriptions (a subscribed connection sends no other command). */
  subscriber(): Redis;
  close(): Promise<void>;
}

export interface RedisConnectionOptions {
  url: string;
  prefix: string;
  logger?: RedisLogger;
  /** Longest wait for one command before it fails (and the caller falls back). */
  commandTimeoutMs?: number;
}

/** Reconnects every 100 ms, then up to every 2 s: never gives up, so an instance recovers alone. */
export function reconnectDelay(attempt: number): number {
  return Math.min(100 * attempt, 2_000);
}

/**
 * One ioredis connection for an instance's shared state. While Redis cannot be reached, commands
 * are refused at once instead of queued (`enableOfflineQueue: false`, one try per command), and
 * the connection keeps retrying in the background: the callers use their in-memory fallback
 * until it is `ready` again.
 */
export function connectRedis({
  url,
  prefix,
  logger,
  commandTimeoutMs = 2_000,
}: RedisConnectionOptions): RedisConnection {
  const options = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
    retryStrategy: reconnectDelay,
    lazyConnect: false,
  } as const;
  const client = new Redis(url, options);
  const subscribers: Redis[] = [];
  let wasReady = false;
  client.on("ready", () => {
    wasReady = true;
    logger?.info("redis: connected");
  });
  client.on("end", () => undefined);
  // Without a listener ioredis prints every failed reconnection; one line per outage is enough.
  client.on("error", () => undefined);
  client.on("close", () => {
    if (wasReady) logger?.warn("redis: connection lost, in-memory fallback until it returns");
    wasReady = false;
  });
  return {
    client,
    prefix,
    status: () => (client.status === "ready" ? "ok" : "down"),
    subscriber() {
      // The offline queue lets SUBSCRIBE wait for the connection; ioredis re-subscribes after a
      // reconnection (autoResubscribe).
      const sub = new Redis(url, {
        ...options,
        enableOfflineQueue: true,
        commandTimeout: undefined,
      });
      sub.on("error", () => undefined);
      subscribers.push(sub);
      return sub;
    },
    async close() {
      for (const connection of [client, ...subscribers]) connection.disconnect();
    },
  };
}
