import { z } from "zod";

export interface Config {
  port: number;
  host: string;
  databasePath: string;
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of the SQLite file. */
  databaseUrl?: string;
  /** PostgreSQL connections kept by each instance. */
  databasePoolSize: number;
  /** How often the retention job anonymises old simulations (0: never in this process). */
  retentionIntervalMs: number;
  /** How often the public statistics (`GET /api/stats`) are computed in the background. */
  statsRefreshMs: number;
  /** An already running engine; when unset the server starts its own on `enginePort`. */
  engineUrl?: string;
  enginePort: number;
  /** Number of engine workers; unset lets the engine supervisor choose. */
  engineWorkers?: number;
  engineClientTimeoutMs: number;
  engineWorkerTimeoutS: number;
  /** Engine responses kept in memory (0: no cache). */
  engineCacheSize: number;
  /**
   * Redis shared by every instance (`redis://[:password@]host:6379/0`): rate limits, engine results
   * and computations in flight. Unset: each instance keeps them in its own memory.
   */
  redisUrl?: string;
  /** Prefix of every Redis key and channel, so deployments sharing a Redis keep apart. */
  redisKeyPrefix: string;
  /** How long Redis keeps an engine response. */
  engineCacheTtlS: number;
  /** Most engine responses kept in Redis (the least recently used go first). */
  redisCacheSize: number;
  /** Most households sent in one batched `/calculate`. */
  engineMaxBatchSize: number;
  /** How long a computation arriving at an idle engine waits for others to join its batch. */
  engineBatchWindowMs: number;
  /** Most computations waiting for an engine worker; unset: workers × max batch size. */
  engineMaxQueue?: number;
  /** Longest wait of a computation for an engine worker before a 503. */
  engineQueueTimeoutMs: number;
  /** Most computations ahead of a click waiting for a free worker; 0: none; unset: as the queue. */
  engineAheadQueue?: number;
  /** `POST /api/simulation` per client address per minute (0: no limit). */
  writesPerMinutePerIp: number;
  /** Computations (results, representations, explanations) per client address per minute (0: no limit). */
  computationsPerMinutePerIp: number;
  /** Results pages the server renders per client address per minute, then the browser's (0: no limit). */
  renderedPagesPerMinutePerIp: number;
  /** Longest time to receive a request, body included (ms). */
  requestTimeoutMs: number;
  contactEmail?: string;
  staticDir: string;
  /** SMTP server of the recap e-mails (`smtp://user:password@host:587`); unset: no e-mails. */
  smtpUrl?: string;
  /** Sender of the recap e-mails. */
  mailFrom: string;
  /** The site's public address, for the links in recaps. */
  publicUrl: string;
  /** SMS provider endpoint (POST JSON `{ to, text }`); unset: no SMS. */
  smsUrl?: string;
  smsUser?: string;
  smsPassword?: string;
  /** The places directory (API Annuaire de l’administration format); unset: the public one. */
  lieuxApiUrl?: string;
  /**
   * Which proxies to believe about the visitor's address (`X-Forwarded-For`), for per-IP rate
   * limits behind a load balancer: `true`, a number of hops, or addresses/CIDRs. Unset: none.
   */
  trustProxy?: boolean | number | string[];
  /** Partner origins allowed to show the simulator in an iframe (CSP `frame-ancestors`). */
  frameAncestors?: string[];
  /** The browser app's analytics tracker, error reporting and partner endpoint, allowed by the CSP. */
  matomoUrl?: string;
  sentryDsn?: string;
  statsUrl?: string;
  partnerResultsUrl?: string;
  /** Prometheus metrics on their own port (`METRICS_PORT`); unset: not served. */
  metrics?: { port: number; host: string; token?: string };
}

export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const port = () => integer(1, 65_535);

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((url) => url.replace(/\/+$/, ""));

/** Space-separated http(s) origins, a leading `*.` allowed: `https://a.fr https://*.b.fr`. */
const origins = z
  .string()
  .trim()
  .transform((value) => value.split(/\s+/).filter(Boolean))
  .pipe(
    z.array(
      z
        .string()
        .regex(
          /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/,
          "must be space-separated http(s) origins (https://partenaire.fr)",
        ),
    ),
  );

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// URL");

