import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Bundle } from "../../domain";
import { sendDatabaseUnavailable, sendError } from "../http-errors";
import { messages } from "../messages";
import { createRateLimiter } from "../rate-limit";
import { computeAggregates, type StatsAggregates } from "../stats/aggregates";
import { STATS_BODY_LIMIT_BYTES, benefitEventsSchema } from "../stats/events";
import { createStatsRepository } from "../stats/repository";
import { isDatabaseUnavailable, type Database } from "../storage";

interface StatsRouteDeps {
  db: Kysely<Database>;
  bundle: Bundle;
  now?: () => Date;
  /** How long computed aggregates are reused (the funnel rebuilds journeys). */
  cacheMs?: number;
  /** Event posts per client address per minute (default `STATS_POSTS_PER_MINUTE`). */
  perIpPerMinute?: number;
}

const INVALID_EVENTS = "Les événements statistiques ne sont pas valides.";
/**
 * A results page posts once. Generous, since behind a proxy that Fastify does not trust every
 * visitor shares the proxy's address: the limit then only stops floods.
 */
export const STATS_POSTS_PER_MINUTE = 600;

const TOO_MANY_EVENTS = "Trop d’événements statistiques envoyés. Veuillez réessayer plus tard.";
const INVALID_DAYS = "Le nombre de jours doit être un entier entre 1 et 365.";

const querySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});

/**
 * `POST /api/stats/events`: benefit events (spec §3, §7), stored as they come.
 * `GET /api/stats`: public aggregates of our own data for the `/stats` page.
 */
export function registerStatsRoutes(app: FastifyInstance, deps: StatsRouteDeps): void {
  const repository = createStatsRepository(deps.db, deps.now);
  const now = deps.now ?? (() => new Date());
  const cacheMs = deps.cacheMs ?? 60_000;
  const perIp = createRateLimiter({
    limit: deps.perIpPerMinute ?? STATS_POSTS_PER_MINUTE,
    windowMs: 60_000,
    now: () => now().getTime(),
  });
  const cache = new Map<number, { at: number; value: Promise<StatsAggregates> }>();

  app.post("/api/stats/events", { bodyLimit: STATS_BODY_LIMIT_BYTES }, async (request, reply) => {
    const allowed = perIp.take(request.ip);
    if (!allowed.ok) {
      reply.header("retry-after", String(allowed.retryAfterS));
      return sendError(reply, 429, TOO_MANY_EVENTS);
    }
    const parsed = benefitEventsSchema.safeParse(request.body);
    if (!parsed.success) {
      return sendError(
        reply,
        400,
        INVALID_EVENTS,
        parsed.error.issues.map((issue) => ({
          path: issue.path
            .map((key, index) =>
              typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`,
            )
            .join(""),
          message: issue.message,
        })),
      );
    }
    await repository.addEvents(parsed.data);
    return reply.code(204).send();
  });

  app.get("/api/stats", async (request, reply) => {
    const parsed = querySchema.safeParse(request.query);
    if (!parsed.success) return sendError(reply, 400, INVALID_DAYS);
    const { days } = parsed.data;
    const at = now().getTime();
    let entry = cache.get(days);
    if (!entry || at - entry.at >= cacheMs) {
      entry = { at, value: computeAggregates(repository, deps.bundle, days, now()) };
      cache.set(days, entry);
      // A failed computation is not kept.
      entry.value.catch(() => cache.delete(days));
    }
    try {
      const value = await entry.value;
      reply.header("cache-control", `public, max-age=${Math.round(cacheMs / 1000)}`);
      return value;
    } catch (error) {
      if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(reply, error);
      request.log.error({ err: error }, "statistics failed");
      return sendError(reply, 500, messages.internalError);
    }
  });
}
