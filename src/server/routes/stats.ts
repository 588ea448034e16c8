import type { FastifyInstance, FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Bundle } from "../../domain";
import { sendError, type FieldError } from "../http-errors";
import { memoryRateLimiters, type RateLimiterFactory } from "../rate-limit";
import { MAX_STATS_DAYS, aggregatesFor, type StatsAggregates } from "../stats/aggregates";
import { SIMULATION_ID_HEADER, STATS_BODY_LIMIT_BYTES, benefitEventsSchema } from "../stats/events";
import { funnelSteps } from "../stats/funnel";
import { memoryEventQuotas, type EventQuotaFactory } from "../stats/quota";
import {
  createStatsRefresher,
  type StatsRefresher,
  type StatsRefresherOptions,
} from "../stats/refresher";
import { createStatsRepository } from "../stats/repository";
import { SIMULATION_ID_PATTERN, type Database } from "../storage";

/** A benefit events may be about: engine benefits, catalogue and bike aids. */
export interface StatsBenefit {
  id: string;
  label: string;
}

export interface StatsSettings {
  /** The benefits events may name, with their labels; the bundle's by default. */
  benefits?: readonly StatsBenefit[];
  /** How often the aggregates are computed (`STATS_REFRESH_MS`). */
  refreshMs?: number;
  /** Builds what computes the aggregates; tests wrap it to refresh on demand. */
  createRefresher?: (options: StatsRefresherOptions) => StatsRefresher;
  /** Event posts per client address per minute (default `STATS_POSTS_PER_MINUTE`). */
  perIpPerMinute?: number;
  /** Events of one type about one benefit of one simulation per hour (`STATS_EVENTS_PER_HOUR`). */
  perSimulationPerHour?: number;
  now?: () => Date;
}

interface StatsRouteDeps extends StatsSettings {
  db: Kysely<Database>;
  bundle: Bundle;
  /** Where the per-address and per-simulation counts live; this process's memory by default. */
  limiters?: RateLimiterFactory;
  quotas?: EventQuotaFactory;
}

const INVALID_EVENTS = "Les événements statistiques ne sont pas valides.";
/**
 * A results page posts once, a benefit's page once plus once per link followed: a visitor posts a
 * few times a minute. Behind a proxy that Fastify does not trust every visitor shares the proxy's
 * address, so this leaves room for a school's or a family's visitors at once.
 */
export const STATS_POSTS_PER_MINUTE = 60;
/**
 * The results list is posted again each time a visitor comes back to it (from a benefit's page,
 * on a reload): 30 in an hour is far more than a visitor does, and caps what one simulation adds.
 */
export const STATS_EVENTS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;
/** How long browsers and proxies may reuse an answer of `GET /api/stats`. */
const STATS_MAX_AGE_S = 60;

const TOO_MANY_EVENTS = "Trop d’événements statistiques envoyés. Veuillez réessayer plus tard.";
const INVALID_DAYS = `Le nombre de jours doit être un entier entre 1 et ${MAX_STATS_DAYS}.`;
const STATS_NOT_READY =
  "Les statistiques sont en cours de calcul. Veuillez réessayer dans quelques instants.";
const MISSING_SIMULATION =
  "est requis : l’identifiant de la simulation dont les résultats sont affichés";
const UNKNOWN_SIMULATION = "ne correspond à aucune simulation enregistrée";

const querySchema = z.object({
  days: z.coerce.number().int().min(1).max(MAX_STATS_DAYS).default(30),
});

