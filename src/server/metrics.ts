/**
 * Prometheus metrics of one instance (docs/deploy.md "Metrics"): the series, and the one-line
 * hooks the modules call to move them. One registry per process, as prom-client's own default:
 * the modules count into it whether or not it is served (`metrics-server.ts`, `METRICS_PORT`);
 * an increment costs well under a microsecond.
 *
 * Every label takes a bounded set of values: route patterns (never a raw URL), status codes, the
 * names of the limits and lanes written in the code.
 */
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();

const PREFIX = "simulateur_";

/** Seconds: from a cached answer (a few ms) to the engine's queue timeout and client timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const requestDuration = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: "Time to answer a request, by route pattern, method and status code.",
  labelNames: ["method", "route", "status_code"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

/** The label of requests no route matched (404s, the single-page app's fallback). */
export const UNMATCHED_ROUTE = "(unmatched)";

/** Times every request the app answers, by its route's pattern (`/api/simulation/:id`). */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

// ── Engine ─────────────────────────────────────────────────────────────────────────────────

/** A computation's lane in the batcher: a visitor waits for it, or it is computed ahead. */
export type Lane = "visitor" | "background";

/** What the gauges read from the batcher (`src/server/compute/batch.ts`). */
export interface EngineQueueSource {
  readonly queued: number;
  readonly backgroundQueued: number;
  readonly inFlight: number;
}

/**
 * The sources of the gauges, held weakly: tests build many apps in one process, and a gauge adds
 * up the live ones (one per process in production).
 */
class Sources<T extends object> {
  readonly #refs = new Set<WeakRef<T>>();

  add(source: T): void {
    this.#refs.add(new WeakRef(source));
  }

  /** The live sources, most recently added last. */
  live(): T[] {
    const found: T[] = [];
    for (const ref of this.#refs) {
      const source = ref.deref();
      if (source) found.push(source);
      else this.#refs.delete(ref);
    }
    return found;
  }

  sum(read: (source: T) => number | undefined): number | undefined {
    const values = this.live()
      .map(read)
      .filter((value): value is number => value !== undefined);
    return values.length === 0 ? undefined : values.reduce((total, value) => total + value, 0);
  }
}

const engineQueues = new Sources<EngineQueueSource>();

/** The batcher whose queue the gauges show. */
export function watchEngineQueue(batcher: EngineQueueSource): void {
  engineQueues.add(batcher);
}

new Gauge({
  name: `${PREFIX}engine_queue_depth`,
  help: "Computations waiting for an engine worker, by lane (visitor, background).",
  labelNames: ["lane"] as const,
  registers: [registry],
  collect() {
    this.set({ lane: "visitor" }, engineQueues.sum((queue) => queue.queued) ?? 0);
    this.set({ lane: "background" }, engineQueues.sum((queue) => queue.backgroundQueued) ?? 0);
  },
});

new Gauge({
  name: `${PREFIX}engine_in_flight`,
  help: "Households being computed by the engine (sent, not yet answered).",
  registers: [registry],
  collect() {
    this.set(engineQueues.sum((queue) => queue.inFlight) ?? 0);
  },
});

