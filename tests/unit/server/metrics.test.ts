/**
 * The metrics' hooks (src/server/metrics.ts) and their endpoint (src/server/metrics-server.ts):
 * each hook moves its series, labels stay bounded, the endpoint wants its token. The registry is
 * the process's: every assertion reads how far a series moved.
 */
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { LruCache } from "../../../src/domain/lru";
import { loadConfig } from "../../../src/server/config";
import {
  createEngineCompute,
  ComputationDroppedError,
  EngineBusyError,
} from "../../../src/server/compute";
import type { CalculateRequest, CalculateResponse } from "../../../src/server/engine";
import {
  countBackground,
  countRefusals,
  countSends,
  registerRequestMetrics,
  registry,
  UNMATCHED_ROUTE,
  watchComputeAhead,
} from "../../../src/server/metrics";
import {
  bearerMatches,
  startMetricsServer,
  type MetricsServer,
} from "../../../src/server/metrics-server";
import { createRateLimiter, memoryRateLimiters } from "../../../src/server/rate-limit";
import { memoryEventQuotas } from "../../../src/server/stats/quota";

type Sample = { value: number; labels: Record<string, unknown>; metricName?: string };

/** The samples of `metric` named `sampleName` whose labels include `labels`. */
async function samples(metric: string, sampleName: string, labels: Record<string, string>) {
  const found = registry.getSingleMetric(metric);
  if (!found) throw new Error(`no metric ${metric}`);
  const { values } = (await found.get()) as { values: Sample[] };
  return values.filter(
    (sample) =>
      (sample.metricName ?? metric) === sampleName &&
      Object.entries(labels).every(([key, wanted]) => String(sample.labels[key]) === wanted),
  );
}

/** A counter's or a gauge's value, summed over the series matching `labels`; 0 when none. */
async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  const found = await samples(name, name, labels);
  return found.reduce((total, sample) => total + sample.value, 0);
}

/** A histogram's number of observations with these labels. */
async function count(name: string, labels: Record<string, string> = {}): Promise<number> {
  const found = await samples(name, `${name}_count`, labels);
  return found.reduce((total, sample) => total + sample.value, 0);
}

/** How far `read` moves while `act` runs. */
async function moved(read: () => Promise<number>, act: () => Promise<unknown>): Promise<number> {
  const before = await read();
  await act();
  return (await read()) - before;
}

describe("request latency", () => {
  it("is labelled by route pattern, never by the raw URL", async () => {
    const app = Fastify({ logger: false });
    registerRequestMetrics(app);
    app.get("/api/things/:id", async () => ({ ok: true }));
    await app.ready();
    const labels = { route: "/api/things/:id", method: "GET", status_code: "200" };
    const timed = await moved(
      () => count("simulateur_http_request_duration_seconds", labels),
      async () => {
        for (const id of ["a1", "b2", "c3"]) await app.inject({ url: `/api/things/${id}` });
      },
    );
    expect(timed).toBe(3);
    const notFound = await moved(
      () =>
        count("simulateur_http_request_duration_seconds", {
          route: UNMATCHED_ROUTE,
          status_code: "404",
        }),
      () => app.inject({ url: "/nulle-part/123456" }),
    );
    expect(notFound).toBe(1);
    const text = await registry.metrics();
    expect(text).not.toContain("a1");
    expect(text).not.toContain("123456");
    await app.close();
  });
});

