/**
 * `npm run bench`: prints figures, asserts nothing.
 * - results latency (POST /api/simulation + GET results) for the reference student, warm engine;
 * - time to compute the journey and the next step from the student's answers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { buildJourney, nextStep } from "../src/domain";
import { buildSimulatorApp, loadBundle } from "../src/server/compose";
import { createEngineSupervisor } from "../src/server/engine";
import { migrateToLatest, openSqliteDatabase } from "../src/server/storage";
import { student, VALUE_DATE } from "../tests/fixtures/situations";
import { freePort, quietLogger } from "../tests/integration/helpers/engine";

const RESULT_RUNS = Number(process.env.BENCH_RUNS ?? 40);
const STEP_RUNS = 2000;

const bundle = loadBundle();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function summary(label: string, samples: number[], unit: "ms" | "µs"): string {
  const sorted = [...samples].sort((x, y) => x - y);
  const scale = unit === "µs" ? 1000 : 1;
  const fmt = (v: number) => (v * scale).toFixed(unit === "µs" ? 0 : 1);
  return `${label.padEnd(36)} p50 ${fmt(percentile(sorted, 50))} ${unit}   p95 ${fmt(percentile(sorted, 95))} ${unit}   (n=${samples.length})`;
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

async function benchResults(): Promise<number[]> {
  const engine = createEngineSupervisor({
    port: await freePort(),
    workers: cpus().length,
    logger: quietLogger(),
  });
  const dir = mkdtempSync(join(tmpdir(), "bench-"));
  const database = openSqliteDatabase(join(dir, "bench.sqlite"));
  try {
    const bootStart = performance.now();
    await engine.start();
    await engine.waitUntilReady(300_000);
    console.log(
      `engine ready (boot + warm-up)             ${((performance.now() - bootStart) / 1000).toFixed(1)} s`,
    );
    await migrateToLatest(database.db);
    const app = buildSimulatorApp({ bundle, db: database.db, engine, logger: false });
    const payload = { answers: { all: student, current: student }, dateDeValeur: VALUE_DATE };
    const samples: number[] = [];
    for (let i = 0; i < RESULT_RUNS + 3; i++) {
      const start = performance.now();
      const created = await app.inject({ method: "POST", url: "/api/simulation", payload });
      const { _id, token } = created.json<{ _id: string; token: string }>();
      const results = await app.inject({
        method: "GET",
        url: `/api/simulation/${_id}/results`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (results.statusCode !== 200)
        throw new Error(`results answered ${results.statusCode}: ${results.body}`);
      if (i >= 3) samples.push(performance.now() - start); // the first runs warm every worker
    }
    await app.close();
    return samples;
  } finally {
    await database.close();
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`bench on ${cpus().length} cores, Node ${process.version}`);
console.log(summary("next step (journey + nextStep)", benchNextStep(), "µs"));
console.log(summary("student results (save + compute)", await benchResults(), "ms"));
