import { Migrator, type Kysely } from "kysely";
import { migrationProvider } from "./migrations/index";
import type { Database } from "./schema";

export interface MigrationOutcome {
  /** Names of the migrations applied by this run, in order. */
  applied: string[];
}

/** Brings the schema to the latest migration; throws if one fails (nothing partial is reported as done). */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationOutcome> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === "Error");
    const where = failed ? ` (migration ${failed.migrationName})` : "";
    throw new Error(`Database migration failed${where}: ${describe(error)}`, { cause: error });
  }
  return {
    applied: results
      .filter((result) => result.status === "Success")
      .map((result) => result.migrationName),
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
