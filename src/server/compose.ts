import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Kysely } from "kysely";
import { parseSimulationInput, type Bundle, type Catalogue } from "../domain";
import { buildApp } from "./app";
import type { AppDeps, MissingBenefits } from "./app-deps";
import { createBikeAidsCalculator, type BikeAidsCalculator } from "./bikes";
import { createCommuneCentres } from "./commune-centres";
import {
  createComputeAhead,
  createEngineCompute,
  createEngineInfo,
  type EngineCompute,
  type SharedResults,
} from "./compute";
import { EngineUnavailableError, type EngineSupervisor } from "./engine";
import { countBackground, countSends, watchComputeAhead, watchEngine } from "./metrics";
import { createParameterService, type ParametersAt } from "./parameters";
import { createLieuxClient } from "./places";
import { createHttpSmsSender, createSmtpMailer, type RecapDeps } from "./recap";
import { repoPath } from "./repo-paths";
import { createSimulationComputer, type SimulationComputer } from "./results";
import type { StatsBenefit, StatsSettings } from "./routes/stats";
import type { Database, Simulation } from "./storage";

const BUNDLE_URL = repoPath("src", "generated", "bundle.json");

/** The schema bundle emitted by `npm run schema:build`. */
export function loadBundle(): Bundle {
  try {
    return JSON.parse(readFileSync(BUNDLE_URL, "utf8")) as Bundle;
  } catch {
    throw new Error("src/generated/bundle.json is missing: run `npm run schema:build` first.");
  }
}

const CATALOGUE_URL = repoPath("src", "generated", "catalogue.json");

/** The condition-based and bike aids emitted by `npm run schema:build`. */
export function loadCatalogue(): Catalogue {
  try {
    return JSON.parse(readFileSync(CATALOGUE_URL, "utf8")) as Catalogue;
  } catch {
    throw new Error("src/generated/catalogue.json is missing: run `npm run schema:build` first.");
  }
}

export interface ComputeSettings {
  /** Requests sent to the engine at once (default: the supervisor's workers, else the cores). */
  workers?: number;
  /** ENGINE_CACHE_SIZE (default 500; 0: no cache). */
  cacheSize?: number;
  /** ENGINE_MAX_BATCH_SIZE (default 64). */
  maxBatchSize?: number;
  /** ENGINE_BATCH_WINDOW_MS (default 15). */
  batchWindowMs?: number;
  /** ENGINE_MAX_QUEUE (default workers × max batch size). */
  maxQueue?: number;
  /** ENGINE_QUEUE_TIMEOUT_MS (default 10 000). */
  queueTimeoutMs?: number;
  /** ENGINE_AHEAD_QUEUE (default as `maxQueue`; 0: no computation ahead of the click). */
  aheadQueue?: number;
  /** With REDIS_URL: the results and computations of every instance. */
  shared?: SharedResults;
}

export interface SimulatorParts {
  bundle: Bundle;
  /** Condition-based and bike aids; the generated catalogue by default. */
  catalogue?: Catalogue;
  db: Kysely<Database>;
  engine: Pick<EngineSupervisor, "client" | "status"> &
    Partial<Pick<EngineSupervisor, "workers" | "onStatus">>;
  compute?: ComputeSettings;
  staticDir?: string;
  logger?: FastifyServerOptions["logger"];
  contactEmail?: string;
  recap?: RecapSettings;
  /** The places directory (`LIEUX_API_URL`); the public API Annuaire by default. */
  lieuxUrl?: string;
  /** `TRUST_PROXY`: the proxies whose `X-Forwarded-For` gives the visitor's address. */
  trustProxy?: AppDeps["trustProxy"];
  /** The public statistics: `refreshMs` is `STATS_REFRESH_MS`; tests wrap `createRefresher`. */
  stats?: Pick<StatsSettings, "refreshMs" | "createRefresher">;
  /** `WRITES_PER_MINUTE_PER_IP`, `COMPUTATIONS_PER_MINUTE_PER_IP` (default 120 each). */
  ipLimits?: AppDeps["ipLimits"];
  /** `REQUEST_TIMEOUT_MS` (default 10 000). */
  requestTimeoutMs?: number;
  /** With REDIS_URL: the limits shared by every instance (the results go in `compute.shared`). */
  shared?: AppDeps["shared"];
  /**
   * Loads right away, in the background, what the first computations would otherwise load (the
   * bike aids' rules, 0.6 s): the server and the bench set it, tests need not pay for it.
   */
  warmUp?: boolean;
}

/** Where recaps go (`SMTP_URL`, `MAIL_FROM`, `PUBLIC_URL`, `SMS_URL`, `SMS_USER`, `SMS_PASSWORD`). */
export interface RecapSettings {
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  publicUrl?: string | undefined;
  smsUrl?: string | undefined;
  smsUser?: string | undefined;
  smsPassword?: string | undefined;
  /** Rate limits and clock, for tests. */
  limits?: Pick<RecapDeps, "perIpLimit" | "perSimulationLimit" | "windowMs" | "now">;
}

/** Recap senders from their settings; a channel without settings is disabled. */
export function buildRecapDeps(settings: RecapSettings = {}): RecapDeps {
  return {
    publicUrl: (settings.publicUrl ?? "http://localhost:8080").replace(/\/+$/, ""),
    ...(settings.smtpUrl
      ? {
          mailer: countSends(
            "email",
            createSmtpMailer(
              settings.smtpUrl,
              settings.mailFrom ?? "Simulateur d’aides <no-reply@localhost>",
            ),
          ),
        }
      : {}),
    ...(settings.smsUrl
      ? {
          sms: countSends(
            "sms",
            createHttpSmsSender({
              url: settings.smsUrl,
              user: settings.smsUser,
              password: settings.smsPassword,
            }),
          ),
        }
      : {}),
    ...settings.limits,
  };
}

