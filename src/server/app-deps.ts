import type { FastifyServerOptions } from "fastify";
import type { Kysely } from "kysely";
import type { Bundle, Droit, SimulationInput } from "../domain";
import type { CommuneLookup } from "./communes";
import type { FieldError } from "./http-errors";
import type { ParametersAt } from "./parameters";
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

export interface AppDeps {
  db: Kysely<Database>;
  bundle: Bundle;
  parseSimulationInput: SimulationInputParser;
  computeResults: ComputeResults;
  /** The engine supervisor's state; `"ready"` means computations can run. */
  engineStatus: () => string;
  /** The built SPA; served only if the folder exists. */
  staticDir?: string;
  /** Fastify logger settings; `authorization` headers are always redacted. Defaults to info level. */
  logger?: FastifyServerOptions["logger"];
  /** Defaults to the lazily loaded @etalab/decoupage-administratif data. */
  communes?: CommuneLookup;
  /** Engine parameters at a date; defaults to the schema's fallbacks. */
  parametersAt?: ParametersAt;
  /** The contact address shown to visitors (`CONTACT_EMAIL`). */
  contactEmail?: string;
}
