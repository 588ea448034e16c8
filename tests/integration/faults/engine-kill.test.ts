/**
 * The engine killed in the middle of a computation, under the real server (issue 8, fault tests):
 * the server runs its own supervised engine (one gunicorn worker, not the shared engine of the
 * integration project), the test kills it with SIGKILL while a `/calculate` is in the worker's
 * hands, the visitors get a 503 with a French message, and once the supervisor has restarted the
 * engine the same computations succeed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../src/server/messages";
import { employee, student, VALUE_DATE } from "../../fixtures/situations";
import {
  createServerDatabase,
  startChildServer,
  waitFor,
  type ChildServer,
  type ServerDatabase,
} from "../helpers/child-server";
import { testDialect } from "../helpers/database";
import { freePort } from "../helpers/engine";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const venvDir = process.env.ENGINE_VENV || join(repoRoot, ".venv");
/** Computations asked at once when the engine is killed. */
const VISITORS = 6;
const ENGINE_BOOT_MS = 150_000;

let database: ServerDatabase;
let server: ChildServer;
let enginePort: number;

/** The gunicorn master the supervisor started (it leads the engine's process group). */
function enginePid(): number | undefined {
  try {
    const pid = Number(readFileSync(join(venvDir, `engine-${enginePort}.pid`), "utf8").trim());
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** The engine's processes other than its master: its gunicorn workers. */
function workersOf(master: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return state !== "Z" && Number(ppid) === master;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether a connection to the engine is open: gunicorn's sync workers close it after answering. */
/** CPU time (clock ticks) the engine's workers have spent so far. */
function workersCpuTicks(): number {
  const master = enginePid();
  if (master === undefined) return 0;
  return workersOf(master).reduce((sum, pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime, fields 14 and 15 of proc(5), counted from the state (field 3).
      return sum + Number(fields[11]) + Number(fields[12]);
    } catch {
      return sum;
    }
  }, 0);
}

function engineConnectionOpen(): boolean {
  const port = enginePort.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].some((file) => {
    try {
      return readFileSync(file, "utf8")
        .split("\n")
        .slice(1)
        .some((line) => {
          const [, local, , state] = line.trim().split(/\s+/);
          return local?.endsWith(`:${port}`) && state === "01";
        });
    } catch {
      return false;
    }
  });
}

async function engineStatus(): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/health`);
  return ((await response.json()) as { engine: string }).engine;
}

async function waitUntilEngineReady(): Promise<void> {
  await waitFor(
    "the engine to be ready",
    async () => ((await engineStatus()) === "ready" ? true : undefined),
    { timeoutMs: ENGINE_BOOT_MS, everyMs: 250 },
  );
}

interface Created {
  id: string;
  token: string;
  kind: "student" | "employee";
}

async function createSimulation(index: number): Promise<Created> {
  const kind = index % 2 === 0 ? "student" : "employee";
  // A different rent per simulation: no two computations share a cached engine answer.
  const answers = (kind === "student" ? student : employee).map((answer) =>
    answer.fieldName === "loyer" ? { ...answer, value: 400 + index } : answer,
  );
  const response = await fetch(`${server.baseUrl}/api/simulation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ answers: { all: answers, current: answers }, dateDeValeur: VALUE_DATE }),
  });
  expect(response.status).toBe(200);
  const { _id, token } = (await response.json()) as { _id: string; token: string };
  return { id: _id, token, kind };
}

async function results({ id, token }: Created) {
  const response = await fetch(`${server.baseUrl}/api/simulation/${id}/results`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: (await response.json()) as { message?: string; droitsEligibles?: { id: string }[] },
  };
}

type Result = Awaited<ReturnType<typeof results>>;

function expectGranted(result: Result, simulation: Created) {
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  const ids = result.body.droitsEligibles?.map((droit) => droit.id) ?? [];
  expect(ids).toContain(simulation.kind === "student" ? "bourse_criteres_sociaux" : "ppa");
}

/** Asks for every computation at once, and runs `kill` while the engine computes them. */
async function killDuringComputations(simulations: Created[], kill: () => void) {
  // An open connection alone may be an idle kept-alive one, from before: the kill then landed
  // before the computations reached the engine, and none was cut off (a fresh-clone run of
  // npm test). The engine's workers spending CPU is the computation itself.
  const idleTicks = workersCpuTicks();
  const answers = Promise.all(simulations.map(results));
  await waitFor(
    "a computation in the engine",
    () => (engineConnectionOpen() && workersCpuTicks() >= idleTicks + 3 ? true : undefined),
    { timeoutMs: 30_000, everyMs: 5 },
  );
  kill();
  return answers;
}

