/**
 * The database becomes unavailable under the real server (issue 8, fault tests): the API answers
 * clear 503s in French, never a 500 nor a hang, and serves again as soon as the database is back.
 *
 * - PostgreSQL (TEST_DATABASE_URL): the database refuses connections (`ALLOW_CONNECTIONS false`)
 *   and the server's connections are terminated, as in a failover or a maintenance.
 * - SQLite: the disk is full. The server process may not write a single byte to a file any more
 *   (`prlimit --fsize=0`, so every write fails with EFBIG), while reads keep working. SQLite cannot
 *   be made unreachable as a whole under a process holding it open: a file's permissions are
 *   checked at open only (and not at all for root), and a renamed or deleted file stays readable
 *   through the open descriptor. The health route reads (`select 1`): it stays `ok` on a full disk.
 * - Both: another process holds a lock past the busy timeout (5 s): 503, not a request held forever.
 */
import { execFileSync } from "node:child_process";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../src/server/messages";
import type { DatabaseHandle } from "../../../src/server/storage";
import { student, VALUE_DATE } from "../../fixtures/situations";
import {
  createServerDatabase,
  startChildServer,
  waitFor,
  type ChildServer,
  type ServerDatabase,
} from "../helpers/child-server";
import { testDialect } from "../helpers/database";
import { freePort } from "../helpers/engine";

const dialect = testDialect();
/** Longer than any answer may take: a request still pending then is a hang. */
const HANG_MS = 20_000;

let database: ServerDatabase;
let server: ChildServer;

beforeAll(async () => {
  database = await createServerDatabase("faults_db");
  server = await startChildServer({
    database,
    // Nothing listens there: these tests are about the database.
    env: { ENGINE_URL: `http://127.0.0.1:${await freePort()}` },
  });
});

afterAll(async () => {
  await server?.stop();
  await database?.remove();
});

interface Answer {
  status: number;
  body: { message?: string; database?: string; _id?: string; token?: string };
  retryAfter: string | null;
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    ...init,
    signal: AbortSignal.timeout(HANG_MS),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Answer["body"],
    retryAfter: response.headers.get("retry-after"),
  };
}

const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
  call(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(payload),
  });

const simulationPayload = { answers: { all: student, current: student }, dateDeValeur: VALUE_DATE };
const statsEvents = [
  {
    benefit_id: "aide_logement",
    hash_id: "uid_faults_0001",
    abtesting: null,
    benefit_index: 1,
    page_total: 3,
    event_type: "show",
    version: 2,
  },
];

function expectDatabaseUnavailable(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(503);
  expect(answer.body.message).toBe(messages.databaseUnavailable);
  expect(answer.retryAfter).toBe("5");
}

