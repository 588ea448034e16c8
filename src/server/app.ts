import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { z } from "zod";
import type { AppDeps } from "./app-deps";
import { createCommuneLookup } from "./communes";
import { handleClientError, handleError, sendError } from "./http-errors";
import { messages } from "./messages";
import { countRefusals, registerRequestMetrics } from "./metrics";
import { memoryEventQuotas } from "./stats/quota";
import { fallbackParameters } from "./parameters";
import { loadConfig } from "./config";
import { createLieuxClient } from "./places";
import { withoutSecretParameters } from "./redact-url";
import { registerCommuneRoutes } from "./routes/communes";
import { DEFAULT_IP_LIMITS, memoryRateLimiters, perMinuteLimiter } from "./rate-limit";
import { publicConfig, registerConfigRoutes, telemetryFromEnv } from "./routes/config";
import { registerFollowupRoutes } from "./routes/followup";
import { registerHealthRoutes } from "./routes/health";
import { registerMissingBenefitsRoute } from "./routes/missing-benefits";
import { registerParameterRoutes } from "./routes/parameters";
import { registerPlacesRoutes } from "./routes/places";
import { registerSimulationRoutes } from "./routes/simulation";
import { registerStatsRoutes } from "./routes/stats";
import { registerSecurityHeaders, securitySettings } from "./security-headers";
import { isApiPath, registerSpa, sendSpaIndex, wantsSpaFallback } from "./spa";
import { createResultsPage, RESULTS_PAGE_PATH } from "./results-page";
import { AID_PAGE_TEMPLATE, AID_PAGES_PREFIX, createAidPage } from "./aid-page";
import { RECAP_PATH } from "../domain/journey";
import { createRecapPage } from "./recap-page";
import { createServerRenderer } from "./server-renderer";
import { createFollowupRepository, createSimulationRepository } from "./storage";

export type * from "./app-deps";

// Zod's own messages (in the field errors of every route) in French, like the API's.
z.config(z.locales.fr());

const gzipAsync = promisify(gzip);

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Longest time to receive a request, body included (`REQUEST_TIMEOUT_MS`): then a 408. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

const REDACTED_PATHS = [
  "req.headers.authorization",
  "request.headers.authorization",
  "headers.authorization",
  // Recap contact details: never logged, even if a body is.
  "req.body.email",
  "req.body.phone",
  "request.body.email",
  "request.body.phone",
  "body.email",
  "body.phone",
];

