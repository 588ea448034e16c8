import { createRequire } from "node:module";
import type PgModule from "pg";

let loaded: typeof PgModule | undefined;

/**
 * The PostgreSQL driver, required when a PostgreSQL database is opened: a server on SQLite never
 * loads it (a few MB of its memory budget, issue 8).
 */
export function pgDriver(): typeof PgModule {
  return (loaded ??= createRequire(import.meta.url)("pg") as typeof PgModule);
}

/** The driver if something already loaded it: no PostgreSQL error can exist otherwise. */
export function loadedPgDriver(): typeof PgModule | undefined {
  return loaded;
}
