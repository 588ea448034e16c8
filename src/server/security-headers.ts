import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AFTER_PAINT_SCRIPT } from "../app/theme/afterPaint";
import { EARLY_SCHEME_SCRIPT } from "../app/theme/earlyScheme";
import type { Config } from "./config";
import { isApiPath } from "./spa";

export interface SecurityHeaderSettings {
  /**
   * Origins allowed to embed the simulator in an iframe (`FRAME_ANCESTORS`): partner sites show it
   * inside their pages. The site itself is always allowed.
   */
  frameAncestors?: readonly string[];
  /** Third parties the browser app talks to (analytics tracker, error reporting, partner API). */
  thirdParties?: ThirdParties;
  /** The site's public address; HSTS is sent only when it is https. */
  publicUrl?: string;
}

/** Build-time addresses of the browser app (`VITE_*`), read again by the server for its CSP. */
export interface ThirdParties {
  /** `VITE_MATOMO_URL`: the tracker script, its beacons (images) and its requests. */
  matomoUrl?: string | undefined;
  /** `VITE_SENTRY_DSN`: error reports are posted to the DSN's host. */
  sentryDsn?: string | undefined;
  /** `VITE_STATS_URL`: benefit events are posted there. */
  statsUrl?: string | undefined;
  /** `VITE_PARTNER_RESULTS_URL`: the results page posts to the partner's endpoint. */
  partnerResultsUrl?: string | undefined;
}

/** The origin (`https://host[:port]`) of a URL, or undefined if it is not an http(s) URL. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

const hashOf = (script: string) =>
  `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/** The inline scripts of the pre-rendered pages, allowed by their hash: the colour scheme… */
export const EARLY_SCHEME_HASH = hashOf(EARLY_SCHEME_SCRIPT);
/** …and the start of the app once the page is painted. */
export const AFTER_PAINT_HASH = hashOf(AFTER_PAINT_SCRIPT);

const sources = (...values: (string | undefined)[]) =>
  [...new Set(values.filter((value): value is string => Boolean(value)))].join(" ");

/** The policy of the app's pages and files (the SPA, its scripts, styles, fonts and icons). */
export function contentSecurityPolicy(settings: SecurityHeaderSettings = {}): string {
  const matomo = originOf(settings.thirdParties?.matomoUrl);
  const sentry = originOf(settings.thirdParties?.sentryDsn);
  const stats = originOf(settings.thirdParties?.statsUrl);
  const partner = originOf(settings.thirdParties?.partnerResultsUrl);
  const ancestors = settings.frameAncestors?.length ? settings.frameAncestors : [];
  return [
    "default-src 'self'",
    `script-src ${sources("'self'", EARLY_SCHEME_HASH, AFTER_PAINT_HASH, matomo)}`,
    // DSFR and react-dsfr add <style> elements and style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    // DSFR's CSS draws some icons and controls with data: SVGs.
    `img-src ${sources("'self'", "data:", matomo)}`,
    "font-src 'self' data:",
    `connect-src ${sources("'self'", matomo, sentry, stats, partner)}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${sources("'self'", ...ancestors)}`,
  ].join("; ");
}

/** JSON answers are never rendered as documents: they may load nothing and be framed by no one. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

/** Headers common to every response: no sniffing, little referrer, no powerful features. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  settings: SecurityHeaderSettings = {},
): void {
  const pagePolicy = contentSecurityPolicy(settings);
  const hsts = settings.publicUrl?.startsWith("https://");
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    reply.header("cross-origin-opener-policy", "same-origin");
    reply.header("content-security-policy", isApiPath(request.url) ? API_POLICY : pagePolicy);
    if (hsts) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    reply.removeHeader("x-powered-by");
  });
}

/** The settings from the server's configuration (`FRAME_ANCESTORS`, `VITE_*`, `PUBLIC_URL`). */
export function securitySettings(
  config: Pick<
    Config,
    "frameAncestors" | "matomoUrl" | "sentryDsn" | "statsUrl" | "partnerResultsUrl" | "publicUrl"
  >,
): SecurityHeaderSettings {
  return {
    frameAncestors: config.frameAncestors,
    thirdParties: {
      matomoUrl: config.matomoUrl,
      sentryDsn: config.sentryDsn,
      statsUrl: config.statsUrl,
      partnerResultsUrl: config.partnerResultsUrl,
    },
    publicUrl: config.publicUrl,
  };
}