describe("engine queue, batches and process cache", () => {
  const request = (salary: number) =>
    ({ individus: { demandeur: { salaire: { "2026-01": salary } } } }) as CalculateRequest;

  it("observe the wait, the batch sizes, the lookups and the cache's bytes", async () => {
    const answers: ((response: CalculateResponse) => void)[] = [];
    const compute = createEngineCompute(
      {
        calculate: (merged) =>
          new Promise<CalculateResponse>((resolve) =>
            answers.push(() => resolve(merged as unknown as CalculateResponse)),
          ),
        version: async () => ({ country: "1", extensions: [] }) as never,
        variables: async () => ({}) as never,
      },
      { workers: 1, batchWindowMs: 0, maxQueue: 2, info: { version: async () => "v1" } as never },
    );
    const waits = () => count("simulateur_engine_queue_wait_seconds", { lane: "visitor" });
    const batches = () => count("simulateur_engine_batch_size");
    const misses = () =>
      value("simulateur_engine_cache_lookups_total", { cache: "process", result: "miss" });
    const hits = () =>
      value("simulateur_engine_cache_lookups_total", { cache: "process", result: "hit" });
    const refusals = () => value("simulateur_engine_busy_refusals_total", { reason: "queue-full" });
    const [waits0, batches0, misses0, hits0, refusals0] = await Promise.all([
      waits(),
      batches(),
      misses(),
      hits(),
      refusals(),
    ]);

    // One sent at once, two queued behind it (one batch of 2 when the worker frees), one refused.
    const first = compute.calculator.calculate(request(1));
    const queued = [2, 3].map((salary) => compute.calculator.calculate(request(salary)));
    const refused = compute.calculator.calculate(request(4));
    await expect(refused).rejects.toBeInstanceOf(EngineBusyError);
    await waitUntil(() => answers.length === 1);
    expect(await value("simulateur_engine_queue_depth", { lane: "visitor" })).toBe(2);
    expect(await value("simulateur_engine_in_flight")).toBe(1);
    answers.shift()?.({} as CalculateResponse);
    await first;
    await waitUntil(() => answers.length === 1);
    answers.shift()?.({} as CalculateResponse);
    await Promise.all(queued);
    await compute.calculator.calculate(request(1));

    expect((await waits()) - waits0).toBe(3);
    expect((await batches()) - batches0).toBe(2);
    expect((await misses()) - misses0).toBe(4);
    expect((await hits()) - hits0).toBe(1);
    expect((await refusals()) - refusals0).toBe(1);
    expect(compute.cache.size).toBe(3);
    expect(compute.cache.bytes).toBeGreaterThan(0);
    expect(
      await value("simulateur_engine_cache_bytes", { cache: "process" }),
    ).toBeGreaterThanOrEqual(compute.cache.bytes);
  });
});

async function waitUntil(check: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1_000 && !check(); turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(check()).toBe(true);
}

describe("LruCache bytes", () => {
  it("adds up the sizes of the values kept, evictions and replacements included", () => {
    const lru = new LruCache<string, string>(2, (text) => text.length);
    lru.set("a", "xx");
    lru.set("b", "yyy");
    expect(lru.bytes).toBe(5);
    lru.set("a", "z");
    expect(lru.bytes).toBe(4);
    lru.set("c", "wwww");
    // "b" was the least recently used: out.
    expect(lru.has("b")).toBe(false);
    expect(lru.bytes).toBe(5);
    lru.clear();
    expect(lru.bytes).toBe(0);
    expect(new LruCache<string, string>(2).bytes).toBe(0);
  });
});

describe("background computations", () => {
  const outcome = (name: string) => () =>
    value("simulateur_background_computations_total", { outcome: name });

  it("are counted by outcome", async () => {
    const run = countBackground(async (result: boolean | Error) => {
      if (result instanceof Error) throw result;
      return result;
    });
    const [started, done, notReady, dropped, failed] = await Promise.all(
      ["started", "done", "not_ready", "dropped", "failed"].map((name) => outcome(name)()),
    );
    await run(true);
    await run(false);
    await expect(run(new ComputationDroppedError())).rejects.toThrow();
    await expect(run(new EngineBusyError("background-full"))).rejects.toThrow();
    await expect(run(new Error("engine"))).rejects.toThrow();
    expect((await outcome("started")()) - started!).toBe(5);
    expect((await outcome("done")()) - done!).toBe(1);
    expect((await outcome("not_ready")()) - notReady!).toBe(1);
    expect((await outcome("dropped")()) - dropped!).toBe(2);
    expect((await outcome("failed")()) - failed!).toBe(1);
  });

  it("show the saves that started none, as a monotonic count", async () => {
    const ahead = { tracked: 3, stats: { skipped: 0 } };
    watchComputeAhead(ahead);
    const before = await outcome("skipped")();
    ahead.stats.skipped = 4;
    expect((await outcome("skipped")()) - before).toBe(4);
    expect(await value("simulateur_background_computations_tracked")).toBeGreaterThanOrEqual(3);
    expect((await outcome("skipped")()) - before).toBe(4);
  });
});