/** Makes the database unavailable to the server; returns how to bring it back. */
async function takeDatabaseDown(): Promise<() => Promise<void>> {
  if (dialect === "postgres") {
    const { name, onServer } = database as Required<ServerDatabase>;
    await onServer(`alter database ${name} allow_connections false`);
    await onServer(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`,
    );
    return () => onServer(`alter database ${name} allow_connections true`);
  }
  const limit = (size: string) =>
    execFileSync("prlimit", ["--pid", String(server.pid), `--fsize=${size}`]);
  limit("0:unlimited");
  return async () => {
    limit("unlimited:unlimited");
  };
}

describe(`database unavailable (${dialect})`, () => {
  it("answers 503 in French, never 500 nor a hang, and recovers when it returns", async () => {
    const saved = await post("/api/simulation", simulationPayload);
    expect(saved.status).toBe(200);
    const { _id: id, token } = saved.body as { _id: string; token: string };
    const owner = { headers: { authorization: `Bearer ${token}` } };
    // Events name the simulation whose results they are about.
    const ofSimulation = { "x-simulation-id": id };
    expect((await call("/api/health")).body.database).toBe("ok");
    // The statistics computed at start (in the background) are served while the database is away.
    await waitFor("the first statistics", async () =>
      (await call("/api/stats")).status === 200 ? true : undefined,
    );

    const bringBack = await takeDatabaseDown();
    let restored = false;
    try {
      const started = Date.now();
      const during = {
        save: await post("/api/simulation", simulationPayload),
        stats: await post("/api/stats/events", statsEvents, ofSimulation),
        read: await call(`/api/simulation/${id}`, owner),
        followup: await call(`/api/simulation/${id}/followup`, owner),
        statistics: await call("/api/stats"),
        health: await call("/api/health"),
        // Pages that do not need the database are still served.
        communes: await call("/api/communes/69001"),
      };
      const outageMs = Date.now() - started;
      console.info(
        `[faults] database down (${dialect}): ` +
          Object.entries(during)
            .map(([name, answer]) => `${name} ${answer.status}`)
            .join(", ") +
          ` in ${outageMs} ms`,
      );
      for (const [name, answer] of Object.entries(during)) {
        // A 4xx or a 503: never a 500 or another server error.
        const detail = `${name}: ${answer.status} ${JSON.stringify(answer.body)}`;
        expect(answer.status < 500 || answer.status === 503, detail).toBe(true);
      }
      expectDatabaseUnavailable(during.save, "save");
      expectDatabaseUnavailable(during.stats, "stats events");
      expect(during.health.status).toBe(200);
      expect(during.communes.status).toBe(200);
      // The last statistics computed, from memory.
      expect(during.statistics.status).toBe(200);
      if (dialect === "postgres") {
        expectDatabaseUnavailable(during.read, "read");
        expectDatabaseUnavailable(during.followup, "follow-up");
        expect(during.health.body).toMatchObject({ status: "degraded", database: "down" });
      } else {
        // A full disk still lets the server read what it has.
        expect(during.read.status).toBe(200);
        expect(during.followup.status).toBe(404);
      }

      await bringBack();
      restored = true;
      const again = await waitFor("the database to be back", async () => {
        const answer = await post("/api/simulation", simulationPayload);
        return answer.status === 200 ? answer : undefined;
      });
      const { _id: newId, token: newToken } = again.body as { _id: string; token: string };
      const reread = await call(`/api/simulation/${newId}`, {
        headers: { authorization: `Bearer ${newToken}` },
      });
      expect(reread.status).toBe(200);
      expect((await call(`/api/simulation/${id}`, owner)).status).toBe(200);
      expect((await post("/api/stats/events", statsEvents, ofSimulation)).status).toBeLessThan(300);
      expect((await call("/api/health")).body.database).toBe("ok");
    } finally {
      if (!restored) await bringBack();
    }
  });
});

/**
 * Another process holds the database's lock (a maintenance, a long migration, an open `sqlite3`
 * shell): requests wait for the lock for the busy timeout (5 s), then answer 503 instead of hanging.
 */
describe(`database locked by another process (${dialect})`, () => {
  it("answers 503 in French after the lock timeout, and serves again once the lock is released", async () => {
    const other = database.open();
    const release = await holdLock(other);
    let released = false;
    try {
      const started = Date.now();
      const save = await post("/api/simulation", simulationPayload);
      console.info(
        `[faults] database locked (${dialect}): save ${save.status} after ${Date.now() - started} ms`,
      );
      expectDatabaseUnavailable(save, "save");
      await release();
      released = true;
      expect((await post("/api/simulation", simulationPayload)).status).toBe(200);
    } finally {
      if (!released) await release();
      await other.close();
    }
  });
});

/** Takes the write lock (SQLite) or an exclusive lock on the simulations (PostgreSQL) and keeps it. */
async function holdLock(handle: DatabaseHandle): Promise<() => Promise<void>> {
  let unlock!: () => void;
  const unlocked = new Promise<void>((resolve) => (unlock = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const transaction = handle.db.transaction().execute(async (trx) => {
    if (handle.dialect === "postgres") {
      await sql`lock table simulations in access exclusive mode`.execute(trx);
    } else {
      // Kysely's SQLite transactions are deferred: a write takes the lock.
      await sql`delete from simulations where id = 'none'`.execute(trx);
    }
    locked();
    await unlocked;
  });
  await Promise.race([isLocked, transaction]);
  return async () => {
    unlock();
    await transaction;
  };
}
