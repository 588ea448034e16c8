/**
 * `npm run bench`'s two-instance section (issue 19 §5): visitors served per second by one
 * instance and by two (separate processes of the built server over one PostgreSQL, one Redis and
 * one engine pool, as docs/deploy.md describes), in the same run. Each visitor saves a simulation
 * and reads its results; `BENCH_INSTANCE_VISITORS` visitors (default 200) arrive at once,
 * `BENCH_INSTANCE_SITUATIONS` distinct situations among them (default 50). Printed, never asserted.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Answer } from "../src/domain";
import { student, VALUE_DATE } from "../tests/fixtures/situations";
import {
  createServerDatabase,
  startChildServer,
  type ChildServer,
} from "../tests/integration/helpers/child-server";
import { deleteKeys, testRedisPrefix } from "../tests/integration/helpers/redis";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const VISITORS = Number(process.env.BENCH_INSTANCE_VISITORS ?? 200);
const SITUATIONS = Number(process.env.BENCH_INSTANCE_SITUATIONS ?? 50);

export interface InstanceFigures {
  instances: number;
  visitors: number;
  ok: number;
  seconds: number;
  /** Time to results per visitor, milliseconds. */
  latencies: number[];
}

function answersFor(rent: number): Answer[] {
  return student.map((answer) =>
    answer.fieldName === "loyer" ? { ...answer, value: rent } : answer,
  );
}

async function visit(
  server: ChildServer,
  index: number,
  rentBase: number,
): Promise<number | undefined> {
  const started = performance.now();
  const headers = {
    "content-type": "application/json",
    "x-forwarded-for": `198.18.${index >> 8}.${index & 255}`,
  };
  const answers = answersFor(rentBase + (index % SITUATIONS));
  const saved = await fetch(`${server.baseUrl}/api/simulation`, {
    method: "POST",
    headers,
    body: JSON.stringify({ answers: { all: answers, current: answers }, dateDeValeur: VALUE_DATE }),
  });
  if (saved.status !== 200) return undefined;
  const { _id, token } = (await saved.json()) as { _id: string; token: string };
  const results = await fetch(`${server.baseUrl}/api/simulation/${_id}/results`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  await results.arrayBuffer();
  return results.status === 200 ? performance.now() - started : undefined;
}

async function rush(servers: ChildServer[], rentBase: number): Promise<InstanceFigures> {
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: VISITORS }, (_, index) =>
      visit(servers[index % servers.length]!, index, rentBase),
    ),
  );
  const latencies = outcomes.filter((value): value is number => value !== undefined);
  return {
    instances: servers.length,
    visitors: VISITORS,
    ok: latencies.length,
    seconds: (performance.now() - started) / 1000,
    latencies,
  };
}

/**
 * One instance, then two, over the engine at `engineUrl` (its workers shared by both: the pool
 * docs/deploy.md puts beside each K instances). Each rush uses its own rents: nothing cached.
 */
export async function benchInstances(
  engineUrl: string,
  redisUrl: string,
): Promise<InstanceFigures[]> {
  execFileSync("npm", ["run", "-s", "build:server"], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (!process.env.TEST_DATABASE_URL)
    process.env.TEST_DATABASE_URL = execFileSync("bash", ["scripts/ensure-postgres.sh"], {
      cwd: repoRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }).trim();
  const prefix = testRedisPrefix("bench-instances");
  const database = await createServerDatabase("bench_instances");
  const env = {
    ENGINE_URL: engineUrl,
    ENGINE_QUEUE_TIMEOUT_MS: "60000",
    ENGINE_CLIENT_TIMEOUT_MS: "55000",
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    TRUST_PROXY: "true",
    WRITES_PER_MINUTE_PER_IP: "0",
    COMPUTATIONS_PER_MINUTE_PER_IP: "0",
  };
  const servers: ChildServer[] = [];
  try {
    servers.push(
      ...(await Promise.all([1, 2].map(() => startChildServer({ database, built: true, env })))),
    );
    const one = await rush(servers.slice(0, 1), 1_000);
    const two = await rush(servers, 2_000);
    return [one, two];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.remove();
    await deleteKeys(redisUrl, prefix);
  }
}
