import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { pgDriver } from "./pg-driver";
import { discardingEndedSessions } from "./session-ending-errors";
import type { Database } from "./schema";
import { withStatementCache } from "./statement-cache";

export const DEFAULT_DATABASE_PATH = "data/simulateur.sqlite";

export type DatabaseDialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  /** Where the data lives, for logs (never with a password). */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** SQLite file; its folder is created if missing. `:memory:` works for throwaway databases. */
  databasePath?: string;
  /** PostgreSQL connection string (`postgres://user:password@host:5432/name`); wins over the path. */
  databaseUrl?: string;
  /** SQLite: how long a write waits for the lock. PostgreSQL: how long to wait for a connection. */
  busyTimeoutMs?: number;
  /** PostgreSQL: connections kept by this process (default 10). */
  poolSize?: number;
}

/** Opens the configured database. Migrations are not run here: see `migrateToLatest`. */
export function openDatabase(options: DatabaseOptions = {}): DatabaseHandle {
  if (options.databaseUrl) {
    return openPostgresDatabase(options.databaseUrl, options);
  }
  return openSqliteDatabase(options.databasePath ?? DEFAULT_DATABASE_PATH, options.busyTimeoutMs);
}

export function openSqliteDatabase(path: string, busyTimeoutMs = 5000): DatabaseHandle {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  // WAL lets readers proceed while one writer commits; NORMAL is durable across application
  // crashes in WAL mode (only an OS crash may lose the last transactions).
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    db,
    dialect: "sqlite",
    location: path,
    close: () => db.destroy(),
  };
}

export function openPostgresDatabase(
  url: string,
  { busyTimeoutMs = 5000, poolSize = 10 }: Pick<DatabaseOptions, "busyTimeoutMs" | "poolSize"> = {},
): DatabaseHandle {
  const pool = new (pgDriver().Pool)({
    connectionString: url,
    max: poolSize,
    // A database that does not answer fails the request (503) instead of queueing it forever.
    connectionTimeoutMillis: busyTimeoutMs,
    // Like SQLite's busy timeout: a statement waiting longer for a lock held elsewhere (a
    // maintenance, a long migration) fails (503) instead of holding the request forever.
    lock_timeout: busyTimeoutMs,
    application_name: "simulateur",
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool discards it and the next query opens a new one.
  pool.on("error", () => undefined);
  // Nor one dropped while it is checked out between two statements (a transaction): pg emits
  // 'error' on the client, whose idle listener the pool has removed, and an unheard 'error' ends
  // the process. The statement in progress fails with it (503), and the pool discards the client
  // on release (no longer queryable). A fresh-clone run's fault test lost its server that way.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: discardingEndedSessions(pool) }),
  });
  return {
    db,
    dialect: "postgres",
    location: withoutPassword(url),
    close: () => db.destroy(),
  };
}

/** A connection string fit for logs. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://[unparsable URL]";
  }
}
