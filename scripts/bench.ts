/**
 * `npm run bench`: prints figures, asserts nothing (a missed target is printed, never fatal).
 * Starts the real engine (one worker per core) and the real app (SQLite in a temp dir), then:
 * - next-step computation time from the reference student's answers;
 * - results latency (POST /api/simulation + GET results) for 5 reference golden situations: the
 *   first request after boot, first computations (cache misses) and repeated requests (cache
 *   hits), reported separately; the engine's own `/calculate` time of the first computations
 *   (cold engine: a new simulation, no cache of ours);
 * - throughput: 50 distinct situations at once through the app (pre-filter, cache, batching);
 * - naive: the same 50 situations, one plain `/calculate` each straight to the engine with every
 *   catalogue benefit as output (no pre-filter, no cache, no batching), all at once;
 * - the ratio between the two throughputs;
 * - local aids (conditions evaluated) and bike aids (@betagouv/aides-velo), per simulation;
 * - Redis round trips through the shared state, and the perceived results latency in Chromium
 *   before and after compute ahead (scripts/bench-perceived.ts; BENCH_PERCEIVED=0 skips it).
 * Environment: BENCH_RUNS (repeated requests per reference situation, default 20),
 * BENCH_MISSES (first computations per reference situation, default 8), BENCH_CONCURRENT
 * (default 50), ENGINE_WORKERS (default the number of cores).
 */
import { percentile } from "./bench-stats";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";
import {
  buildEngineRequest,
  buildJourney,
  buildSituation,
  eligibilityFacts,
  eligibleAids,
  nextStep,
  pruneAnswers,
  selectEngineBenefits,
  type Bundle,
  type EngineRequest,
  type SimulationInput,
} from "../src/domain";
import { createBikeAidsCalculator } from "../src/server/bikes";
import {
  buildSimulatorApp,
  loadBundle,
  loadCatalogue,
  type SimulatorParts,
} from "../src/server/compose";
import {
  createEngineClient,
  createEngineSupervisor,
  type CalculateRequest,
  type EngineClient,
  type EngineSupervisor,
} from "../src/server/engine";
import { migrateToLatest, openSqliteDatabase } from "../src/server/storage";
import { montpellier, student, VALUE_DATE } from "../tests/fixtures/situations";
import {
  loadGoldenSituations,
  resultsThroughApi,
  simulationPayload,
  type GoldenSituation,
} from "../tests/golden/golden";
import { freePort, quietLogger } from "../tests/integration/helpers/engine";
import {
  WRITE_TARGETS,
  benchPostgresWrites,
  benchSqliteWrites,
  postgresServerUrl,
  type WriteFigures,
} from "./bench-writes";
import { benchInstances } from "./bench-instances";
import { benchPerceived, printPerceived } from "./bench-perceived";
import { benchRedis } from "./bench-redis";

const REPEATED_RUNS = Number(process.env.BENCH_RUNS ?? 20);
const MISSES_PER_SITUATION = Number(process.env.BENCH_MISSES ?? 8);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 50);
const WORKERS = Number(process.env.ENGINE_WORKERS) || availableParallelism();
const STEP_RUNS = 2000;
/** Golden situations timed one by one: a student, a worker, a parent, Paris, a job seeker. */
const REFERENCE_SITUATIONS = [
  "etudiante-boursiere-lyon-loin-des-parents",
  "jeune-salarie-smic-rennes",
  "mere-isolee-avec-bebe-lille",
  "jeune-salariee-paris",
  "demandeur-emploi-sans-indemnite-22-ans",
];
/** Our timeout for the naive requests: they queue behind each other in the engine. */
const NAIVE_TIMEOUT_MS = 15 * 60_000;

const TARGETS = {
  p50Ms: 250,
  p95Ms: 600,
  /** The engine's own cold computation (issue 19 §2, docs/adr/0008-cold-computation.md). */
  engineP50Ms: 300,
  engineP95Ms: 600,
  resultsPerSecond: 25,
  ratio: 10,
};