/** No request nests this deep; a deeper document would overflow the stack when stored (a 500). */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` opens more than `max` nested arrays or objects (strings skipped). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the next character.
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/** Fastify's JSON parser (with its prototype-poisoning checks), after a nesting check: 400. */
function limitJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
      done(Object.assign(new Error("JSON nested too deeply"), { statusCode: 400 }), undefined);
      return;
    }
    parse(request, text, done);
  });
}

/**
 * Logged URLs drop every credential-like query parameter (the survey links' follow-up `token`,
 * `access_token`, `authorization`, `api_key`…) and any contact detail written in them.
 */
export function withoutTokens(url: string): string {
  return redactPersonalText(withoutSecretParameters(url));
}

/** Keys whose values are contact details (docs/product.md §3: prénom, nom, email, téléphone), any case. */
const PERSONAL_KEYS = new Set(["prenom", "nom", "email", "telephone", "phone", "_firstname"]);
const EMAIL_IN_TEXT = /[^\s@"'<>(),;:/?&=]+@[^\s@"'<>(),;:/?&=]+\.[A-Za-z]{2,}/g;
const PHONE_IN_TEXT = /(?<![\w+])(?:\+33\s?|0)[1-9](?:[\s.-]?\d{2}){4}(?!\w)/g;

function redactPersonalText(text: string): string {
  return text.replace(EMAIL_IN_TEXT, "[redacted]").replace(PHONE_IN_TEXT, "[redacted]");
}

/**
 * Contact details never reach the logs, wherever they hide in a log object: under a personal key,
 * as the value of a contact answer (`{ fieldName: "email", value }`), or inside any text.
 */
export function redactPersonalData(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactPersonalText(value);
  if (value === null || typeof value !== "object" || depth > 10) return value;
  if (Array.isArray(value)) return value.map((item) => redactPersonalData(item, depth + 1));
  const record = value as Record<string, unknown>;
  if (value instanceof Error) {
    return redactPersonalData(
      { ...record, type: value.name, message: value.message, stack: value.stack },
      depth,
    );
  }
  // Requests and replies keep their own serializers.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const contactAnswer =
    typeof record.fieldName === "string" && PERSONAL_KEYS.has(record.fieldName.toLowerCase());
  return Object.fromEntries(
    Object.entries(record).map(([key, item]) => [
      key,
      PERSONAL_KEYS.has(key.toLowerCase()) || (contactAnswer && key === "value")
        ? "[redacted]"
        : redactPersonalData(item, depth + 1),
    ]),
  );
}

/**
 * One access line per request, written when it completes with the request it answered, instead
 * of Fastify's two ("incoming request" then "request completed"): half the log volume on the
 * write path, which `npm run bench` loads.
 */
class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/** The HTTP application, ready to `listen` or `inject`. Migrations must already have run. */
export function buildApp(deps: AppDeps): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(deps.logger),
    logController: new AccessLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    ...requestTimeoutOptions(deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    ...(deps.trustProxy !== undefined ? { trustProxy: fastifyTrustProxy(deps.trustProxy) } : {}),
    // Malformed URLs (`/api/%`) and the like get the API's error shape too.
    frameworkErrors: (_error, _request, reply) => sendError(reply, 400, messages.badRequest),
  });

  // JSON only: anything else (text/plain included) is a 415.
  app.removeContentTypeParser("text/plain");
  limitJsonDepth(app);
  app.setErrorHandler(handleError);
  registerRequestMetrics(app);
  registerSecurityHeaders(app, deps.security ?? securitySettings(loadConfig()));

  // Simulations are private: no cache may keep them. Routes that are cacheable say so.
  app.addHook("onSend", async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
  });

  const communes =
    deps.communes ??
    createCommuneLookup(({ loadMs, byPostcode }) =>
      app.log.info({ loadMs, postcodes: byPostcode.size }, "commune data loaded"),
    );

  const simulations = createSimulationRepository(deps.db);
  const { ipLimits } = deps;
  const limiters = countRefusals(deps.shared?.limiters ?? memoryRateLimiters);
  const renderLimiter = perMinuteLimiter(
    ipLimits?.renderedPagesPerMinute ?? DEFAULT_IP_LIMITS.renderedPagesPerMinute,
    ipLimits?.now,
    "ip-rendered-pages",
    limiters,
  );
  const ssrDir = deps.staticDir && join(resolve(deps.staticDir), "..", "ssr");
  const resultsPage = createResultsPage({
    ssrDir,
    repository: simulations,
    logger: app.log,
    ...(renderLimiter ? { limiter: renderLimiter } : {}),
  });
  const recapPage = createRecapPage({
    ssrDir,
    repository: simulations,
    heldResults: (simulation) => resultsPage.heldResults(simulation),
    logger: app.log,
    ...(renderLimiter ? { limiter: renderLimiter } : {}),
  });
  const aidPage = createAidPage({
    renderer: createServerRenderer(ssrDir, app.log, AID_PAGE_TEMPLATE),
    logger: app.log,
    ...(renderLimiter ? { limiter: renderLimiter } : {}),
  });
  registerSimulationRoutes(app, {
    writeLimiter: perMinuteLimiter(
      ipLimits?.writesPerMinute ?? DEFAULT_IP_LIMITS.writesPerMinute,
      ipLimits?.now,
      "ip-writes",
      limiters,
    ),
    computeLimiter: perMinuteLimiter(
      ipLimits?.computationsPerMinute ?? DEFAULT_IP_LIMITS.computationsPerMinute,
      ipLimits?.now,
      "ip-computations",
      limiters,
    ),
    repository: simulations,
    bundle: deps.bundle,
    parseSimulationInput: deps.parseSimulationInput,
    computeResults: deps.computeResults,
    computeRepresentation: deps.computeRepresentation,
    explainBenefit: deps.explainBenefit,
    computeAhead: deps.computeAhead,
    resultsPage,
  });
  registerFollowupRoutes(app, {
    simulations,
    followups: createFollowupRepository(deps.db),
    computeResults: deps.computeResults,
    recap: deps.recap ?? { publicUrl: "http://localhost:8080" },
    limiters,
  });
  registerCommuneRoutes(app, communes);
  registerHealthRoutes(app, {
    db: deps.db,
    engineStatus: deps.engineStatus,
    ...(deps.shared ? { sharedStatus: deps.shared.status } : {}),
  });
  registerParameterRoutes(
    app,
    deps.parametersAt ?? (async (date) => fallbackParameters(deps.bundle.parameters, date)),
  );
  registerMissingBenefitsRoute(app, deps.missingBenefits);
  registerConfigRoutes(app, publicConfig(deps.contactEmail ?? null, telemetryFromEnv()));
  registerStatsRoutes(app, {
    ...deps.stats,
    db: deps.db,
    bundle: deps.bundle,
    limiters,
    quotas: countRefusals(deps.shared?.quotas ?? memoryEventQuotas),
  });
  registerPlacesRoutes(app, deps.lieux ?? createLieuxClient());

  const spa = registerSpa(app, deps.staticDir);
  // The visitor's own results and answers: no cache may keep them.
  const visitorPageRoute = (
    path: string,
    page: { render(request: FastifyRequest): Promise<string | undefined> },
  ) =>
    app.get(path, async (request, reply) => {
      if (!spa || !wantsSpaFallback(request)) return sendError(reply, 404, messages.notFound);
      const rendered = await page.render(request);
      if (!rendered) return sendSpaIndex(reply, request.url, spa);
      reply.header("cache-control", "private, no-store").header("vary", "cookie, accept-encoding");
      return sendHtml(request, reply, rendered);
    });
  visitorPageRoute(RESULTS_PAGE_PATH, resultsPage);
  visitorPageRoute(RECAP_PATH, recapPage);
  app.get(`${AID_PAGES_PREFIX}:benefitId`, async (request, reply) => {
    if (!spa || !wantsSpaFallback(request)) return sendError(reply, 404, messages.notFound);
    const page = await aidPage.render(request);
    if (!page) return sendSpaIndex(reply, request.url, spa);
    reply.header("cache-control", "no-cache").header("vary", "accept-encoding");
    return sendHtml(request, reply, page);
  });
  app.setNotFoundHandler((request, reply) => {
    if (spa && wantsSpaFallback(request)) return sendSpaIndex(reply, request.url, spa);
    return sendError(reply, 404, messages.notFound);
  });

  return app;
}

/** A page the server rendered, gzipped when the browser accepts it. */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, page: string) {
  reply.type("text/html; charset=utf-8");
  if (!/\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) return reply.send(page);
  // Compressed off the event loop (zlib's thread pool): a page of about 80 KB sends 12.
  return reply.header("content-encoding", "gzip").send(await gzipAsync(page));
}

/**
 * Node checks every open connection for a request not received in time every
 * `connectionsCheckingInterval` (30 s by default): a tenth of the timeout keeps the 408 close to
 * it. Node swaps the two timeouts when `headersTimeout` (60 s by default) exceeds
 * `requestTimeout`, so the headers get the same limit as the whole request.
 */
function requestTimeoutOptions(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, Math.max(10, requestTimeoutMs / 10)),
    },
    clientErrorHandler: handleClientError,
  };
}

/** A number of hops becomes the function Fastify's typings ask for (same meaning as proxy-addr's). */
function fastifyTrustProxy(setting: boolean | number | string[]) {
  return typeof setting === "number" ? (_address: string, hop: number) => hop < setting : setting;
}

function loggerOptions(logger: AppDeps["logger"]): FastifyServerOptions["logger"] {
  if (logger === false) return false;
  const options = logger === undefined || logger === true ? { level: "info" } : logger;
  const extra = Array.isArray(options.redact) ? options.redact : (options.redact?.paths ?? []);
  return {
    ...options,
    redact: { paths: [...REDACTED_PATHS, ...extra], censor: "[redacted]" },
    formatters: {
      ...options.formatters,
      log: (object) =>
        redactPersonalData(
          options.formatters?.log ? options.formatters.log(object) : object,
        ) as Record<string, unknown>,
    },
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: request.method,
        url: withoutTokens(request.url),
        hostname: request.hostname,
        remoteAddress: request.ip,
      }),
      ...options.serializers,
    },
  };
}
