/**
 * The real server (`src/server/main.ts`) as a child process, for fault tests that kill it, and a
 * fresh database it can open by itself (a SQLite file, or a PostgreSQL database on
 * `TEST_DATABASE_URL`: see `openTestDatabase`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, type DatabaseHandle } from "../../../src/server/storage";
import { onServer, testDatabaseUrl } from "./database";
import { freePort } from "./engine";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

export interface ServerDatabase {
  /** `DATABASE_PATH` or `DATABASE_URL` for the server. */
  env: Record<string, string>;
  /** A connection of the test's own to the same database. */
  open(): DatabaseHandle;
  /** PostgreSQL only: the database's name on the test server. */
  name?: string;
  /** PostgreSQL only: runs a statement on the test server's `postgres` database. */
  onServer?(statement: string): Promise<void>;
  remove(): Promise<void>;
}

/** An empty database the server migrates at start; `remove()` deletes it. */
export async function createServerDatabase(label: string): Promise<ServerDatabase> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), `${label}-`));
    const path = join(dir, "data", `${label}.sqlite`);
    return {
      env: { DATABASE_PATH: path },
      open: () => openDatabase({ databasePath: path }),
      async remove() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `test_${label.replace(/[^a-z0-9]+/g, "_").slice(0, 30)}_${randomBytes(6).toString("hex")}`;
  const onThisServer = (statement: string) => onServer(serverUrl, statement);
  await onThisServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 2 }),
    name,
    onServer: onThisServer,
    async remove() {
      await onThisServer(`drop database if exists ${name} with (force)`);
    },
  };
}

export interface ChildServer {
  baseUrl: string;
  pid: number;
  process: ChildProcess;
  /** The last lines the server wrote, for failure messages. */
  output(): string;
  /** Resolves once the process has exited (with its signal, if killed). */
  exited: Promise<NodeJS.Signals | number | null>;
  /** SIGTERM (a clean shutdown, engine included), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface ChildServerOptions {
  database: ServerDatabase;
  /** More environment variables (ENGINE_URL, ENGINE_PORT…). */
  env?: Record<string, string>;
  /** How long to wait for `/api/health` to answer. */
  readyTimeoutMs?: number;
  /**
   * Runs the compiled server as `npm start` does (`scripts/serve.sh`, dist/server/main.js, which
   * the caller builds) rather than the sources through tsx.
   */
  built?: boolean;
}

const KEPT_LINES = 200;

/** Starts `node --import tsx src/server/main.ts` on a free loopback port and waits until it answers. */
export async function startChildServer({
  database,
  env = {},
  readyTimeoutMs = 60_000,
  built = false,
}: ChildServerOptions): Promise<ChildServer> {
  const port = await freePort();
  const [command, args] = built
    ? ["bash", ["scripts/serve.sh"]]
    : [process.execPath, ["--import", "tsx", "src/server/main.ts"]];
  const child = spawn(command, args, {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      TEST_DATABASE_URL: "",
      DATABASE_PATH: "",
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      STATIC_DIR: join(repoRoot, ".no-static-dir"),
      RETENTION_INTERVAL_MS: "0",
      ...database.env,
      ...env,
    },
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    // Always drained: a full pipe would block the server.
    stream?.on("data", (chunk: Buffer) => {
      const text = rest + chunk.toString("utf8");
      const parts = text.split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts);
      if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
    });
  }
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? code)),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = () => lines.join("\n");
  const server: ChildServer = {
    baseUrl,
    pid: child.pid as number,
    process: child,
    output,
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };

  let ended = false;
  void exited.then(() => (ended = true));
  const deadline = Date.now() + readyTimeoutMs;
  while (!(await answers(`${baseUrl}/api/health`))) {
    if (ended) throw new Error(`the server exited during start:\n${output()}`);
    if (Date.now() > deadline) {
      await server.stop(1_000);
      throw new Error(`the server did not answer within ${readyTimeoutMs} ms:\n${output()}`);
    }
    await sleep(100);
  }
  return server;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it returns a value; throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 60_000, everyMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