/** The engine path of results: cache, batching and what the server knows of the engine. */
export function buildEngineCompute(
  engine: SimulatorParts["engine"],
  settings: ComputeSettings = {},
): EngineCompute {
  const info = createEngineInfo(engine.client);
  watchEngine(engine);
  // A restarted engine may be another version, with other variables: read them again.
  engine.onStatus?.((status) => {
    if (status !== "ready") info.reset();
  });
  return createEngineCompute(engine.client, {
    workers: settings.workers ?? engine.workers ?? availableParallelism(),
    info,
    ...(settings.cacheSize !== undefined ? { cacheSize: settings.cacheSize } : {}),
    ...(settings.maxBatchSize !== undefined ? { maxBatchSize: settings.maxBatchSize } : {}),
    ...(settings.batchWindowMs !== undefined ? { batchWindowMs: settings.batchWindowMs } : {}),
    ...(settings.maxQueue !== undefined ? { maxQueue: settings.maxQueue } : {}),
    ...(settings.queueTimeoutMs !== undefined ? { queueTimeoutMs: settings.queueTimeoutMs } : {}),
    ...(settings.aheadQueue !== undefined ? { aheadQueue: settings.aheadQueue } : {}),
    ...(settings.shared ? { shared: settings.shared } : {}),
  });
}

/** Catalogue benefits whose variable the engine lacks; unavailable until the engine is ready. */
export function missingBenefitsOf(
  bundle: Bundle,
  engine: Pick<EngineSupervisor, "status">,
  compute: Pick<EngineCompute, "info">,
): MissingBenefits {
  return async () => {
    if (engine.status !== "ready") {
      throw new EngineUnavailableError(`engine ${engine.status}: its variables are unknown`);
    }
    const known = await compute.info.variables();
    return bundle.benefits
      .filter((benefit) => !known.has(benefit.engine.variable))
      .map((benefit) => benefit.id);
  };
}

/** What benefit events may name, and the statistics page label: engine benefits and catalogue aids. */
export function statsBenefits(
  bundle: Bundle,
  catalogue: Pick<Catalogue, "aids" | "bikeAids">,
): StatsBenefit[] {
  return [...bundle.benefits, ...catalogue.aids, ...catalogue.bikeAids].map(({ id, label }) => ({
    id,
    label,
  }));
}

/**
 * The results pipeline of the app (prune → situation → engine request → engine → results), as
 * `buildSimulatorApp` wires it: shared with the tests that replay official cases through it.
 */
export function buildSimulationComputer(
  bundle: Bundle,
  catalogue: Catalogue,
  compute: EngineCompute,
  parametersAt: ParametersAt,
  bikeAids: BikeAidsCalculator = createBikeAidsCalculator(bundle, catalogue),
): SimulationComputer {
  return createSimulationComputer(bundle, compute.calculator, {
    parametersAt,
    engineVariables: () => compute.info.variables(),
    communeCentres: createCommuneCentres(),
    catalogue,
    bikeAids,
  });
}

/** The production wiring of the app: schema-driven validation and results from the engine. */
export function buildSimulatorApp({
  bundle,
  catalogue = loadCatalogue(),
  db,
  engine,
  compute: settings,
  staticDir,
  logger,
  contactEmail,
  recap,
  lieuxUrl,
  trustProxy,
  stats,
  ipLimits,
  requestTimeoutMs,
  shared,
  warmUp = false,
}: SimulatorParts): FastifyInstance {
  const parametersAt = createParameterService(bundle.parameters, engine.client, {
    engineStatus: () => engine.status,
  });
  const compute = buildEngineCompute(engine, settings);
  const bikeAids = createBikeAidsCalculator(bundle, catalogue);
  if (warmUp) setTimeout(() => bikeAids.warm(), 0).unref();
  const computer = buildSimulationComputer(bundle, catalogue, compute, parametersAt, bikeAids);
  const ahead =
    compute.aheadQueue > 0
      ? createComputeAhead({
          run: countBackground(computer.computeAhead),
          maxTracked: compute.aheadQueue,
          engineReady: () => engine.status === "ready",
          // The app's logger, once built (a computation ahead fails only after a save).
          onError: (error) => app.log.warn({ err: error }, "compute ahead failed"),
        })
      : undefined;
  if (ahead) watchComputeAhead(ahead);
  const app = buildApp({
    db,
    bundle,
    parseSimulationInput: (body) => parseSimulationInput(bundle, body),
    computeResults: computer.results,
    computeRepresentation: computer.representation,
    explainBenefit: computer.explain,
    ...(ahead ? { computeAhead: (simulation: Simulation) => ahead.schedule(simulation) } : {}),
    missingBenefits: missingBenefitsOf(bundle, engine, compute),
    engineStatus: () => engine.status,
    parametersAt,
    recap: buildRecapDeps(recap),
    lieux: createLieuxClient({ url: lieuxUrl }),
    stats: {
      benefits: statsBenefits(bundle, catalogue),
      ...stats,
    },
    ...(trustProxy !== undefined ? { trustProxy } : {}),
    ...(ipLimits ? { ipLimits } : {}),
    ...(shared ? { shared } : {}),
    ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}),
    ...(contactEmail ? { contactEmail } : {}),
    ...(staticDir ? { staticDir } : {}),
    ...(logger !== undefined ? { logger } : {}),
  });
  return app;
}
