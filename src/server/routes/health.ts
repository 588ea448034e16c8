import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import type { Database } from "../storage";

interface HealthDeps {
  db: Kysely<Database>;
  engineStatus: () => string;
  /** With `REDIS_URL`: whether the shared cache and limits can be reached. */
  sharedStatus?: () => "ok" | "down";
}

/** Said in the health body while Redis cannot be reached (for the operators: in English). */
export const REDIS_DOWN_WARNING =
  "redis unreachable: rate limits and engine cache are per instance until it returns";

/** Always 200 so that a busy engine does not get the whole server restarted; read `status`. */
export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  app.get("/api/health", async (request) => {
    const engine = deps.engineStatus();
    const database = await databaseResponds(deps.db).catch((error: unknown) => {
      request.log.error({ err: error }, "database health check failed");
      return false;
    });
    const redis = deps.sharedStatus?.();
    const status: "ok" | "degraded" =
      engine === "ready" && database && redis !== "down" ? "ok" : "degraded";
    return {
      status,
      engine,
      database: database ? "ok" : "down",
      // Only with REDIS_URL: a single instance's body is unchanged.
      ...(redis ? { redis } : {}),
      ...(redis === "down" ? { warnings: [REDIS_DOWN_WARNING] } : {}),
    };
  });
}

async function databaseResponds(db: Kysely<Database>): Promise<boolean> {
  await sql`select 1`.execute(db);
  return true;
}