const smtpUrl = z
  .string()
  .trim()
  .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL");

const schema = z
  .object({
    PORT: port().default(8080),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATABASE_PATH: z.string().trim().min(1).default("data/simulateur.sqlite"),
    DATABASE_URL: postgresUrl.optional(),
    DATABASE_POOL_SIZE: integer(1, 1_000).default(10),
    RETENTION_INTERVAL_MS: integer(0, 2_147_483_647).default(3_600_000),
    STATS_REFRESH_MS: integer(1_000, 86_400_000).default(300_000),
    ENGINE_URL: httpUrl.optional(),
    ENGINE_PORT: port().default(5001),
    ENGINE_WORKERS: integer(1, 64).optional(),
    ENGINE_CLIENT_TIMEOUT_MS: integer(100, 3_600_000).default(30_000),
    ENGINE_WORKER_TIMEOUT_S: integer(1, 3_600).default(60),
    ENGINE_CACHE_SIZE: integer(0, 1_000_000).default(500),
    ENGINE_MAX_BATCH_SIZE: integer(1, 1_000).default(64),
    REDIS_URL: z
      .string()
      .trim()
      .regex(/^rediss?:\/\/.+/, "must be a redis:// or rediss:// URL")
      .optional(),
    REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default("simulateur:"),
    ENGINE_CACHE_TTL_S: integer(1, 30 * 86_400).default(86_400),
    REDIS_CACHE_SIZE: integer(1, 10_000_000).default(100_000),
    ENGINE_BATCH_WINDOW_MS: integer(0, 1_000).default(15),
    ENGINE_MAX_QUEUE: integer(1, 1_000_000).optional(),
    ENGINE_QUEUE_TIMEOUT_MS: integer(100, 3_600_000).default(10_000),
    ENGINE_AHEAD_QUEUE: integer(0, 1_000_000).optional(),
    WRITES_PER_MINUTE_PER_IP: integer(0, 1_000_000).default(120),
    COMPUTATIONS_PER_MINUTE_PER_IP: integer(0, 1_000_000).default(120),
    RENDERED_PAGES_PER_MINUTE_PER_IP: integer(0, 1_000_000).default(120),
    REQUEST_TIMEOUT_MS: integer(1_000, 3_600_000).default(10_000),
    CONTACT_EMAIL: z.email("must be an e-mail address").optional(),
    STATIC_DIR: z.string().trim().min(1).default("dist/app"),
    SMTP_URL: smtpUrl.optional(),
    MAIL_FROM: z.string().trim().min(1).default("Simulateur d’aides <no-reply@localhost>"),
    PUBLIC_URL: httpUrl.default("http://localhost:8080"),
    SMS_URL: httpUrl.optional(),
    SMS_USER: z.string().optional(),
    SMS_PASSWORD: z.string().optional(),
    LIEUX_API_URL: httpUrl.optional(),
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(/^(true|false|\d+|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, {
        message: "must be true, false, a number of hops or comma-separated addresses",
      })
      .optional(),
    FRAME_ANCESTORS: origins.optional(),
    VITE_MATOMO_URL: httpUrl.optional(),
    VITE_SENTRY_DSN: httpUrl.optional(),
    VITE_STATS_URL: httpUrl.optional(),
    VITE_PARTNER_RESULTS_URL: httpUrl.optional(),
    METRICS_PORT: port().optional(),
    METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
    METRICS_TOKEN: z
      .string()
      .trim()
      .regex(/^\S{32,}$/, "must be at least 32 characters without spaces")
      .optional(),
  })
  .refine((env) => env.ENGINE_CLIENT_TIMEOUT_MS < env.ENGINE_WORKER_TIMEOUT_S * 1000, {
    // Otherwise the client would wait on a worker the engine has already killed.
    message: "must be below ENGINE_WORKER_TIMEOUT_S (in milliseconds)",
    path: ["ENGINE_CLIENT_TIMEOUT_MS"],
  })
  .refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT !== env.PORT, {
    message: "must differ from PORT (the metrics are never served on the site's port)",
    path: ["METRICS_PORT"],
  })
  .refine((env) => env.METRICS_TOKEN === undefined || env.METRICS_PORT !== undefined, {
    message: "needs METRICS_PORT (the metrics are served on their own port only)",
    path: ["METRICS_TOKEN"],
  });

