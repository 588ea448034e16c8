import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Bundle, SimulationInput } from "../../domain";
import type {
  ComputeRepresentation,
  ExplainBenefit,
  ComputeResults,
  RepresentationName,
  SimulationInputParser,
} from "../app-deps";
import { authorizedSimulation } from "./owned-simulation";
import { sendComputationError, sendError } from "../http-errors";
import { messages } from "../messages";
import { perIpLimit, type RateLimiter } from "../rate-limit";
import { bearerToken } from "../auth";
import type { ResultsPage } from "../results-page";
import {
  withoutSecret,
  type Simulation,
  type SimulationRepository,
  type StoredSimulation,
} from "../storage";

interface SimulationRouteDeps {
  repository: SimulationRepository;
  bundle: Bundle;
  parseSimulationInput: SimulationInputParser;
  computeResults: ComputeResults;
  computeRepresentation?: ComputeRepresentation | undefined;
  explainBenefit?: ExplainBenefit | undefined;
  /** `POST /api/simulation` per client address; none: no limit. */
  writeLimiter?: RateLimiter | undefined;
  /** Results, explanations and representations per client address; none: no limit. */
  computeLimiter?: RateLimiter | undefined;
  /** Starts the computation of a saved simulation in the background (docs/architecture.md). */
  computeAhead?: ((simulation: Simulation) => void) | undefined;
  /** Keeps the results sent for the page the server renders (src/server/results-page.ts). */
  resultsPage?: Pick<ResultsPage, "remember" | "rememberSaved"> | undefined;
}

type WithId = { Params: { id: string } };
type WithRepresentation = { Params: { id: string; representation: string } };
type WithBenefit = { Params: { id: string; benefitId: string } };

const representationSchema = z.enum([
  "situation",
  "openfisca_request",
  "openfisca_response",
] satisfies RepresentationName[]);
/** Benefit ids of the schema: letters, digits, `_`, `.` and `-`. */
const benefitIdSchema = z.string().regex(/^[\w.-]{1,200}$/);

