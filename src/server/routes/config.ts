import type { FastifyInstance } from "fastify";

/** The default statistics endpoint: our own (see routes/stats.ts). */
export const OWN_STATS_URL = "/api/stats/events";
/** Matomo site id of the simulator (docs/product.md §9). */
export const DEFAULT_MATOMO_SITE_ID = 66;

/** Third-party services the browser talks to, read at run time so one build serves every site. */
export interface TelemetrySettings {
  /** Matomo-compatible tracker base URL (`MATOMO_URL`); unset: no web analytics. */
  matomoUrl?: string;
  /** `MATOMO_SITE_ID`, 66 by default. */
  matomoSiteId?: number;
  /** Where benefit events are posted (`STATS_URL`); our own endpoint by default. */
  statsUrl?: string;
  /** Sentry-compatible DSN (`SENTRY_DSN`); unset: no error reporting. */
  sentryDsn?: string;
}

/** What the browser needs to know of the server's configuration. */
export interface PublicConfig {
  /** The contact address shown to visitors (`CONTACT_EMAIL`), or null when none is set. */
  contactEmail: string | null;
  matomoUrl: string | null;
  matomoSiteId: number;
  statsUrl: string;
  sentryDsn: string | null;
}

export function publicConfig(contactEmail: string | null, telemetry: TelemetrySettings = {}) {
  return {
    contactEmail,
    matomoUrl: telemetry.matomoUrl ?? null,
    matomoSiteId: telemetry.matomoSiteId ?? DEFAULT_MATOMO_SITE_ID,
    statsUrl: telemetry.statsUrl ?? OWN_STATS_URL,
    sentryDsn: telemetry.sentryDsn ?? null,
  } satisfies PublicConfig;
}

export function registerConfigRoutes(app: FastifyInstance, config: PublicConfig): void {
  app.get("/api/config", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return config;
  });
}

function httpUrlOrUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim().replace(/\/+$/, "");
  if (!trimmed) return undefined;
  try {
    const { protocol } = new URL(trimmed);
    return protocol === "http:" || protocol === "https:" ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The browser services named in the server's environment, with the build's variable names
 * (`VITE_MATOMO_URL`, `VITE_MATOMO_SITE_ID`, `VITE_STATS_URL`, `VITE_SENTRY_DSN`): a value set
 * when the server starts reaches an app built without it.
 */
export function telemetryFromEnv(env: Record<string, string | undefined> = process.env) {
  const siteId = Number(env.VITE_MATOMO_SITE_ID);
  const settings: TelemetrySettings = {};
  const matomoUrl = httpUrlOrUndefined(env.VITE_MATOMO_URL);
  if (matomoUrl) settings.matomoUrl = matomoUrl;
  if (Number.isInteger(siteId) && siteId > 0) settings.matomoSiteId = siteId;
  const statsUrl = httpUrlOrUndefined(env.VITE_STATS_URL);
  if (statsUrl) settings.statsUrl = statsUrl;
  const sentryDsn = httpUrlOrUndefined(env.VITE_SENTRY_DSN);
  if (sentryDsn) settings.sentryDsn = sentryDsn;
  return settings;
}