function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`,
    )
    .join("");
}

function tooMany(reply: FastifyReply, retryAfterS: number): FastifyReply {
  reply.header("retry-after", String(retryAfterS));
  return sendError(reply, 429, TOO_MANY_EVENTS);
}

/**
 * `POST /api/stats/events`: benefit events (docs/product.md §3, §7) about the results of a stored simulation,
 * named by the `X-Simulation-Id` header.
 * `GET /api/stats`: public aggregates of our own data for the `/stats` page, sliced from a snapshot
 * computed in the background (never on the request path).
 */
export function registerStatsRoutes(app: FastifyInstance, deps: StatsRouteDeps): void {
  const repository = createStatsRepository(deps.db, deps.now);
  const now = deps.now ?? (() => new Date());
  const benefits = deps.benefits ?? deps.bundle.benefits;
  const labels = new Map(benefits.map((benefit) => [benefit.id, benefit.label]));
  const eventsSchema = benefitEventsSchema(new Set(labels.keys()));
  const perIp = (deps.limiters ?? memoryRateLimiters)("stats-ip", {
    limit: deps.perIpPerMinute ?? STATS_POSTS_PER_MINUTE,
    windowMs: 60_000,
    now: () => now().getTime(),
  });
  const perSimulation = (deps.quotas ?? memoryEventQuotas)("stats-simulation", {
    limit: deps.perSimulationPerHour ?? STATS_EVENTS_PER_HOUR,
    windowMs: HOUR_MS,
    now: () => now().getTime(),
  });
  const refresher = (deps.createRefresher ?? createStatsRefresher)({
    repository,
    bundle: deps.bundle,
    now,
    logger: app.log,
    ...(deps.refreshMs !== undefined ? { intervalMs: deps.refreshMs } : {}),
  });
  const steps = funnelSteps(deps.bundle);
  // Answers of the current snapshot, one per period asked (at most `MAX_STATS_DAYS`).
  let answered: { snapshot: unknown; byDays: Map<number, StatsAggregates> } = {
    snapshot: undefined,
    byDays: new Map(),
  };

  app.addHook("onReady", async () => refresher.start());
  app.addHook("onClose", async () => refresher.stop());

  app.post("/api/stats/events", { bodyLimit: STATS_BODY_LIMIT_BYTES }, async (request, reply) => {
    const allowed = await perIp.take(request.ip);
    if (!allowed.ok) return tooMany(reply, allowed.retryAfterS);
    const errors: FieldError[] = [];
    const parsed = eventsSchema.safeParse(request.body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({ path: issuePath(issue.path), message: issue.message });
      }
    }
    const header = request.headers[SIMULATION_ID_HEADER.toLowerCase()];
    const simulationId = typeof header === "string" ? header : undefined;
    if (simulationId === undefined || !SIMULATION_ID_PATTERN.test(simulationId)) {
      errors.push({ path: SIMULATION_ID_HEADER, message: MISSING_SIMULATION });
    }
    if (!parsed.success || errors.length > 0) return sendError(reply, 400, INVALID_EVENTS, errors);
    if (!(await repository.simulationExists(simulationId!))) {
      return sendError(reply, 400, INVALID_EVENTS, [
        { path: SIMULATION_ID_HEADER, message: UNKNOWN_SIMULATION },
      ]);
    }
    const quota = await perSimulation.take(simulationId!, parsed.data);
    if (!quota.ok) return tooMany(reply, quota.retryAfterS);
    await repository.addEvents(parsed.data);
    return reply.code(204).send();
  });

  app.get("/api/stats", async (request, reply) => {
    const parsed = querySchema.safeParse(request.query);
    if (!parsed.success) return sendError(reply, 400, INVALID_DAYS);
    const snapshot = refresher.current();
    if (!snapshot) {
      // The first computation after a start takes seconds: an empty page would show false zeros.
      reply.header("retry-after", "10");
      return sendError(reply, 503, STATS_NOT_READY);
    }
    if (answered.snapshot !== snapshot) answered = { snapshot, byDays: new Map() };
    const { days } = parsed.data;
    let value = answered.byDays.get(days);
    if (!value) {
      value = aggregatesFor(snapshot, days, labels, steps);
      answered.byDays.set(days, value);
    }
    reply.header("cache-control", `public, max-age=${STATS_MAX_AGE_S}`);
    return value;
  });
}
