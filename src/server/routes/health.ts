import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import type { Database } from "../storage";

interface HealthDeps {
  db: Kysely<Database>;
  engineStatus: () => string;
}

/** Always 200 so that a busy engine does not get the whole server restarted; read `status`. */
export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  app.get("/api/health", async (request) => {
    const engine = deps.engineStatus();
    const database = await databaseResponds(deps.db).catch((error: unknown) => {
      request.log.error({ err: error }, "database health check failed");
      return false;
    });
    const status: "ok" | "degraded" = engine === "ready" && database ? "ok" : "degraded";
    return { status, engine, database: database ? "ok" : "down" };
  });
}

async function databaseResponds(db: Kysely<Database>): Promise<boolean> {
  await sql`select 1`.execute(db);
  return true;
}
