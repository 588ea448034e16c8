/**
 * Write throughput of `POST /api/simulation` (issue 8): the real server runs as a child process
 * on a fresh database, autocannon loads it from this process, and the server's resident memory is
 * read from /proc while it works. Run by `npm run bench` for SQLite, and for PostgreSQL when
 * `scripts/ensure-postgres.sh` finds or starts one.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { student, VALUE_DATE } from "../tests/fixtures/situations";
import { onServer } from "../tests/integration/helpers/database";
import { freePort } from "../tests/integration/helpers/free-port";

export const WRITE_TARGETS = { requestsPerSecond: 2000, p99Ms: 25, rssMb: 150 };
const DURATION_S = Number(process.env.BENCH_WRITE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 20);

export interface WriteFigures {
  database: "SQLite" | "PostgreSQL";
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  maxRssMb: number;
  /** Before any request. */
  idleRssMb: number;
  seconds: number;
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/simulation`, { method: "OPTIONS" });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not start in time");
}

let serverBuilt = false;

/** Builds dist/server/main.js from the current sources, once per run (esbuild: well under 1 s). */
function buildServer(): void {
  if (serverBuilt) return;
  execFileSync("npm", ["run", "-s", "build:server"], { stdio: ["ignore", "ignore", "inherit"] });
  serverBuilt = true;
}

/**
 * Starts the built server as `npm start` runs it (scripts/serve.sh, after `npm run build:server`)
 * as its own process; the engine is never needed for writes.
 */
async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  buildServer();
  const port = await freePort();
  // serve.sh ends in `exec node`: the child's pid is the server's, whose memory is sampled.
  const child = spawn("bash", ["scripts/serve.sh"], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      // An engine nobody listens on: the server does not start its own, writes do not need it.
      ENGINE_URL: `http://127.0.0.1:${await freePort()}`,
      STATIC_DIR: join(tmpdir(), "bench-no-static"),
      RETENTION_INTERVAL_MS: "0",
      // autocannon writes from one address: measure the server, not its per-address limit.
      WRITES_PER_MINUTE_PER_IP: "0",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${String(error)}\n${stderr}`);
  }
  return { url, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

async function load(url: string, pid: number): Promise<Omit<WriteFigures, "database">> {
  const body = JSON.stringify({
    answers: { all: student, current: student },
    dateDeValeur: VALUE_DATE,
  });
  const idleRssMb = rssMb(pid);
  // A short warm-up: JIT, connection pools, SQLite page cache.
  await autocannon({
    url: `${url}/api/simulation`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    connections: CONNECTIONS,
    duration: 2,
  });
  let maxRss = rssMb(pid);
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(pid))), 100);
  const result = await autocannon({
    url: `${url}/api/simulation`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  clearInterval(sampler);
  maxRss = Math.max(maxRss, rssMb(pid));
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    maxRssMb: maxRss,
    idleRssMb,
    seconds: result.duration,
  };
}

export async function benchSqliteWrites(): Promise<WriteFigures> {
  const dir = mkdtempSync(join(tmpdir(), "bench-writes-"));
  const { url, child } = await startServer({ DATABASE_PATH: join(dir, "bench.sqlite") });
  try {
    return { database: "SQLite", ...(await load(url, child.pid!)) };
  } finally {
    await stopServer(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PostgreSQL server `scripts/ensure-postgres.sh` finds or starts, or undefined. */
export function postgresServerUrl(): string | undefined {
  try {
    return execFileSync("bash", ["scripts/ensure-postgres.sh"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}

export async function benchPostgresWrites(serverUrl: string): Promise<WriteFigures> {
  const database = `bench_writes_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, `create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  try {
    const server = await startServer({ DATABASE_URL: url.toString() });
    try {
      return { database: "PostgreSQL", ...(await load(server.url, server.child.pid!)) };
    } finally {
      await stopServer(server.child);
    }
  } finally {
    await onServer(serverUrl, `drop database if exists ${database} with (force)`);
  }
}
