/**
 * A PostgreSQL connection terminated by the server while the app holds it between two statements
 * (a failover, `pg_terminate_backend`) fails that work with an error, and never ends the process:
 * pg emits 'error' on a checked-out client, which nothing heard (src/server/storage/connection.ts).
 * PostgreSQL only (TEST_DATABASE_URL); SQLite has no server to drop it.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/server/storage";
import { openTestDatabase, testDialect } from "./helpers/database";

let handle: DatabaseHandle;

beforeAll(async () => {
  if (testDialect() === "postgres") handle = await openTestDatabase("dropped_connection");
});

afterAll(async () => {
  await handle?.close();
});

/**
 * The server's FATAL message can reach the held statement before the socket's end is read: the
 * client then looked usable, went back to the pool, and failed the next query (about 1 in 17
 * before src/server/storage/session-ending-errors.ts). Fifty rounds make that order near certain.
 */
const ROUNDS = 50;

async function terminateWhileHeld(): Promise<void> {
  await handle.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
    const pid = rows[0]!.pid;
    // Terminated from another connection of the pool while this one is held, idle.
    await sql`select pg_terminate_backend(${pid})`.execute(handle.db);
    // Until the server has closed it (its FATAL message sent first), this one is idle.
    for (;;) {
      const { rows: alive } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where pid = ${pid}`.execute(handle.db);
      if (alive[0]!.n === 0) break;
    }
    await sql`select 1`.execute(connection);
  });
}

describe.runIf(testDialect() === "postgres")("a connection dropped while held", () => {
  it("fails the work in progress, keeps the process, and the next query works", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await expect(terminateWhileHeld()).rejects.toThrow();
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows[0]!.one).toBe(1);
    }
  }, 60_000);
});
