/**
 * `npm run bench`'s Redis section (issue 19 §5): what the shared state costs a request, measured
 * through the server's own code (`src/server/shared`) against a real Redis — `REDIS_URL`,
 * `TEST_REDIS_URL`, or the one on 127.0.0.1:6379. Printed, never asserted.
 */
import { randomUUID } from "node:crypto";
import type { CalculateResponse } from "../src/server/engine/client";
import { createSharedState } from "../src/server/shared";

export interface RedisFigures {
  url: string;
  /** Milliseconds per operation, one at a time. */
  ping: number[];
  cacheMiss: number[];
  cacheHit: number[];
  claimAndPut: number[];
  limiterTake: number[];
  responseBytes: number;
}

const SAMPLES = 500;

/** A response of the size a real one has (about 20 kB: ~100 benefits over several months). */
function sampleResponse(): CalculateResponse {
  const individus: Record<string, Record<string, Record<string, number>>> = { demandeur: {} };
  for (let benefit = 0; benefit < 100; benefit++) {
    const months: Record<string, number> = {};
    for (let month = 1; month <= 12; month++)
      months[`2026-${String(month).padStart(2, "0")}`] = benefit * 10.5 + month;
    individus.demandeur![`variable_${benefit}`] = months;
  }
  return {
    individus,
    familles: {},
    foyers_fiscaux: {},
    menages: {},
  } as unknown as CalculateResponse;
}

async function timedSamples(run: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await run(i);
    samples.push(performance.now() - start);
  }
  return samples;
}

export async function benchRedis(): Promise<RedisFigures | undefined> {
  const url = process.env.REDIS_URL || process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
  const prefix = `bench-${randomUUID()}:`;
  const shared = createSharedState({ url, prefix, cacheTtlS: 60, cacheSize: 10_000 });
  try {
    // Commands are refused until the connection is ready (no offline queue): wait for it, 3 s at most.
    const deadline = Date.now() + 3_000;
    while (shared.connection.status() !== "ok" && Date.now() < deadline)
      await new Promise((tick) => setTimeout(tick, 20));
    if (shared.connection.status() !== "ok") return undefined;
    const response = sampleResponse();
    const limiter = shared.app.limiters("bench", { limit: 1_000_000, windowMs: 60_000 });
    const ping = await timedSamples(() => shared.connection.client.ping());
    const cacheMiss = await timedSamples((i) => shared.results.get(`miss-${i}`));
    const claimAndPut = await timedSamples(async (i) => {
      await shared.results.claim(`key-${i}`);
      await shared.results.put(`key-${i}`, response);
    });
    const cacheHit = await timedSamples((i) => shared.results.get(`key-${i}`));
    const limiterTake = await timedSamples(() => Promise.resolve(limiter.take("127.0.0.1")));
    return {
      url: url.replace(/\/\/[^@/]*@/, "//…@"),
      ping,
      cacheMiss,
      cacheHit,
      claimAndPut,
      limiterTake,
      responseBytes: JSON.stringify(response).length,
    };
  } finally {
    const keys = await shared.connection.client.keys(`${prefix}*`).catch(() => [] as string[]);
    if (keys.length > 0) await shared.connection.client.del(...keys).catch(() => 0);
    await shared.close();
  }
}
