/**
 * kill -9 of the server takes its engine down too (issue 15, finding 9): the server runs its own
 * supervised engine (a gunicorn master and its workers, in a process group of their own); once the
 * server is killed with SIGKILL, no cleanup code of the server runs, and the engine must still go
 * (it watches a pipe from the server and ends its whole group when the pipe closes), instead of
 * holding its memory and its port until the next start.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { isProcessGroupAlive } from "../../../src/server/engine/supervisor";
import {
  createServerDatabase,
  startChildServer,
  waitFor,
  type ChildServer,
  type ServerDatabase,
} from "../helpers/child-server";
import { freePort } from "../helpers/engine";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const venvDir = process.env.ENGINE_VENV || join(repoRoot, ".venv");
const ENGINE_BOOT_MS = 150_000;
/** Bound on the engine's exit once the server is gone (it takes well under a second). */
const ENGINE_EXIT_MS = 30_000;
const WORKERS = 2;

let database: ServerDatabase | undefined;
let server: ChildServer | undefined;
let master: number | undefined;
/** The supervisor's pid file, which a server killed with SIGKILL cannot remove. */
let pidFile: string | undefined;

afterAll(async () => {
  await server?.stop();
  // Without the fix the engine outlives the test: do not leave it running.
  if (master !== undefined && isProcessGroupAlive(master)) {
    try {
      process.kill(-master, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  if (pidFile) rmSync(pidFile, { force: true });
  await database?.remove();
}, 60_000);

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 1 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Running (not zombie) processes whose parent is `parent`. */
function childrenOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return state !== "Z" && Number(ppid) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether `pid` is still running (a zombie holds neither memory nor a port). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] !== "Z";
  } catch {
    return false;
  }
}

/** Local addresses (as /proc/net/tcp writes them: 0100007F is 127.0.0.1) listening on `port`. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) => {
    try {
      return readFileSync(file, "utf8")
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter(([, local, , state]) => local?.endsWith(`:${hexPort}`) && state === "0A")
        .map(([, local]) => local!.slice(0, local!.lastIndexOf(":")));
    } catch {
      return [];
    }
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

it("stops the engine (master and workers) when the server is killed with SIGKILL", async () => {
  database = await createServerDatabase("faults_kill_engine");
  const enginePort = await freePort();
  server = await startChildServer({
    database,
    env: { ENGINE_URL: "", ENGINE_PORT: String(enginePort), ENGINE_WORKERS: String(WORKERS) },
  });
  const runningServer = server;
  await waitFor(
    "the engine to be ready",
    async () => {
      const response = await fetch(`${runningServer.baseUrl}/api/health`);
      const { engine } = (await response.json()) as { engine: string };
      return engine === "ready" ? true : undefined;
    },
    { timeoutMs: ENGINE_BOOT_MS, everyMs: 250 },
  );
  pidFile = join(venvDir, `engine-${enginePort}.pid`);
  const enginePidFile = pidFile;
  const enginePid = await waitFor("the engine's pid file", () => readPid(enginePidFile), {
    timeoutMs: 5_000,
  });
  master = enginePid;
  const workers = await waitFor(
    "the engine's workers",
    () => {
      const found = childrenOf(enginePid);
      return found.length >= WORKERS ? found : undefined;
    },
    { timeoutMs: 30_000 },
  );
  expect(await accepts(enginePort)).toBe(true);
  // The engine has no authentication: the supervisor binds it to the loopback interface only.
  expect(listeningAddresses(enginePort)).toEqual(["0100007F"]);

  runningServer.process.kill("SIGKILL");
  expect(await runningServer.exited).toBe("SIGKILL");

  const started = Date.now();
  await waitFor(
    `the engine (master ${enginePid}, workers ${workers.join(", ")}) to exit after the server's SIGKILL`,
    async () =>
      [enginePid, ...workers].some(running) ||
      isProcessGroupAlive(enginePid) ||
      (await accepts(enginePort))
        ? undefined
        : true,
    { timeoutMs: ENGINE_EXIT_MS, everyMs: 100 },
  );
  console.info(
    `[faults] server SIGKILLed: its engine (1 master, ${workers.length} workers) was gone ` +
      `${Date.now() - started} ms later`,
  );
  master = undefined;
});