const queueWait = new Histogram({
  name: `${PREFIX}engine_queue_wait_seconds`,
  help: "Time a computation waited for an engine worker: until sent, or until its queue timeout.",
  labelNames: ["lane"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

/** When each computation waiting in the batcher was queued (`performance.now()`). */
const queuedAt = new WeakMap<object, number>();

/** A computation enters the batcher's queue. */
export function markQueued(computation: object): void {
  queuedAt.set(computation, performance.now());
}

/** A computation leaves the queue: sent, or timed out. */
export function observeQueueWait(lane: Lane, computation: object): void {
  const since = queuedAt.get(computation);
  if (since === undefined) return;
  queuedAt.delete(computation);
  queueWait.observe({ lane }, Math.max(0, performance.now() - since) / 1000);
}

const batchSize = new Histogram({
  name: `${PREFIX}engine_batch_size`,
  help: "Households per engine /calculate request (1: sent alone).",
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
  registers: [registry],
});

/** One `/calculate` leaves with `size` households. */
export function observeBatchSize(size: number): void {
  batchSize.observe(size);
}

const busyRefusals = new Counter({
  name: `${PREFIX}engine_busy_refusals_total`,
  help: "Computations refused by the engine queue: queue-full, queue-timeout (both a 503 for a visitor), background-full.",
  labelNames: ["reason"] as const,
  registers: [registry],
});

interface CalculatorLike<Request, Response, Options> {
  calculate(request: Request, options?: Options): Promise<Response>;
  promote?(request: Request): void;
}

for (const reason of ["queue-full", "queue-timeout", "background-full"])
  busyRefusals.inc({ reason }, 0);

/** The same calculator, counting the refusals of a busy engine (`EngineBusyError`) by reason. */
export function countBusyRefusals<Request, Response, Options>(
  inner: CalculatorLike<Request, Response, Options>,
): CalculatorLike<Request, Response, Options> {
  return {
    async calculate(request, options) {
      try {
        return await inner.calculate(request, options);
      } catch (error) {
        if (error instanceof Error && error.name === "EngineBusyError") {
          busyRefusals.inc({ reason: String((error as { reason?: unknown }).reason) });
        }
        throw error;
      }
    },
    ...(inner.promote ? { promote: (request: Request) => inner.promote?.(request) } : {}),
  };
}

const engineRestarts = new Counter({
  name: `${PREFIX}engine_restarts_total`,
  help: "Times the engine this instance started exited unexpectedly and was restarted.",
  registers: [registry],
});

/** The supervisor restarts an engine that exited. */
export function countEngineRestart(): void {
  engineRestarts.inc();
}

const engines = new Sources<{ readonly status: string }>();

/** The engine (supervisor) whose state `engine_ready` shows. */
export function watchEngine(engine: { readonly status: string }): void {
  engines.add(engine);
}

new Gauge({
  name: `${PREFIX}engine_ready`,
  help: "1 while the engine can compute (status ready), 0 otherwise.",
  registers: [registry],
  collect() {
    const engine = engines.live().at(-1);
    this.set(engine?.status === "ready" ? 1 : 0);
  },
});

// ── Caches ─────────────────────────────────────────────────────────────────────────────────

/** `process`: this instance's memory; `redis`: the results shared by every instance. */
export type CacheName = "process" | "redis";

const cacheLookups = new Counter({
  name: `${PREFIX}engine_cache_lookups_total`,
  help: "Engine result lookups by cache and result: process hit (kept here), joined (the same request being computed here), miss; redis hit (stored, or computed by another instance meanwhile), miss (computed here).",
  labelNames: ["cache", "result"] as const,
  registers: [registry],
});

for (const result of ["hit", "joined", "miss"]) cacheLookups.inc({ cache: "process", result }, 0);
for (const result of ["hit", "miss"]) cacheLookups.inc({ cache: "redis", result }, 0);

/** One lookup of an engine result in `cache`. */
export function countCacheLookup(cache: CacheName, result: "hit" | "joined" | "miss"): void {
  cacheLookups.inc({ cache, result });
}

/** What a cache says of its size; `maxBytes` when it is bounded in bytes. */
export interface CacheUsage {
  entries: number;
  bytes?: number | undefined;
  maxBytes?: number | undefined;
}

const processCaches = new Sources<{ readonly size: number; readonly bytes?: number }>();
/** Read at each scrape (a Redis round trip): the last answer, or none while Redis is down. */
let redisUsage: (() => Promise<CacheUsage | undefined>) | undefined;

/** This instance's cache of engine results. */
export function watchProcessCache(cache: { readonly size: number; readonly bytes?: number }): void {
  processCaches.add(cache);
}

/** The results shared in Redis (`src/server/shared/usage.ts`). */
export function watchRedisCache(usage: () => Promise<CacheUsage | undefined>): void {
  redisUsage = usage;
}

async function cacheUsages(): Promise<Map<CacheName, CacheUsage>> {
  const usages = new Map<CacheName, CacheUsage>();
  const entries = processCaches.sum((cache) => cache.size);
  if (entries !== undefined) {
    usages.set("process", { entries, bytes: processCaches.sum((cache) => cache.bytes) });
  }
  const redis = await redisUsage?.().catch(() => undefined);
  if (redis) usages.set("redis", redis);
  return usages;
}

new Gauge({
  name: `${PREFIX}engine_cache_entries`,
  help: "Engine results kept, by cache (process, redis).",
  labelNames: ["cache"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [cache, usage] of await cacheUsages()) this.set({ cache }, usage.entries);
  },
});

new Gauge({
  name: `${PREFIX}engine_cache_bytes`,
  help: "Bytes held by a cache: process, the JSON text of the results kept; redis, the server's used_memory.",
  labelNames: ["cache"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [cache, usage] of await cacheUsages()) {
      if (usage.bytes !== undefined) this.set({ cache }, usage.bytes);
    }
  },
});

new Gauge({
  name: `${PREFIX}engine_cache_max_bytes`,
  help: "The bound of a cache in bytes, when it has one (redis: its maxmemory, when set).",
  labelNames: ["cache"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [cache, usage] of await cacheUsages()) {
      if (usage.maxBytes) this.set({ cache }, usage.maxBytes);
    }
  },
});

