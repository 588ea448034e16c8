import type { FastifyServerOptions } from "fastify";
import type { Kysely } from "kysely";
import type { Bundle, Droit, SimulationInput } from "../domain";
import type { CommuneLookup } from "./communes";
import type { FieldError } from "./http-errors";
import type { ParametersAt } from "./parameters";
import type { RateLimiterFactory } from "./rate-limit";
import type { EventQuotaFactory } from "./stats/quota";
import type { LieuxClient } from "./places";
import type { RecapDeps } from "./recap";
import type { StatsSettings } from "./routes/stats";
import type { SecurityHeaderSettings } from "./security-headers";
import type { Database, Simulation } from "./storage";

export type SimulationInputParseResult =
  { ok: true; value: SimulationInput } | { ok: false; errors: FieldError[] };

/** Validates a posted simulation against the schema bundle (written by the domain). */
export type SimulationInputParser = (body: unknown) => SimulationInputParseResult;

export interface ComputedResults {
  droitsEligibles: Droit[];
  droitsInjectes: Droit[];
}

/**
 * Computes the benefits of a stored simulation. Throwing an error named `EngineUnavailableError`
 * or `EngineTimeoutError` yields a 503 with a retry message; any other error a 500.
 */
export type ComputeResults = (simulation: Simulation) => Promise<ComputedResults>;

/** The public views of a computation: the situation, the engine request, the engine response. */
export type RepresentationName = "situation" | "openfisca_request" | "openfisca_response";

/** Computes one view of a stored simulation; engine errors as for `ComputeResults`. */
export type ComputeRepresentation = (
  simulation: Simulation,
  name: RepresentationName,
) => Promise<unknown>;

/**
 * Ids of the catalogue benefits whose variable the engine lacks. Throws an error named
 * `EngineUnavailableError` while the engine cannot tell (not ready): the route answers 503.
 */
export type MissingBenefits = () => Promise<string[]>;

/** "Pourquoi pas moi ?" for one benefit of a stored simulation; undefined for an unknown benefit. */
export type ExplainBenefit = (
  simulation: Simulation,
  benefitId: string,
) => Promise<{ benefitId: string; eligible: boolean; reason?: string } | undefined>;

export interface AppDeps {
  db: Kysely<Database>;
  bundle: Bundle;
  parseSimulationInput: SimulationInputParser;
  computeResults: ComputeResults;
  /** `GET /api/simulation/:id/{representation}`; without it those views answer 404. */
  computeRepresentation?: ComputeRepresentation;
  /** Starts a saved simulation's computation in the background; none: results compute on demand. */
  computeAhead?: (simulation: Simulation) => void;
  /** `GET /api/simulation/:id/eligibility/:benefitId`; without it the route answers 404. */
  explainBenefit?: ExplainBenefit;
  /** `GET /api/openfisca/missingbenefits`; without it the route answers 503. */
  missingBenefits?: MissingBenefits;
  /** The engine supervisor's state; `"ready"` means computations can run. */
  engineStatus: () => string;
  /** The built SPA; served only if the folder exists. */
  staticDir?: string;
  /** Fastify logger settings; `authorization` headers are always redacted. Defaults to info level. */
  logger?: FastifyServerOptions["logger"];
  /** Proxies believed about the visitor's address (per-IP rate limits); none by default. */
  trustProxy?: boolean | number | string[];
  /** Defaults to the lazily loaded @etalab/decoupage-administratif data. */
  communes?: CommuneLookup;
  /** Engine parameters at a date; defaults to the schema's fallbacks. */
  parametersAt?: ParametersAt;
  /** The contact address shown to visitors (`CONTACT_EMAIL`). */
  contactEmail?: string;
  /** Recaps by e-mail and SMS; by default both are disabled and links use http://localhost:8080. */
  recap?: RecapDeps;
  /** `GET /api/lieux`: the public directory of administrations by default (`LIEUX_API_URL`). */
  lieux?: LieuxClient;
  /** CSP and hardening headers; read from the environment (`loadConfig`) by default. */
  security?: SecurityHeaderSettings;
  /** Statistics: known benefits, refresh interval, limits; the bundle's benefits by default. */
  stats?: StatsSettings;
  /** Per-address limits on anonymous writes and computations; `DEFAULT_IP_LIMITS` by default. */
  ipLimits?: IpLimits;
  /** Longest time to receive a request, body included, before a 408 (`REQUEST_TIMEOUT_MS`). */
  requestTimeoutMs?: number;
  /** Limits shared by every instance (`REDIS_URL`); each process's own memory by default. */
  shared?: SharedAppState;
}

/** What the routes take from the state shared by the instances (`src/server/shared`). */
export interface SharedAppState {
  limiters: RateLimiterFactory;
  quotas: EventQuotaFactory;
  /** `down` while Redis cannot be reached: the limits and the cache fall back to memory. */
  status(): "ok" | "down";
}

/** Requests per client address per minute (0: no limit); `now` for tests. */
export interface IpLimits {
  /** `POST /api/simulation` (`WRITES_PER_MINUTE_PER_IP`). */
  writesPerMinute?: number;
  /** Results, explanations, representations (`COMPUTATIONS_PER_MINUTE_PER_IP`). */
  computationsPerMinute?: number;
  /** Results pages rendered by the server; past it, the browser renders them. */
  renderedPagesPerMinute?: number;
  now?: () => number;
}