describe("rate-limit refusals and recap sends", () => {
  it("count each refusal under its limit's name, in memory or shared (async)", async () => {
    const limiters = countRefusals(memoryRateLimiters);
    const limiter = limiters("test-writes", { limit: 1, windowMs: 60_000, now: () => 0 });
    const refusals = () => value("simulateur_rate_limit_refusals_total", { limit: "test-writes" });
    expect(await refusals()).toBe(0);
    expect(limiter.take("1.2.3.4")).toEqual({ ok: true });
    expect(limiter.take("1.2.3.4")).toMatchObject({ ok: false });
    expect(await refusals()).toBe(1);

    const shared = countRefusals((_name: string, options: { limit: number; windowMs: number }) => {
      const memory = createRateLimiter(options);
      return { take: async (key: string) => memory.take(key) };
    });
    const remote = shared("test-shared", { limit: 0, windowMs: 60_000 });
    expect(await remote.take("a")).toMatchObject({ ok: false });
    expect(await value("simulateur_rate_limit_refusals_total", { limit: "test-shared" })).toBe(1);

    // The statistics events' quota per simulation: two keys to its take.
    const quota = countRefusals(memoryEventQuotas)("test-quota", { limit: 1, windowMs: 60_000 });
    const event = { benefit_id: "rsa", event_type: "show" };
    expect(quota.take("simulation", [event])).toEqual({ ok: true });
    expect(quota.take("simulation", [event])).toMatchObject({ ok: false });
    expect(await value("simulateur_rate_limit_refusals_total", { limit: "test-quota" })).toBe(1);
  });

  it("count recaps by channel and outcome", async () => {
    let fail = false;
    const sms = countSends("sms", {
      async send(_to: string, _text: string) {
        if (fail) throw new Error("provider down");
      },
    });
    const sent = (outcome: string) => () =>
      value("simulateur_recap_sends_total", { channel: "sms", outcome });
    const [ok, failed] = [await sent("ok")(), await sent("failed")()];
    await sms.send("+33612345678", "texte");
    fail = true;
    await expect(sms.send("+33612345678", "texte")).rejects.toThrow("provider down");
    expect((await sent("ok")()) - ok).toBe(1);
    expect((await sent("failed")()) - failed).toBe(1);
  });
});

describe("metrics endpoint", () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("answers /metrics with the token only", async () => {
    const token = "t".repeat(40);
    server = await startMetricsServer({ port: 0, host: "127.0.0.1", token });
    const url = `${server.url}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${token}x` } })).status).toBe(401);
    const ok = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("simulateur_http_request_duration_seconds");
    expect((await fetch(`${server.url}/autre`)).status).toBe(404);
    const post = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(post.status).toBe(405);
  });

  it("answers without a token when none is set (its port is private)", async () => {
    server = await startMetricsServer({ port: 0, host: "127.0.0.1" });
    expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
  });

  it("compares bearer tokens exactly", () => {
    expect(bearerMatches("Bearer abc", "abc")).toBe(true);
    expect(bearerMatches("bearer abc", "abc")).toBe(true);
    expect(bearerMatches("Bearer abcd", "abc")).toBe(false);
    expect(bearerMatches("Basic abc", "abc")).toBe(false);
    expect(bearerMatches(undefined, "abc")).toBe(false);
  });
});

describe("configuration", () => {
  it("serves no metrics by default", () => {
    expect(loadConfig({}).metrics).toBeUndefined();
  });

  it("reads the port, the interface (loopback by default) and the token", () => {
    const token = "s".repeat(32);
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_TOKEN: token }).metrics).toEqual({
      port: 9464,
      host: "127.0.0.1",
      token,
    });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" }).metrics).toEqual({
      port: 9464,
      host: "10.0.0.5",
    });
  });

  it("refuses the site's port, a token without a port, a short token (never echoed)", () => {
    expect(() => loadConfig({ METRICS_PORT: "8080" })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: "s".repeat(32) })).toThrow(
      /METRICS_TOKEN: needs METRICS_PORT/,
    );
    expect(() => loadConfig({ METRICS_PORT: "9464", METRICS_TOKEN: "court-secret" })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => loadConfig({ METRICS_PORT: "9464", METRICS_TOKEN: "court-secret" })).not.toThrow(
      /court-secret/,
    );
  });
});