// ── Background computations (docs/architecture.md "Compute ahead") ─────────────────────────

export type BackgroundOutcome = "started" | "done" | "not_ready" | "dropped" | "failed";

const background = new Counter({
  name: `${PREFIX}background_computations_total`,
  help: "Computations ahead of a visitor's click: started, then done, not_ready (answers incomplete), dropped (a newer save, a full or timed-out lane) or failed; skipped: saves that started none.",
  labelNames: ["outcome"] as const,
  registers: [registry],
  collect() {
    // Skipped saves are counted by `ComputeAhead` itself: its count, added up, is monotonic.
    const skipped = aheads.sum((ahead) => ahead.stats.skipped) ?? 0;
    this.inc({ outcome: "skipped" }, Math.max(0, skipped - skippedShown));
    skippedShown = Math.max(skippedShown, skipped);
  },
});
let skippedShown = 0;
for (const outcome of ["started", "done", "not_ready", "dropped", "failed"]) {
  background.inc({ outcome }, 0);
}

const aheads = new Sources<{ readonly tracked: number; readonly stats: { skipped: number } }>();

/** `ComputeAhead`: its skipped saves and the computations it tracks. */
export function watchComputeAhead(ahead: {
  readonly tracked: number;
  readonly stats: { skipped: number };
}): void {
  aheads.add(ahead);
}

new Gauge({
  name: `${PREFIX}background_computations_tracked`,
  help: "Computations ahead of a click scheduled or running.",
  registers: [registry],
  collect() {
    this.set(aheads.sum((ahead) => ahead.tracked) ?? 0);
  },
});

/**
 * A computation ahead (`SimulationComputer.computeAhead`: false when the answers are not ready
 * for it), counted by outcome. Dropped: `ComputationDroppedError` or `EngineBusyError`.
 */
export function countBackground<Args extends unknown[]>(
  run: (...args: Args) => Promise<boolean>,
): (...args: Args) => Promise<boolean> {
  return async (...args) => {
    background.inc({ outcome: "started" });
    try {
      const ready = await run(...args);
      background.inc({ outcome: ready ? "done" : "not_ready" });
      return ready;
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      const dropped = name === "ComputationDroppedError" || name === "EngineBusyError";
      background.inc({ outcome: dropped ? "dropped" : "failed" });
      throw error;
    }
  };
}

// ── Limits and recaps ──────────────────────────────────────────────────────────────────────

const limitRefusals = new Counter({
  name: `${PREFIX}rate_limit_refusals_total`,
  help: "Requests refused by a rate limit (a 429, or a results page left to the browser), by limit name.",
  labelNames: ["limit"] as const,
  registers: [registry],
});

type TakeResult = { ok: true } | { ok: false; retryAfterS: number };
type LimiterFactory = (
  name: string,
  options: never,
) => { take(...keys: never[]): TakeResult | Promise<TakeResult> };

/**
 * The same limiters (`RateLimiterFactory`, or the statistics' `EventQuotaFactory`), each refusal
 * counted under the limiter's name.
 */
export function countRefusals<Factory extends LimiterFactory>(factory: Factory): Factory {
  const counting = (name: string, options: never) => {
    const limiter = factory(name, options);
    // Shown at 0 from the start: an alert on its rate needs the series.
    limitRefusals.inc({ limit: name }, 0);
    const counted = (taken: TakeResult) => {
      if (!taken.ok) limitRefusals.inc({ limit: name });
      return taken;
    };
    return {
      take(...keys: never[]) {
        const taken = limiter.take(...keys);
        return taken instanceof Promise ? taken.then(counted) : counted(taken);
      },
    };
  };
  return counting as Factory;
}

const recapSends = new Counter({
  name: `${PREFIX}recap_sends_total`,
  help: "Recaps sent, by channel (email, sms) and outcome (ok, failed).",
  labelNames: ["channel", "outcome"] as const,
  registers: [registry],
});

for (const channel of ["email", "sms"]) {
  for (const outcome of ["ok", "failed"]) recapSends.inc({ channel, outcome }, 0);
}

/** A recap sender (`Mailer`, `SmsSender`), each send counted by outcome. */
export function countSends<Sender extends { send(...args: never[]): Promise<void> }>(
  channel: "email" | "sms",
  sender: Sender,
): Sender {
  const send = sender.send.bind(sender) as (...args: unknown[]) => Promise<void>;
  return {
    ...sender,
    async send(...args: unknown[]) {
      try {
        await send(...args);
        recapSends.inc({ channel, outcome: "ok" });
      } catch (error) {
        recapSends.inc({ channel, outcome: "failed" });
        throw error;
      }
    },
  } as Sender;
}
