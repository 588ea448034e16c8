/** `npm run db:migrate`: brings the configured database to the latest schema, prints one line. */
import { loadConfig } from "../config";
import { openDatabase } from "./connection";
import { migrateToLatest } from "./migrate";

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = openDatabase({
    databasePath: config.databasePath,
    databaseUrl: config.databaseUrl,
    poolSize: 1,
  });
  try {
    const { applied } = await migrateToLatest(handle.db);
    const done = applied.length === 0 ? "already up to date" : `applied ${applied.join(", ")}`;
    console.log(`db:migrate ${handle.location}: ${done}`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
