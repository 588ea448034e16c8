import { readFileSync } from "node:fs";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Kysely } from "kysely";
import { parseSimulationInput, type Bundle } from "../domain";
import { buildApp } from "./app";
import type { EngineSupervisor } from "./engine";
import { createParameterService } from "./parameters";
import { createResultsComputer } from "./results";
import type { Database } from "./storage";

const BUNDLE_URL = new URL("../generated/bundle.json", import.meta.url);

/** The schema bundle emitted by `npm run schema:build`. */
export function loadBundle(): Bundle {
  try {
    return JSON.parse(readFileSync(BUNDLE_URL, "utf8")) as Bundle;
  } catch {
    throw new Error("src/generated/bundle.json is missing: run `npm run schema:build` first.");
  }
}

export interface SimulatorParts {
  bundle: Bundle;
  db: Kysely<Database>;
  engine: Pick<EngineSupervisor, "client" | "status">;
  staticDir?: string;
  logger?: FastifyServerOptions["logger"];
  contactEmail?: string;
}

/** The production wiring of the app: schema-driven validation and results from the engine. */
export function buildSimulatorApp({
  bundle,
  db,
  engine,
  staticDir,
  logger,
  contactEmail,
}: SimulatorParts): FastifyInstance {
  const parametersAt = createParameterService(bundle.parameters, engine.client, {
    engineStatus: () => engine.status,
  });
  return buildApp({
    db,
    bundle,
    parseSimulationInput: (body) => parseSimulationInput(bundle, body),
    computeResults: createResultsComputer(bundle, engine.client, parametersAt),
    engineStatus: () => engine.status,
    parametersAt,
    ...(contactEmail ? { contactEmail } : {}),
    ...(staticDir ? { staticDir } : {}),
    ...(logger !== undefined ? { logger } : {}),
  });
}
