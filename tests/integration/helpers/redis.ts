/**
 * The Redis of the tests of the state shared by several instances: `TEST_REDIS_URL` (set by
 * `npm test`), else the one `scripts/ensure-redis.sh` finds or starts. Every test run keeps to
 * its own key prefix, so runs sharing 127.0.0.1:6379 never see each other's keys, and deletes
 * its keys when done.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (url) return url;
  const found = execFileSync("bash", ["scripts/ensure-redis.sh"], {
    cwd: repoRoot,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
  process.env.TEST_REDIS_URL = found;
  return found;
}

/** A prefix no other run uses: `test:<label>:<random>:`. */
export function testRedisPrefix(label: string): string {
  return `test:${label}:${randomBytes(6).toString("hex")}:`;
}

/** Every key under `prefix` (for assertions), via SCAN. */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== "0");
  return keys;
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = await keysUnder(redis, prefix);
    for (let start = 0; start < keys.length; start += 500) {
      await redis.del(...keys.slice(start, start + 500));
    }
  } finally {
    redis.disconnect();
  }
}
