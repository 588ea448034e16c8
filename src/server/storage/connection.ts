import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "./schema";

export const DEFAULT_DATABASE_PATH = "data/simulateur.sqlite";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: "sqlite";
  /** Where the data lives, for logs. */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** SQLite file; its folder is created if missing. `:memory:` works for throwaway databases. */
  databasePath?: string;
  /** PostgreSQL connection string; reserved for the PostgreSQL dialect (not wired yet). */
  databaseUrl?: string;
  busyTimeoutMs?: number;
}

/** Opens the configured database. Migrations are not run here: see `migrateToLatest`. */
export function openDatabase(options: DatabaseOptions = {}): DatabaseHandle {
  if (options.databaseUrl) {
    // Fail loudly rather than silently writing to a SQLite file the operator does not expect.
    throw new Error("DATABASE_URL is set but the PostgreSQL dialect is not available yet");
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: "sqlite",
    location: path,
    close: () => db.destroy(),
  };
}
