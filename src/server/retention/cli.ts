/** `npm run retention:run`: anonymises the expired simulations of the configured database once. */
import { loadConfig } from "../config";
import { migrateToLatest, openDatabase } from "../storage";
import { anonymizeExpiredSimulations } from "./anonymize";

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = openDatabase({
    databasePath: config.databasePath,
    databaseUrl: config.databaseUrl,
  });
  try {
    await migrateToLatest(handle.db);
    const { anonymized, unreadable } = await anonymizeExpiredSimulations(handle.db);
    console.log(`retention ${handle.location}: ${anonymized.length} simulation(s) anonymised`);
    if (unreadable.length > 0) {
      console.error(`retention: unreadable answers in ${unreadable.join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(`retention failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