const bundle = loadBundle();

/**
 * A situation made distinct from every other variant (so the cache cannot answer it) by the
 * amount on a livret A, which the engine receives as an input and barely affects the results.
 */
function variant(situation: GoldenSituation, key: number): SimulationInput {
  const payload = simulationPayload(situation);
  return {
    ...payload,
    patrimoine: { ...payload.patrimoine, livret_a: (payload.patrimoine?.livret_a ?? 0) + key },
  };
}

function byName(situations: readonly GoldenSituation[], name: string): GoldenSituation {
  const found = situations.find((s) => s.name === name);
  if (!found) throw new Error(`golden situation ${name} not found in tests/golden`);
  return found;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

function benchNextStep(): number[] {
  const path = "/simulation/menage/depcom";
  const samples: number[] = [];
  for (let i = 0; i < STEP_RUNS; i++) {
    const start = performance.now();
    nextStep(buildJourney(bundle, student, { dateDeValeur: VALUE_DATE }), path);
    samples.push(performance.now() - start);
  }
  return samples;
}

/** Local aids (json-logic over the eligibility operators) and bike aids, for a student in Montpellier. */
function benchLocalAids(): { aids: number[]; bikes: number[]; aidCount: number; granted: number } {
  const catalogue = loadCatalogue();
  const answers = student.map((answer) =>
    answer.fieldName === "depcom" ? { ...answer, value: montpellier } : answer,
  );
  answers.push({
    entityName: "individu",
    id: "demandeur",
    fieldName: "_interetsAidesVelo",
    value: ["velo_electrique", "velo_cargo"],
  });
  const situation = buildSituation(bundle, answers, VALUE_DATE);
  const engineFacts = { boursier: true, rfr: 30_000, nbptr: 3, rsa: 0 };
  const aids: number[] = [];
  let granted = 0;
  for (let i = 0; i < 500; i++) {
    const start = performance.now();
    const facts = eligibilityFacts(bundle, catalogue, answers, situation, engineFacts, {
      dateDeValeur: VALUE_DATE,
    });
    granted = eligibleAids(bundle, catalogue, facts).length;
    aids.push(performance.now() - start);
  }
  const bikeAids = createBikeAidsCalculator(bundle, catalogue);
  const facts = eligibilityFacts(bundle, catalogue, answers, situation, engineFacts, {
    dateDeValeur: VALUE_DATE,
  });
  bikeAids(facts); // loads the package's rules once
  const bikes: number[] = [];
  for (let i = 0; i < 30; i++) {
    const start = performance.now();
    bikeAids(facts);
    bikes.push(performance.now() - start);
  }
  return { aids, bikes, aidCount: catalogue.aids.length, granted };
}

/** The supervisor as the app sees it, counting the `/calculate` calls that reach the engine. */
function countingEngine(engine: EngineSupervisor): {
  parts: SimulatorParts["engine"];
  calls: () => number;
  /** Duration of each `/calculate` call, in order. */
  durations: number[];
} {
  let calls = 0;
  const durations: number[] = [];
  const client = new Proxy(engine.client, {
    get(target, property, receiver) {
      if (property === "calculate") {
        return async (...args: Parameters<EngineClient["calculate"]>) => {
          calls++;
          const start = performance.now();
          try {
            return await target.calculate(...args);
          } finally {
            durations.push(performance.now() - start);
          }
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    parts: {
      get status() {
        return engine.status;
      },
      client,
      workers: engine.workers,
      onStatus: (listener) => engine.onStatus(listener),
    },
    calls: () => calls,
    durations,
  };
}

/** Keeps only the variables the engine knows (role lists are kept). */
function withKnownVariables(request: EngineRequest, known: ReadonlySet<string>): CalculateRequest {
  const filtered: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [plural, instances] of Object.entries(request)) {
    filtered[plural] = Object.fromEntries(
      Object.entries(instances as Record<string, Record<string, unknown>>).map(([id, values]) => [
        id,
        Object.fromEntries(
          Object.entries(values).filter(([key, value]) => Array.isArray(value) || known.has(key)),
        ),
      ]),
    );
  }
  return filtered as unknown as CalculateRequest;
}

/**
 * The request a naive server would send for a visitor: the same situation, with every catalogue
 * benefit the engine knows as an output.
 */
function naiveRequest(
  bundleRef: Bundle,
  payload: SimulationInput,
  parameters: Record<string, number>,
  known: ReadonlySet<string>,
): { request: CalculateRequest; outputs: number } {
  const journey = { dateDeValeur: payload.dateDeValeur, parameters };
  const answers = pruneAnswers(bundleRef, payload.answers.all, journey);
  const situation = buildSituation(bundleRef, answers, payload.dateDeValeur, {
    ...(payload.ressourcesFiscales ? { ressourcesFiscales: payload.ressourcesFiscales } : {}),
    ...(payload.patrimoine ? { patrimoine: payload.patrimoine } : {}),
  });
  const missingVariables = new Set(
    bundleRef.benefits.map((b) => b.engine.variable).filter((v) => !known.has(v)),
  );
  const { request, outputs } = buildEngineRequest(bundleRef, situation, {
    benefits: bundleRef.benefits,
    missingVariables,
  });
  return { request: withKnownVariables(request, known), outputs: outputs.length };
}

interface Figures {
  bootS: number;
  firstMs: number;
  misses: number[];
  /** Time spent in `/calculate` by the cache misses. */
  missEngineMs: number[];
  /** Load averages (1, 5, 15 min) right after the cache misses. */
  missLoad: number[];
  hits: number[];
  concurrent: { seconds: number; ok: number; calls: number };
  naive: { seconds: number; ok: number; outputs: number };
  prefiltered: number;
}

async function benchResults(): Promise<Figures> {
  const situations = loadGoldenSituations();
  const references = REFERENCE_SITUATIONS.map((name) => byName(situations, name));
  const engine = createEngineSupervisor({
    port: await freePort(),
    workers: WORKERS,
    logger: quietLogger(),
  });
  const dir = mkdtempSync(join(tmpdir(), "bench-"));
  const database = openSqliteDatabase(join(dir, "bench.sqlite"));
  let app: FastifyInstance | undefined;
  try {
    const boot = await timed(async () => {
      await engine.start();
      await engine.waitUntilReady(300_000);
    });
    await migrateToLatest(database.db);
    const counted = countingEngine(engine);
    app = buildSimulatorApp({
      bundle,
      db: database.db,
      engine: counted.parts,
      logger: false,
      // One address asks for every computation of the bench: no per-address limit.
      ipLimits: { writesPerMinute: 0, computationsPerMinute: 0 },
      // As the server does (src/server/main.ts).
      warmUp: true,
    });
    const server = app;
    const run = (payload: SimulationInput) => resultsThroughApi(server, payload);

    // The very first results after boot: lazy loads (parameters, engine variables…) included.
    const first = await timed(() => run(simulationPayload(references[0]!)));

    // First computations: each request is a situation the cache has never seen.
    const misses: number[] = [];
    const engineCallsBefore = counted.durations.length;
    for (let k = 1; k <= MISSES_PER_SITUATION; k++) {
      for (const reference of references) {
        misses.push((await timed(() => run(variant(reference, k)))).ms);
      }
    }

    const missEngineMs = counted.durations.slice(engineCallsBefore);
    // Other processes on the machine weigh on those figures: printed beside them.
    const missLoad = loadavg();

    // Repeated requests: the same answers again (cache hits once computed).
    const hits: number[] = [];
    for (const reference of references) await run(simulationPayload(reference));
    for (let i = 0; i < REPEATED_RUNS; i++) {
      for (const reference of references) {
        hits.push((await timed(() => run(simulationPayload(reference)))).ms);
      }
    }

    // Throughput: distinct situations at once, none seen before.
    const payloads = Array.from({ length: CONCURRENT }, (_, i) =>
      variant(situations[i % situations.length]!, 1000 + i),
    );
    const callsBefore = counted.calls();
    const concurrent = await timed(() =>
      Promise.allSettled(payloads.map((payload) => run(payload))),
    );
    const concurrentOk = concurrent.value.filter((r) => r.status === "fulfilled").length;
    for (const failure of concurrent.value) {
      if (failure.status === "rejected") console.warn(`concurrent: ${String(failure.reason)}`);
    }
    const calls = counted.calls() - callsBefore;

    // Naive: one full /calculate per visitor, straight to the engine, all at once.
    const parameters = (
      await server.inject({ url: `/api/openfisca/parameters/${payloads[0]!.dateDeValeur}` })
    ).json<{ parameters: Record<string, number> }>().parameters;
    const known = new Set(Object.keys(await engine.client.variables()));
    const naiveClient = createEngineClient({
      baseUrl: engine.baseUrl,
      timeoutMs: NAIVE_TIMEOUT_MS,
    });
    const prefiltered =
      payloads.reduce((sum, payload) => {
        const journey = { dateDeValeur: payload.dateDeValeur, parameters };
        const answers = pruneAnswers(bundle, payload.answers.all, journey);
        return sum + selectEngineBenefits(bundle, answers, journey).length;
      }, 0) / payloads.length;
    const requests = payloads.map((payload) => naiveRequest(bundle, payload, parameters, known));
    const naive = await timed(() =>
      Promise.allSettled(requests.map(({ request }) => naiveClient.calculate(request))),
    );
    const naiveOk = naive.value.filter((r) => r.status === "fulfilled").length;
    for (const failure of naive.value) {
      if (failure.status === "rejected") console.warn(`naive: ${String(failure.reason)}`);
    }

    return {
      bootS: boot.ms / 1000,
      firstMs: first.ms,
      misses,
      missEngineMs,
      missLoad,
      hits,
      concurrent: { seconds: concurrent.ms / 1000, ok: concurrentOk, calls },
      naive: {
        seconds: naive.ms / 1000,
        ok: naiveOk,
        outputs: requests.reduce((sum, r) => sum + r.outputs, 0) / requests.length,
      },
      prefiltered,
    };
  } finally {
    await app?.close();
    await database.close();
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function row(label: string, figure: string, target = "", verdict = "", note = ""): string {
  return `${label.padEnd(46)} ${figure.padStart(12)}  ${target.padEnd(10)} ${verdict.padEnd(6)} ${note}`.trimEnd();
}

const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");
const ms = (value: number) => `${value.toFixed(0)} ms`;

console.log(
  `bench on ${cpus().length} cores (${WORKERS} engine workers), Node ${process.version}, ` +
    `${bundle.benefits.length} catalogue benefits`,
);
const steps = benchNextStep();
const local = benchLocalAids();
console.log("starting the engine and the app…");
const f = await benchResults();

const missP50 = percentile(f.misses, 50);
const missP95 = percentile(f.misses, 95);
const optimisedRate = f.concurrent.ok / f.concurrent.seconds;
const naiveRate = f.naive.ok / f.naive.seconds;
const ratio = optimisedRate / naiveRate;

console.log("");
console.log(row("figure", "measured", "target", "", "notes"));
console.log("-".repeat(100));
console.log(
  row(
    "next step (journey + nextStep), p50",
    `${(percentile(steps, 50) * 1000).toFixed(0)} µs`,
    "",
    "",
    `p95 ${(percentile(steps, 95) * 1000).toFixed(0)} µs, n=${steps.length}`,
  ),
);
console.log(row("engine boot and warm-up", `${f.bootS.toFixed(1)} s`));
console.log(row("results, first request after boot", ms(f.firstMs), "", "", "one sample"));
console.log(
  row(
    "results p50, first computation (cache miss)",
    ms(missP50),
    `≤ ${TARGETS.p50Ms} ms`,
    verdict(missP50 <= TARGETS.p50Ms),
    `n=${f.misses.length} (${REFERENCE_SITUATIONS.length} situations × ${MISSES_PER_SITUATION} variants, one at a time); ` +
      `engine /calculate p50 ${ms(percentile(f.missEngineMs, 50))}`,
  ),
);
console.log(
  row(
    "results p95, first computation (cache miss)",
    ms(missP95),
    `≤ ${TARGETS.p95Ms} ms`,
    verdict(missP95 <= TARGETS.p95Ms),
  ),
);
const engineP50 = percentile(f.missEngineMs, 50);
const engineP95 = percentile(f.missEngineMs, 95);
console.log(
  row(
    "cold engine /calculate p50, first computation",
    ms(engineP50),
    `≤ ${TARGETS.engineP50Ms} ms`,
    verdict(engineP50 <= TARGETS.engineP50Ms),
    `n=${f.missEngineMs.length}, the same cache misses, timed at the engine client`,
  ),
);
console.log(
  row(
    "cold engine /calculate p95, first computation",
    ms(engineP95),
    `≤ ${TARGETS.engineP95Ms} ms`,
    verdict(engineP95 <= TARGETS.engineP95Ms),
    `load average ${f.missLoad.map((load) => load.toFixed(2)).join(" ")} right after`,
  ),
);
console.log(
  row(
    "results p50, repeated request (cache hit)",
    ms(percentile(f.hits, 50)),
    "",
    "",
    `n=${f.hits.length}`,
  ),
);
console.log(row("results p95, repeated request (cache hit)", ms(percentile(f.hits, 95))));
console.log(
  row(
    `local aids, ${local.aidCount} conditions evaluated (p50/p95)`,
    `${percentile(local.aids, 50).toFixed(2)} / ${percentile(local.aids, 95).toFixed(2)} ms`,
    "",
    "",
    `student in Montpellier: ${local.granted} granted`,
  ),
);
console.log(
  row(
    "bike aids, 2 bike types × new/used (p50/p95)",
    `${percentile(local.bikes, 50).toFixed(1)} / ${percentile(local.bikes, 95).toFixed(1)} ms`,
    "",
    "",
    "@betagouv/aides-velo, aids of the commune's territory only",
  ),
);
console.log(
  row(
    `throughput, ${CONCURRENT} distinct situations at once`,
    `${optimisedRate.toFixed(1)} /s`,
    `≥ ${TARGETS.resultsPerSecond} /s`,
    verdict(optimisedRate >= TARGETS.resultsPerSecond),
    `${f.concurrent.ok}/${CONCURRENT} in ${f.concurrent.seconds.toFixed(2)} s, ` +
      `${f.concurrent.calls} /calculate calls, ~${f.prefiltered.toFixed(0)} benefits asked each`,
  ),
);
console.log(
  row(
    `naive, ${CONCURRENT} × one full /calculate`,
    `${naiveRate.toFixed(2)} /s`,
    "",
    "",
    `${f.naive.ok}/${CONCURRENT} in ${f.naive.seconds.toFixed(2)} s, ` +
      `${f.naive.outputs.toFixed(0)} benefits asked each`,
  ),
);
console.log(
  row(
    "ratio optimised / naive",
    `${ratio.toFixed(1)}×`,
    `≥ ${TARGETS.ratio}×`,
    verdict(ratio >= TARGETS.ratio),
  ),
);

// Writes: POST /api/simulation on each database, the server in its own process.
console.log("");
console.log("write throughput (POST /api/simulation, autocannon from this process)…");
const writes: WriteFigures[] = [await benchSqliteWrites()];
const postgres = postgresServerUrl();
if (postgres) writes.push(await benchPostgresWrites(postgres));
else console.log("no PostgreSQL server found or started: PostgreSQL writes not measured");
for (const w of writes) {
  const sqlite = w.database === "SQLite";
  console.log(
    row(
      `${w.database} writes`,
      `${w.requestsPerSecond.toFixed(0)} req/s`,
      sqlite ? `≥ ${WRITE_TARGETS.requestsPerSecond} req/s` : "",
      sqlite ? verdict(w.requestsPerSecond >= WRITE_TARGETS.requestsPerSecond) : "",
      `${w.seconds.toFixed(0)} s, p50 ${w.p50Ms} ms, ${w.errors} errors, ${w.non2xx} non-2xx`,
    ),
  );
  console.log(
    row(
      `${w.database} writes p99`,
      `${w.p99Ms} ms`,
      sqlite ? `≤ ${WRITE_TARGETS.p99Ms} ms` : "",
      sqlite ? verdict(w.p99Ms <= WRITE_TARGETS.p99Ms) : "",
    ),
  );
  console.log(
    row(
      `server RSS under ${w.database} writes (max)`,
      `${w.maxRssMb.toFixed(0)} MB`,
      `≤ ${WRITE_TARGETS.rssMb} MB`,
      verdict(w.maxRssMb <= WRITE_TARGETS.rssMb),
      `idle ${w.idleRssMb.toFixed(0)} MB; built server run by scripts/serve.sh, as npm start does`,
    ),
  );
}

// Shared state (issue 19 §5): what Redis adds to a request, through src/server/shared.
console.log("");
const redis = await benchRedis();
if (!redis)
  console.log("no Redis reachable (REDIS_URL, TEST_REDIS_URL, 127.0.0.1:6379): not measured");
else {
  const p = (samples: number[]) =>
    `${percentile(samples, 50).toFixed(2)} / ${percentile(samples, 95).toFixed(2)} ms`;
  console.log(
    `Redis round trips (${redis.url}), p50 / p95, ${redis.ping.length} each, one at a time:`,
  );
  console.log(row("PING", p(redis.ping)));
  console.log(row("engine cache, miss (GET)", p(redis.cacheMiss)));
  console.log(
    row(
      "engine cache, hit (GET + index update)",
      p(redis.cacheHit),
      "",
      "",
      `${(redis.responseBytes / 1024).toFixed(0)} kB response`,
    ),
  );
  console.log(
    row("computation claim + store (SET NX PX, SET EX, ZADD, PUBLISH)", p(redis.claimAndPut)),
  );
  console.log(row("rate limit, one take (rate-limiter-flexible)", p(redis.limiterTake)));
}

// Two instances, then the perceived latency (issue 19 §1, §5), over an engine of their own.
console.log("");
const tailEngine = createEngineSupervisor({
  port: await freePort(),
  workers: WORKERS,
  logger: quietLogger(),
});
await tailEngine.start();
await tailEngine.waitUntilReady(300_000);
try {
  if (!redis) console.log("no Redis reachable: two-instance throughput not measured");
  else {
    const rushes = await benchInstances(tailEngine.baseUrl, redis.url);
    console.log(
      `instances over one PostgreSQL, one Redis and one engine pool (${WORKERS} workers), ` +
        `${rushes[0]?.visitors} visitors at once (save + results), no cache shared between rushes:`,
    );
    for (const rush of rushes)
      console.log(
        row(
          `${rush.instances} instance${rush.instances > 1 ? "s" : ""}: visitors per second`,
          `${(rush.ok / rush.seconds).toFixed(1)} /s`,
          "",
          "",
          `${rush.ok}/${rush.visitors} answered in ${rush.seconds.toFixed(1)} s, ` +
            `p50 ${ms(percentile(rush.latencies, 50))}, p95 ${ms(percentile(rush.latencies, 95))}`,
        ),
      );
  }
  console.log("");
  if (process.env.BENCH_PERCEIVED === "0") console.log("perceived results latency: skipped");
  else printPerceived(await benchPerceived(tailEngine.baseUrl));
} finally {
  await tailEngine.stop();
}
