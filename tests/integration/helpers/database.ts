import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import {
  migrateToLatest,
  openPostgresDatabase,
  openSqliteDatabase,
  type DatabaseDialect,
  type DatabaseHandle,
} from "../../../src/server/storage";

/**
 * `TEST_DATABASE_URL` (a PostgreSQL server the tests may create databases on) runs the
 * integration suite against PostgreSQL; without it, against SQLite files. `npm test` runs both.
 */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url === undefined || url === "" ? undefined : url;
}

export function testDialect(): DatabaseDialect {
  return testDatabaseUrl() ? "postgres" : "sqlite";
}

export interface TestDatabaseOptions {
  /** Leave the schema empty (for migration tests). */
  migrate?: boolean;
}

/**
 * A fresh, isolated and (by default) migrated database: a new SQLite file in a temporary folder,
 * or a new PostgreSQL database on `TEST_DATABASE_URL`. `close()` removes it.
 */
export async function openTestDatabase(
  name: string,
  { migrate = true }: TestDatabaseOptions = {},
): Promise<DatabaseHandle> {
  const url = testDatabaseUrl();
  const handle = url ? await createPostgresDatabase(url, name) : createSqliteDatabase(name);
  if (migrate) {
    try {
      await migrateToLatest(handle.db);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

function createSqliteDatabase(name: string): DatabaseHandle {
  const dir = mkdtempSync(join(tmpdir(), `${safeName(name)}-`));
  // A nested folder checks that the database folder is created on demand.
  const handle = openSqliteDatabase(join(dir, "data", `${safeName(name)}.sqlite`));
  return {
    ...handle,
    async close() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(serverUrl: string, name: string): Promise<DatabaseHandle> {
  // Lower-case letters, digits and underscores only: the name needs no quoting.
  const database = `test_${safeName(name).slice(0, 30)}_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const handle = openPostgresDatabase(url.toString(), { poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await onServer(serverUrl, `drop database if exists ${database} with (force)`);
    },
  };
}

/** Runs one statement (create or drop a database) on a PostgreSQL server, on a connection of its own. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function safeName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "_") || "test";
}
