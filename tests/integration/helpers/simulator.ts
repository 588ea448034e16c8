import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildSimulatorApp, loadBundle } from "../../../src/server/compose";
import type { EngineSupervisor } from "../../../src/server/engine";
import { migrateToLatest, openSqliteDatabase } from "../../../src/server/storage";
import { sharedEngine } from "./engine";

export interface RunningSimulator {
  app: FastifyInstance;
  engine: EngineSupervisor;
  /** Closes the app and the database, stops watching the engine, removes the temporary files. */
  close(): Promise<void>;
}

/**
 * The production app on a fresh SQLite file in a temporary folder, computing with the project's
 * shared engine (or the one given).
 */
export async function startSimulator(
  name: string,
  engine?: EngineSupervisor,
): Promise<RunningSimulator> {
  const watched = engine ?? (await sharedEngine());
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const database = openSqliteDatabase(join(dir, `${name}.sqlite`));
  await migrateToLatest(database.db);
  const app = buildSimulatorApp({
    bundle: loadBundle(),
    db: database.db,
    engine: watched,
    logger: false,
  });
  return {
    app,
    engine: watched,
    async close() {
      await app.close();
      await database.close();
      if (!engine) await watched.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