/** Every answer is a 200 or the engine's French 503, and at least one was cut off. */
function expectCutOff(answers: Result[]): number {
  for (const answer of answers) {
    expect([200, 503], JSON.stringify(answer.body)).toContain(answer.status);
    if (answer.status === 503) {
      expect(answer.body).toEqual({ message: messages.engineUnavailable, errors: [] });
      expect(answer.retryAfter).toBe("10");
    }
  }
  const cutOff = answers.filter((answer) => answer.status === 503).length;
  expect(cutOff).toBeGreaterThan(0);
  return cutOff;
}

// The engine path does not depend on the database: run once, in the SQLite pass of `npm test`.
describe.skipIf(testDialect() === "postgres")("engine killed mid-computation", () => {
  beforeAll(async () => {
    enginePort = await freePort();
    database = await createServerDatabase("faults_engine");
    server = await startChildServer({
      database,
      env: { ENGINE_URL: "", ENGINE_PORT: String(enginePort), ENGINE_WORKERS: "1" },
    });
    await waitUntilEngineReady();
  }, ENGINE_BOOT_MS + 30_000);

  afterAll(async () => {
    // SIGTERM: the server stops its engine (the whole process group) before it exits.
    await server?.stop();
    const master = enginePid();
    if (master !== undefined) {
      try {
        process.kill(-master, "SIGKILL");
      } catch {
        // Already gone, as it should be.
      }
    }
    await database?.remove();
  });

  it("kill -9 of the whole engine: 503 in French, then the supervisor restarts it", async () => {
    const warm = await createSimulation(0);
    // The engine's variables and parameters are read once: the kill below hits a /calculate.
    expectGranted(await results(warm), warm);
    const simulations = await Promise.all(
      Array.from({ length: VISITORS }, (_, index) => createSimulation(index + 1)),
    );
    const master = enginePid();
    expect(master).toBeDefined();

    const started = Date.now();
    const answers = await killDuringComputations(simulations, () =>
      process.kill(-(master as number), "SIGKILL"),
    );
    const cutOff = expectCutOff(answers);
    // The supervisor saw its engine die (its exit may be noticed just after the cut connections).
    await waitFor(
      "the supervisor to notice",
      async () => ((await engineStatus()) === "ready" ? undefined : true),
      { timeoutMs: 10_000 },
    );

    await waitUntilEngineReady();
    const restartedMs = Date.now() - started;
    expect(enginePid()).toBeDefined();
    expect(enginePid()).not.toBe(master);
    for (const simulation of simulations) expectGranted(await results(simulation), simulation);
    console.info(
      `[faults] engine killed: ${cutOff}/${VISITORS} computations answered 503, ` +
        `engine restarted and ready ${restartedMs} ms after the kill\n` +
        server
          .output()
          .split("\n")
          .filter((line) => line.includes("[engine] ready in"))
          .join("\n"),
    );
  }, 200_000);

  it("kill -9 of the worker alone: 503 in French, then gunicorn's new worker computes", async () => {
    const master = enginePid() as number;
    const [worker] = workersOf(master);
    expect(worker).toBeDefined();
    const simulations = await Promise.all(
      Array.from({ length: VISITORS }, (_, index) => createSimulation(100 + index)),
    );

    const started = Date.now();
    const answers = await killDuringComputations(simulations, () =>
      process.kill(worker as number, "SIGKILL"),
    );
    const cutOff = expectCutOff(answers);

    const [replacement] = await waitFor("a new worker", () => {
      const workers = workersOf(master).filter((pid) => pid !== worker);
      return workers.length > 0 ? workers : undefined;
    });
    for (const simulation of simulations) expectGranted(await results(simulation), simulation);
    expect(enginePid()).toBe(master);
    console.info(
      `[faults] engine worker killed: ${cutOff}/${VISITORS} computations answered 503, ` +
        `worker ${replacement} replaced it, all computed again ${Date.now() - started} ms after the kill`,
    );
  }, 120_000);
});
