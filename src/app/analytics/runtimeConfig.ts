import type { FetchLike } from "../machine/api";

/** Matomo site id of the simulator (docs/product.md §9). */
export const DEFAULT_MATOMO_SITE_ID = 66;

/** The third-party services of the browser app; each is off when its address is missing. */
export interface TelemetryConfig {
  matomoUrl?: string;
  matomoSiteId: number;
  /** Where benefit events are posted (docs/product.md §7); our server's endpoint by default. */
  statsUrl?: string;
  sentryDsn?: string;
}

type BuildEnv = Record<string, string | boolean | undefined>;

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim().replace(/\/+$/, "") : undefined;
}

function siteId(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * Build-time `VITE_*` values win; the server's `GET /api/config` fills the gaps, so that one
 * build serves sites with different trackers. A server that cannot answer leaves them unset.
 */
export async function resolveTelemetryConfig(
  env: BuildEnv,
  fetchFn: FetchLike,
): Promise<TelemetryConfig> {
  let server: Record<string, unknown> = {};
  try {
    const response = await fetchFn("/api/config", { headers: { Accept: "application/json" } });
    if (response.ok) server = (await response.json()) as Record<string, unknown>;
  } catch {
    // Offline or an older server: the build's values only.
  }
  const config: TelemetryConfig = {
    matomoSiteId:
      siteId(env.VITE_MATOMO_SITE_ID) ?? siteId(server.matomoSiteId) ?? DEFAULT_MATOMO_SITE_ID,
  };
  const matomoUrl = text(env.VITE_MATOMO_URL) ?? text(server.matomoUrl);
  if (matomoUrl) config.matomoUrl = matomoUrl;
  const statsUrl = text(env.VITE_STATS_URL) ?? text(server.statsUrl);
  if (statsUrl) config.statsUrl = statsUrl;
  const sentryDsn = text(env.VITE_SENTRY_DSN) ?? text(server.sentryDsn);
  if (sentryDsn) config.sentryDsn = sentryDsn;
  return config;
}

let shared: Promise<TelemetryConfig> | undefined;

/** One request per page load. */
export function telemetryConfig(): Promise<TelemetryConfig> {
  shared ??= resolveTelemetryConfig(import.meta.env, (input, init) => window.fetch(input, init));
  return shared;
}
