/**
 * The state several instances share through Redis (issue 19 §3), against a real Redis: engine
 * results and computations in flight, rate limits and the statistics quota, and the fallback to
 * each process's memory while Redis cannot be reached, with recovery when it returns.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createCachingCalculator,
  type CachingCalculator,
  type Calculator,
} from "../../src/server/compute";
import type { CalculateRequest, CalculateResponse } from "../../src/server/engine";
import { REDIS_DOWN_WARNING } from "../../src/server/routes/health";
import { createSharedState, type SharedState } from "../../src/server/shared";
import { waitFor } from "./helpers/child-server";
import { freePort } from "./helpers/engine";
import { deleteKeys, keysUnder, testRedisPrefix, testRedisUrl } from "./helpers/redis";
import { sampleInput, startTestApp } from "./helpers/test-app";

let url: string;
let prefix: string;
let inspector: Redis;
const states: SharedState[] = [];

beforeAll(() => {
  url = testRedisUrl();
  prefix = testRedisPrefix("shared-state");
  inspector = new Redis(url);
});

afterEach(async () => {
  await Promise.all(states.splice(0).map((state) => state.close()));
});

afterAll(async () => {
  await deleteKeys(url, prefix);
  expect(await keysUnder(inspector, prefix)).toEqual([]);
  inspector.disconnect();
});

/** One instance's shared state (its own connections), as `main.ts` makes it. */
function instance(options: { url?: string; cacheSize?: number; claimMs?: number } = {}) {
  const state = createSharedState({
    url: options.url ?? url,
    prefix,
    cacheTtlS: 600,
    cacheSize: options.cacheSize ?? 100,
    ...(options.claimMs ? { claimMs: options.claimMs } : {}),
  });
  states.push(state);
  return state;
}

function request(salary: number): CalculateRequest {
  return {
    individus: { moi: { salaire_net: { "2026-01": salary } } },
  } as unknown as CalculateRequest;
}