/** Values that may hold a password: never echoed in error messages. */
const SECRET_KEYS = new Set([
  "DATABASE_URL",
  "SMTP_URL",
  "SMS_URL",
  "SMS_PASSWORD",
  "REDIS_URL",
  "METRICS_TOKEN",
]);

type Env = Record<string, string | undefined>;

/** Reads the configuration from the environment; throws a `ConfigError` listing every bad value. */
export function loadConfig(env: Env = process.env): Config {
  const keys = Object.keys(schema.shape);
  // An empty variable (`PORT=`) means "use the default", as it does in most shells' .env files.
  const input = Object.fromEntries(
    keys.map((key) => [key, env[key] === "" ? undefined : env[key]]),
  );
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? "configuration");
        const value = env[key];
        const shown =
          value === undefined || SECRET_KEYS.has(key) ? "" : ` (got ${JSON.stringify(value)})`;
        return `${key}: ${issue.message}${shown}`;
      }),
    );
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    databasePath: values.DATABASE_PATH,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    retentionIntervalMs: values.RETENTION_INTERVAL_MS,
    statsRefreshMs: values.STATS_REFRESH_MS,
    engineUrl: values.ENGINE_URL,
    enginePort: values.ENGINE_PORT,
    engineWorkers: values.ENGINE_WORKERS,
    engineClientTimeoutMs: values.ENGINE_CLIENT_TIMEOUT_MS,
    engineWorkerTimeoutS: values.ENGINE_WORKER_TIMEOUT_S,
    engineCacheSize: values.ENGINE_CACHE_SIZE,
    engineMaxBatchSize: values.ENGINE_MAX_BATCH_SIZE,
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    engineCacheTtlS: values.ENGINE_CACHE_TTL_S,
    redisCacheSize: values.REDIS_CACHE_SIZE,
    engineBatchWindowMs: values.ENGINE_BATCH_WINDOW_MS,
    engineMaxQueue: values.ENGINE_MAX_QUEUE,
    engineQueueTimeoutMs: values.ENGINE_QUEUE_TIMEOUT_MS,
    engineAheadQueue: values.ENGINE_AHEAD_QUEUE,
    writesPerMinutePerIp: values.WRITES_PER_MINUTE_PER_IP,
    computationsPerMinutePerIp: values.COMPUTATIONS_PER_MINUTE_PER_IP,
    renderedPagesPerMinutePerIp: values.RENDERED_PAGES_PER_MINUTE_PER_IP,
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    contactEmail: values.CONTACT_EMAIL,
    staticDir: values.STATIC_DIR,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    publicUrl: values.PUBLIC_URL,
    smsUrl: values.SMS_URL,
    smsUser: values.SMS_USER,
    smsPassword: values.SMS_PASSWORD,
    lieuxApiUrl: values.LIEUX_API_URL,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    frameAncestors: values.FRAME_ANCESTORS,
    matomoUrl: values.VITE_MATOMO_URL,
    sentryDsn: values.VITE_SENTRY_DSN,
    statsUrl: values.VITE_STATS_URL,
    partnerResultsUrl: values.VITE_PARTNER_RESULTS_URL,
    ...(values.METRICS_PORT !== undefined
      ? {
          metrics: {
            port: values.METRICS_PORT,
            host: values.METRICS_HOST,
            ...(values.METRICS_TOKEN ? { token: values.METRICS_TOKEN } : {}),
          },
        }
      : {}),
  };
}

function parseTrustProxy(value: string | undefined): Config["trustProxy"] {
  if (value === undefined || value === "false") return undefined;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",");
}
