import type { FastifyInstance } from "fastify";
import { buildSimulatorApp, loadBundle } from "../../../src/server/compose";
import type { EngineSupervisor } from "../../../src/server/engine";
import { openTestDatabase } from "./database";
import { sharedEngine } from "./engine";

export interface RunningSimulator {
  app: FastifyInstance;
  engine: EngineSupervisor;
  /** Closes the app, stops watching the engine, drops the temporary database. */
  close(): Promise<void>;
}

/**
 * The production app on a fresh database (SQLite, or PostgreSQL: see `openTestDatabase`),
 * computing with the project's shared engine (or the one given).
 */
export async function startSimulator(
  name: string,
  engine?: EngineSupervisor,
): Promise<RunningSimulator> {
  const watched = engine ?? (await sharedEngine());
  const database = await openTestDatabase(name);
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
    },
  };
}