/** A stand-in engine counting its computations; `hold` keeps them in flight until released. */
function countingEngine() {
  let release: () => void = () => undefined;
  let held = Promise.resolve();
  const engine = {
    calls: 0,
    hold() {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    async calculate(sent: CalculateRequest): Promise<CalculateResponse> {
      engine.calls++;
      await held;
      return structuredClone(sent) as unknown as CalculateResponse;
    },
  };
  return engine;
}

function cached(engine: Calculator, state: SharedState, sharedWaitMs?: number): CachingCalculator {
  return createCachingCalculator(engine, {
    maxEntries: 100,
    engineVersion: async () => "engine-test",
    shared: state.results,
    ...(sharedWaitMs ? { sharedWaitMs } : {}),
  });
}

async function waitReady(state: SharedState): Promise<void> {
  await waitFor("redis ready", () => (state.connection.status() === "ok" ? true : undefined), {
    timeoutMs: 10_000,
    everyMs: 20,
  });
}

/** Resolves once the clock has moved to the next millisecond (a state, not a fixed delay). */
async function nextMillisecond(): Promise<void> {
  const now = Date.now();
  while (Date.now() <= now) await new Promise((turn) => setImmediate(turn));
}

describe("engine results shared by instances", () => {
  it("computes a request once: the second instance reads the first one's result", async () => {
    const [a, b] = [instance(), instance()];
    await Promise.all([waitReady(a), waitReady(b)]);
    const [engineA, engineB] = [countingEngine(), countingEngine()];
    const [cacheA, cacheB] = [cached(engineA, a), cached(engineB, b)];

    const first = await cacheA.calculate(request(1000));
    const second = await cacheB.calculate(request(1000));
    expect(second).toEqual(first);
    expect([engineA.calls, engineB.calls]).toEqual([1, 0]);
    expect(cacheB.stats).toMatchObject({ computed: 0, shared: 1 });
    // Stored with an expiry.
    const stored = (await keysUnder(inspector, `${prefix}engine:`)).filter(
      (key) => !key.endsWith(":index") && !key.includes(":claim:"),
    );
    expect(stored).toHaveLength(1);
    expect(await inspector.ttl(stored[0]!)).toBeGreaterThan(500);
  });

  it("waits for a computation in flight on another instance instead of redoing it", async () => {
    const [a, b] = [instance(), instance()];
    await Promise.all([waitReady(a), waitReady(b)]);
    const [engineA, engineB] = [countingEngine(), countingEngine()];
    engineA.hold();
    engineB.hold();
    const refusedClaims: string[] = [];
    const claimOnB = b.results.claim.bind(b.results);
    b.results.claim = async (key) => {
      const claimed = await claimOnB(key);
      if (!claimed) refusedClaims.push(key);
      return claimed;
    };
    const [cacheA, cacheB] = [cached(engineA, a), cached(engineB, b)];

    const onA = cacheA.calculate(request(2000));
    await waitFor("A computing", () => (engineA.calls === 1 ? true : undefined));
    const onB = cacheB.calculate(request(2000));
    // B finds A's claim, and waits for its result (a notification, or its next look).
    await waitFor("B to find A's claim", () => (refusedClaims.length > 0 ? true : undefined));
    engineA.release();
    expect(await onB).toEqual(await onA);
    expect([engineA.calls, engineB.calls]).toEqual([1, 0]);
  });

  it("computes itself when the instance that claimed a computation died with it", async () => {
    const [a, b] = [instance({ claimMs: 300 }), instance({ claimMs: 300 })];
    await Promise.all([waitReady(a), waitReady(b)]);
    const engineB = countingEngine();
    // A claims and dies: nothing is ever stored, and its claim expires.
    const key = "never-stored";
    expect(await a.results.claim(key)).toBe(true);
    await a.close();
    expect(await b.results.claim(key)).toBe(false);
    const cacheB = cached(engineB, b, 10_000);
    const response = await cacheB.calculate(request(3000));
    expect(response).toEqual(request(3000));
    expect(engineB.calls).toBe(1);
  });

  it("keeps at most the configured number of responses, least recently used out first", async () => {
    const a = instance({ cacheSize: 3 });
    await waitReady(a);
    const [engineA, engineB] = [countingEngine(), countingEngine()];
    const cacheA = cached(engineA, a);
    // Uses are ordered by the millisecond (src/server/shared/result-cache.ts): two uses within
    // one millisecond tie, and Redis orders ties by key. Each use here waits for the next one.
    for (const salary of [1, 2, 3]) {
      await cacheA.calculate(request(salary));
      await nextMillisecond();
    }
    // A read of the first moves it last: the second is the least recently used.
    const b = instance({ cacheSize: 3 });
    await waitReady(b);
    await cached(countingEngine(), b).calculate(request(1));
    await nextMillisecond();
    await cacheA.calculate(request(4));
    await waitFor("the eviction", async () =>
      (await inspector.zcard(`${prefix}engine:index`)) === 3 ? true : undefined,
    );
    const values = (await keysUnder(inspector, `${prefix}engine:`)).filter(
      (key) => !key.endsWith(":index") && !key.includes(":claim:"),
    );
    expect(values).toHaveLength(3);
    const cacheB = cached(engineB, b);
    for (const salary of [1, 3, 4]) await cacheB.calculate(request(salary));
    expect(engineB.calls).toBe(0);
    await cacheB.calculate(request(2));
    expect(engineB.calls).toBe(1);
  });
});

describe("rate limits shared by instances", () => {
  it("counts one address once across instances", async () => {
    const [a, b] = [instance(), instance()];
    await Promise.all([waitReady(a), waitReady(b)]);
    const name = `writes-${Math.random()}`;
    const onA = a.app.limiters(name, { limit: 3, windowMs: 60_000 });
    const onB = b.app.limiters(name, { limit: 3, windowMs: 60_000 });
    expect(await onA.take("203.0.113.7")).toEqual({ ok: true });
    expect(await onB.take("203.0.113.7")).toEqual({ ok: true });
    expect(await onA.take("203.0.113.7")).toEqual({ ok: true });
    expect(await onB.take("203.0.113.7")).toMatchObject({ ok: false });
    expect(await onA.take("203.0.113.7")).toMatchObject({ ok: false });
    // Another address has its own count.
    expect(await onB.take("203.0.113.8")).toEqual({ ok: true });
  });

  it("counts a simulation's statistics events across instances, all of a post or none", async () => {
    const [a, b] = [instance(), instance()];
    await Promise.all([waitReady(a), waitReady(b)]);
    const options = { limit: 2, windowMs: 3_600_000 };
    const onA = a.app.quotas("stats-simulation", options);
    const onB = b.app.quotas("stats-simulation", options);
    const shown = { benefit_id: "rsa", event_type: "show" };
    const other = { benefit_id: "css", event_type: "show" };
    expect(await onA.take("sim-1", [shown])).toEqual({ ok: true });
    expect(await onB.take("sim-1", [shown, other])).toEqual({ ok: true });
    // `shown` is at its limit: the post is refused, and `other` is not counted either.
    expect(await onA.take("sim-1", [other, shown])).toMatchObject({ ok: false });
    expect(await onB.take("sim-1", [other])).toEqual({ ok: true });
    expect(await onB.take("sim-1", [other])).toMatchObject({ ok: false });
  });
});

describe("Redis unreachable, then back", () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill("SIGKILL");
  });

  it("keeps serving from memory with a warning in /api/health, and recovers when Redis starts", async () => {
    const port = await freePort();
    const state = instance({ url: `redis://127.0.0.1:${port}` });
    const context = await startTestApp({
      shared: state.app,
      ipLimits: { writesPerMinute: 2, computationsPerMinute: 0 },
    });
    try {
      const health = await context.app.inject({ method: "GET", url: "/api/health" });
      expect(health.json()).toEqual({
        status: "degraded",
        engine: "ready",
        database: "ok",
        redis: "down",
        warnings: [REDIS_DOWN_WARNING],
      });
      // Writes are served and still limited, by this instance's memory.
      const write = () =>
        context.app.inject({ method: "POST", url: "/api/simulation", payload: sampleInput() });
      expect((await write()).statusCode).toBe(200);
      expect((await write()).statusCode).toBe(200);
      expect((await write()).statusCode).toBe(429);
      // The engine cache computes here: a miss, and "nobody else is computing it".
      const engine = countingEngine();
      expect(await cached(engine, state).calculate(request(5))).toEqual(request(5));
      expect(engine.calls).toBe(1);

      server = spawn(
        "redis-server",
        ["--bind", "127.0.0.1", "--port", String(port), "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
      const recovered = await waitFor(
        "redis back in /api/health",
        async () => {
          const body = (await context.app.inject({ method: "GET", url: "/api/health" })).json<{
            redis: string;
          }>();
          return body.redis === "ok" ? body : undefined;
        },
        { timeoutMs: 30_000 },
      );
      expect(recovered).toEqual({ status: "ok", engine: "ready", database: "ok", redis: "ok" });
      // The counts are in Redis again: a fresh window there.
      expect((await write()).statusCode).toBe(200);
      const onServer = new Redis(`redis://127.0.0.1:${port}`);
      try {
        expect(await keysUnder(onServer, `${prefix}limit:ip-writes`)).toHaveLength(1);
      } finally {
        onServer.disconnect();
      }
    } finally {
      await context.close();
    }
  });
});