export function registerSimulationRoutes(app: FastifyInstance, deps: SimulationRouteDeps): void {
  const { repository } = deps;
  const writeLimit = { preHandler: perIpLimit(deps.writeLimiter, messages.tooManySimulations) };
  const computeLimit = {
    preHandler: perIpLimit(deps.computeLimiter, messages.tooManyComputations),
  };

  app.post("/api/simulation", writeLimit, async (request, reply) => {
    const parsed = deps.parseSimulationInput(request.body);
    if (!parsed.ok) return sendError(reply, 400, messages.invalidSimulation, parsed.errors);
    const input = { ...parsed.value, version: parsed.value.version ?? deps.bundle.version };
    const { id, token } = await repository.createSimulation(input);
    scheduleAhead(id, input);
    deps.resultsPage?.rememberSaved(reply, id, token, request.protocol === "https");
    return { _id: id, token };
  });

  // Saves at the end of each chapter (docs/architecture.md, "Compute ahead"): the same body as the
  // creation, over a simulation the bearer token opens, while it is still open.
  app.put<WithId>("/api/simulation/:id", writeLimit, async (request, reply) => {
    const parsed = deps.parseSimulationInput(request.body);
    if (!parsed.ok) return sendError(reply, 400, messages.invalidSimulation, parsed.errors);
    const simulation = await authorizedSimulation(repository, request, reply);
    if (!simulation) return reply;
    const input = { ...parsed.value, version: parsed.value.version ?? deps.bundle.version };
    if (!(await repository.updateSimulation(simulation.id, input))) {
      return sendError(reply, 409, messages.simulationClosed);
    }
    scheduleAhead(simulation.id, input);
    const token = bearerToken(request);
    deps.resultsPage?.rememberSaved(reply, simulation.id, token, request.protocol === "https");
    return { _id: simulation.id, token };
  });

  /** Hands the simulation just saved to the background (which may decline it at once). */
  function scheduleAhead(id: string, input: SimulationInput): void {
    deps.computeAhead?.({
      id,
      answers: { all: input.answers.all, current: input.answers.current },
      dateDeValeur: input.dateDeValeur,
      version: input.version ?? null,
      status: "new",
      abtesting: (input.abtesting as Record<string, unknown> | undefined) ?? null,
      modifiedFrom: input.modifiedFrom ?? null,
      finishedAt: input.finishedAt ?? null,
      ressourcesFiscales: input.ressourcesFiscales ?? null,
      patrimoine: input.patrimoine ?? null,
      createdAt: "",
      updatedAt: "",
    });
  }

  app.get<WithId>("/api/simulation/:id", async (request, reply) => {
    const simulation = await authorizedSimulation(repository, request, reply);
    if (!simulation) return reply;
    return {
      _id: simulation.id,
      answers: simulation.answers,
      dateDeValeur: simulation.dateDeValeur,
      version: simulation.version,
      status: simulation.status,
      abtesting: simulation.abtesting,
      modifiedFrom: simulation.modifiedFrom,
      finishedAt: simulation.finishedAt,
      ressourcesFiscales: simulation.ressourcesFiscales,
      patrimoine: simulation.patrimoine,
      createdAt: simulation.createdAt,
    };
  });

  app.get<WithId>("/api/simulation/:id/results", computeLimit, async (request, reply) => {
    const simulation = await authorizedSimulation(repository, request, reply);
    if (!simulation) return reply;
    if (await resultsGone(repository, simulation)) {
      return sendError(reply, 410, messages.resultsAnonymized);
    }
    try {
      const results = await deps.computeResults(withoutSecret(simulation));
      const sent = {
        _id: simulation.id,
        droitsEligibles: results.droitsEligibles,
        droitsInjectes: results.droitsInjectes,
      };
      deps.resultsPage?.remember(
        reply,
        simulation,
        bearerToken(request),
        sent,
        request.protocol === "https",
      );
      return sent;
    } catch (error) {
      return sendComputationError(request, reply, error, "results");
    }
  });

  // "Pourquoi pas moi ?": whether the owner's simulation gets a benefit, and if not, why.
  app.get<WithBenefit>(
    "/api/simulation/:id/eligibility/:benefitId",
    computeLimit,
    async (request, reply) => {
      const simulation = await authorizedSimulation(repository, request, reply);
      if (!simulation) return reply;
      if (await resultsGone(repository, simulation)) {
        return sendError(reply, 410, messages.resultsAnonymized);
      }
      try {
        const benefitId = benefitIdSchema.safeParse(request.params.benefitId);
        const explanation =
          benefitId.success &&
          (await deps.explainBenefit?.(withoutSecret(simulation), benefitId.data));
        if (!explanation) {
          return sendError(reply, 404, messages.unknownBenefit, [
            { path: "benefitId", message: messages.unknownBenefit },
          ]);
        }
        return explanation;
      } catch (error) {
        return sendComputationError(request, reply, error, "an explanation");
      }
    },
  );

  // docs/product.md §7: the situation, the engine request and the engine response, to the owner only.
  // Static routes (`results`) take precedence over this parametric one.
  app.get<WithRepresentation>(
    "/api/simulation/:id/:representation",
    computeLimit,
    async (request, reply) => {
      const representation = representationSchema.safeParse(request.params.representation);
      if (!representation.success) {
        return sendError(reply, 404, messages.unknownRepresentation, [
          { path: "representation", message: messages.unknownRepresentation },
        ]);
      }
      const simulation = await authorizedSimulation(repository, request, reply);
      if (!simulation) return reply;
      if (await resultsGone(repository, simulation)) {
        return sendError(reply, 410, messages.resultsAnonymized);
      }
      if (!deps.computeRepresentation) return sendError(reply, 404, messages.notFound);
      try {
        return await deps.computeRepresentation(withoutSecret(simulation), representation.data);
      } catch (error) {
        return sendComputationError(request, reply, error, "a representation");
      }
    },
  );
}

/** docs/product.md §4: an anonymised simulation keeps its results only when a recap was sent for it. */
async function resultsGone(
  repository: SimulationRepository,
  simulation: StoredSimulation,
): Promise<boolean> {
  return simulation.status === "anonymized" && !(await repository.hasFollowup(simulation.id));
}
