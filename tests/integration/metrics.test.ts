/**
 * Prometheus metrics (issue 61 §8, docs/deploy.md "Metrics"): the real server (src/server/main.ts)
 * over the shared engine, Redis and an SMS provider stub, with `METRICS_PORT` and `METRICS_TOKEN`.
 * A visitor's journey moves the series an operator graphs (request latency by route pattern,
 * engine queue wait and batch sizes, both caches, background computations, a rate-limit refusal,
 * recap sends); the metrics are reachable on their own port with the token only.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { loadGoldenSituations, simulationPayload } from "../golden/golden";
import {
  createServerDatabase,
  startChildServer,
  waitFor,
  type ChildServer,
  type ServerDatabase,
} from "./helpers/child-server";
import { freePort } from "./helpers/engine";
import { deleteKeys, testRedisPrefix, testRedisUrl } from "./helpers/redis";

const TOKEN = randomBytes(24).toString("base64url");
/** The SMS provider stub answers 200 to this number, 500 to any other. */
const DELIVERED = "+33612345678";
const WRITES_PER_MINUTE = 4;

let database: ServerDatabase;
let server: ChildServer;
let sms: Server;
let metricsUrl: string;
const redisUrl = testRedisUrl();
const prefix = testRedisPrefix("metrics");

beforeAll(async () => {
  sms = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const { to } = JSON.parse(body) as { to: string };
      response.statusCode = to === DELIVERED ? 200 : 500;
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, "127.0.0.1", resolve));
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  database = await createServerDatabase("metrics");
  server = await startChildServer({
    database,
    env: {
      ENGINE_URL: inject("engineUrl"),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      SMS_URL: `http://127.0.0.1:${(sms.address() as AddressInfo).port}/sms`,
      WRITES_PER_MINUTE_PER_IP: String(WRITES_PER_MINUTE),
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
    },
  });
  // The external engine is health-checked once the server is up.
  await waitFor("the engine ready", async () => {
    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as {
      engine: string;
    };
    return health.engine === "ready" ? true : undefined;
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.remove();
  await new Promise((resolve) => sms?.close(resolve));
  await deleteKeys(redisUrl, prefix);
});

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status, server.output()).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one series (`name{a="1",b="2"}`): labels given must all match; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [
        key,
        value,
      ]),
    );
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) {
      total += Number(match[3]);
    }
  }
  return total;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

it("serves the metrics on their own port with the token only, never on the site's", async () => {
  expect((await fetch(metricsUrl)).status).toBe(401);
  expect((await fetch(metricsUrl, { headers: bearer(`${TOKEN}x`) })).status).toBe(401);
  const wrongPath = await fetch(metricsUrl.replace("/metrics", "/"), { headers: bearer(TOKEN) });
  expect(wrongPath.status).toBe(404);
  for (const path of ["/metrics", "/api/metrics"]) {
    const site = await fetch(`${server.baseUrl}${path}`, { headers: bearer(TOKEN) });
    expect(site.status).toBe(404);
    expect(await site.text()).not.toContain("simulateur_");
  }
  const text = await scrape();
  expect(sample(text, "simulateur_engine_ready")).toBe(1);
  // The process's own series: memory, event loop lag.
  expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
});

it("a visitor's journey moves the series an operator watches", async () => {
  const before = await scrape();
  const payload = simulationPayload(loadGoldenSituations()[0]!);

  // A complete save starts its computation in the background (docs/architecture.md).
  const created = await fetch(`${server.baseUrl}/api/simulation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  expect(created.status, server.output()).toBe(200);
  const { _id: id, token } = (await created.json()) as { _id: string; token: string };
  await waitFor("the background computation to end", async () => {
    const text = await scrape();
    return sample(text, "simulateur_background_computations_total", { outcome: "done" }) >
      sample(before, "simulateur_background_computations_total", { outcome: "done" })
      ? true
      : undefined;
  });

  // The results twice: from the process cache both times (the computation ahead stored them).
  for (let time = 0; time < 2; time++) {
    const results = await fetch(`${server.baseUrl}/api/simulation/${id}/results`, {
      headers: bearer(token),
    });
    expect(results.status, server.output()).toBe(200);
  }

  // An SMS recap delivered, one the provider refuses.
  for (const phone of [DELIVERED, "+33698765432"]) {
    const recap = await fetch(`${server.baseUrl}/api/simulation/${id}/followup`, {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(token) },
      body: JSON.stringify({ phone, surveyOptin: false }),
    });
    expect(recap.status, server.output()).toBe(200);
  }

  // Writes past the limit of this address: one refusal.
  let refused = 0;
  for (let write = 1; write < WRITES_PER_MINUTE + 1; write++) {
    const response = await fetch(`${server.baseUrl}/api/simulation`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    if (response.status === 429) refused++;
  }
  expect(refused).toBe(1);

  const after = await scrape();
  const moved = (name: string, labels: Record<string, string> = {}) =>
    sample(after, name, labels) - sample(before, name, labels);

  // Latency by route pattern: the ids never become labels (bounded cardinality).
  expect(
    moved("simulateur_http_request_duration_seconds_count", {
      route: "/api/simulation/:id/results",
      method: "GET",
      status_code: "200",
    }),
  ).toBe(2);
  expect(
    moved("simulateur_http_request_duration_seconds_count", {
      route: "/api/simulation",
      status_code: "429",
    }),
  ).toBe(1);
  expect(after).not.toContain(id);

  // The engine: one computation, alone in its /calculate, after a wait in the background lane.
  expect(moved("simulateur_engine_batch_size_count")).toBeGreaterThanOrEqual(1);
  expect(
    moved("simulateur_engine_queue_wait_seconds_count", { lane: "background" }),
  ).toBeGreaterThanOrEqual(1);
  expect(after).toMatch(/^simulateur_engine_queue_depth\{lane="visitor"\} 0$/m);

  // Caches: the background computation missed both, the visitor's reads hit this process's.
  expect(
    moved("simulateur_engine_cache_lookups_total", { cache: "process", result: "miss" }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    moved("simulateur_engine_cache_lookups_total", { cache: "redis", result: "miss" }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    moved("simulateur_engine_cache_lookups_total", { cache: "process", result: "hit" }),
  ).toBeGreaterThanOrEqual(2);
  for (const cache of ["process", "redis"]) {
    expect(sample(after, "simulateur_engine_cache_entries", { cache })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "simulateur_engine_cache_bytes", { cache })).toBeGreaterThan(1_000);
  }

  expect(
    moved("simulateur_background_computations_total", { outcome: "started" }),
  ).toBeGreaterThanOrEqual(1);
  expect(moved("simulateur_rate_limit_refusals_total", { limit: "ip-writes" })).toBe(1);
  expect(moved("simulateur_recap_sends_total", { channel: "sms", outcome: "ok" })).toBe(1);
  expect(moved("simulateur_recap_sends_total", { channel: "sms", outcome: "failed" })).toBe(1);
});
