import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { AppDeps } from "./app-deps";
import { createCommuneLookup } from "./communes";
import { handleError, sendError } from "./http-errors";
import { messages } from "./messages";
import { fallbackParameters } from "./parameters";
import { createLieuxClient } from "./places";
import { registerCommuneRoutes } from "./routes/communes";
import { publicConfig, registerConfigRoutes, telemetryFromEnv } from "./routes/config";
import { registerFollowupRoutes } from "./routes/followup";
import { registerHealthRoutes } from "./routes/health";
import { registerMissingBenefitsRoute } from "./routes/missing-benefits";
import { registerParameterRoutes } from "./routes/parameters";
import { registerPlacesRoutes } from "./routes/places";
import { registerSimulationRoutes } from "./routes/simulation";
import { registerStatsRoutes } from "./routes/stats";
import { isApiPath, registerSpa, sendSpaIndex, wantsSpaFallback } from "./spa";
import { createFollowupRepository, createSimulationRepository } from "./storage";

export type * from "./app-deps";

export const BODY_LIMIT_BYTES = 1024 * 1024;

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

/** Survey links carry the follow-up token in their query string: logged URLs drop it. */
export function withoutTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}

/** The HTTP application, ready to `listen` or `inject`. Migrations must already have run. */
export function buildApp(deps: AppDeps): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(deps.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    ...(deps.trustProxy !== undefined ? { trustProxy: fastifyTrustProxy(deps.trustProxy) } : {}),
  });

  // JSON only: anything else (text/plain included) is a 415.
  app.removeContentTypeParser("text/plain");
  app.setErrorHandler(handleError);

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
  registerSimulationRoutes(app, {
    repository: simulations,
    bundle: deps.bundle,
    parseSimulationInput: deps.parseSimulationInput,
    computeResults: deps.computeResults,
    computeRepresentation: deps.computeRepresentation,
    explainBenefit: deps.explainBenefit,
  });
  registerFollowupRoutes(app, {
    simulations,
    followups: createFollowupRepository(deps.db),
    computeResults: deps.computeResults,
    recap: deps.recap ?? { publicUrl: "http://localhost:8080" },
  });
  registerCommuneRoutes(app, communes);
  registerHealthRoutes(app, { db: deps.db, engineStatus: deps.engineStatus });
  registerParameterRoutes(
    app,
    deps.parametersAt ?? (async (date) => fallbackParameters(deps.bundle.parameters, date)),
  );
  registerMissingBenefitsRoute(app, deps.missingBenefits);
  registerConfigRoutes(app, publicConfig(deps.contactEmail ?? null, telemetryFromEnv()));
  registerStatsRoutes(app, { db: deps.db, bundle: deps.bundle });
  registerPlacesRoutes(app, deps.lieux ?? createLieuxClient());

  const spa = registerSpa(app, deps.staticDir);
  app.setNotFoundHandler((request, reply) => {
    if (spa && wantsSpaFallback(request)) return sendSpaIndex(reply);
    return sendError(reply, 404, messages.notFound);
  });

  return app;
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
