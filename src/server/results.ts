import {
  buildEngineRequest,
  buildSituation,
  eligibilityFacts,
  eligibleAids,
  explainBenefit,
  extractDroits,
  readEligibilityFacts,
  requestEligibilityFacts,
  type Catalogue,
  type EligibilityFacts,
  type Explanation,
  type FactRef,
  injectedDroits,
  pruneAnswers,
  readyToComputeAhead,
  receivedSettledDroits,
  reconcileReceived,
  selectEngineBenefits,
  wantedDroits,
  withBenefitCertainty,
  withBenefitNotes,
  type Benefit,
  type Bundle,
  type CommuneCentre,
  type EngineRequest,
  type OutputRef,
  type Answer,
  type JourneyOptions,
  type Situation,
} from "../domain";
import type { BikeAidsCalculator } from "./bikes";
import type { CalculateOptions } from "./compute";
import type { ComputedResults, ComputeResults } from "./app-deps";
import type { ParametersAt } from "./parameters";
import type { Simulation } from "./storage";

export interface EngineCalculator {
  calculate(request: unknown, options?: CalculateOptions): Promise<unknown>;
}

export interface ResultsOptions {
  /** Engine parameters at the value date, to judge which steps are active as the browser does. */
  parametersAt?: ParametersAt;
  /** Every variable the running engine knows: the others are neither asked for nor sent. */
  engineVariables?: () => Promise<ReadonlySet<string>>;
  /** Commune centres, for the distance between a student and the family home. */
  communeCentres?: () => Promise<CommuneCentre>;
  /** The condition-based and bike aids; without it, only the engine's benefits are computed. */
  catalogue?: Catalogue;
  /** Computes the bike aids (`@betagouv/aides-velo`). */
  bikeAids?: BikeAidsCalculator;
}

/** The public views of a computation (docs/product.md §7 `GET /api/simulation/{id}/{representation}`). */
export const REPRESENTATIONS = ["situation", "openfisca_request", "openfisca_response"] as const;
export type Representation = (typeof REPRESENTATIONS)[number];

export interface PreparedComputation {
  situation: Situation;
  /** The answers of active steps. */
  answers: Answer[];
  journey: JourneyOptions;
  /** The catalogue benefits worth asking for this situation (pre-filtered). */
  benefits: Benefit[];
  request: EngineRequest;
  outputs: OutputRef[];
  /** Where the engine values that local aids read are found in the response. */
  factRefs: FactRef[];
}

export interface SimulationComputer {
  /** Prune → situation → select benefits → engine request; no engine call. */
  prepare(simulation: Simulation): Promise<PreparedComputation>;
  /** The engine's answer to the prepared request. */
  respond(prepared: PreparedComputation): Promise<unknown>;
  results: ComputeResults;
  representation(simulation: Simulation, name: Representation): Promise<unknown>;
  /** "Pourquoi pas moi ?": whether and why not the visitor gets a benefit; undefined if unknown. */
  explain(simulation: Simulation, benefitId: string): Promise<Explanation | undefined>;
  /** The facts the local aids read, once the engine has answered. */
  facts(simulation: Simulation): Promise<{ facts: EligibilityFacts; droits: ComputedResults }>;
  /**
   * Computes the engine's part in the background when the answers are ready for it
   * (`readyToComputeAhead`), so that the results read it from the cache; false when they are not.
   * Rejects as the calculator does (dropped on `signal`, background queue full, engine errors).
   */
  computeAhead(simulation: Simulation, signal?: AbortSignal): Promise<boolean>;
}

/**
 * Recomputes a stored simulation from its answers alone (docs/architecture.md "Data flow"): prune the answers of
 * inactive steps, derive the situation, keep the benefits worth asking about, build the engine
 * request, compute it, read the benefits found and add those the visitor already receives.
 * Steps are judged active with the engine parameters at the value date, as in the browser.
 */
export function createSimulationComputer(
  bundle: Bundle,
  engine: EngineCalculator,
  options: ResultsOptions = {},
): SimulationComputer {
  /** The answers of active steps and the situation: no engine needed. */
  async function situationOf(simulation: Simulation) {
    const { dateDeValeur } = simulation;
    const parameters =
      options.parametersAt && (await options.parametersAt(dateDeValeur)).parameters;
    const journey = { dateDeValeur, ...(parameters ? { parameters } : {}) };
    const answers = pruneAnswers(bundle, simulation.answers.all, journey);
    const situation = buildSituation(bundle, answers, dateDeValeur, {
      ...(simulation.version ? { version: simulation.version } : {}),
      ...(simulation.ressourcesFiscales
        ? { ressourcesFiscales: simulation.ressourcesFiscales }
        : {}),
      ...(simulation.patrimoine ? { patrimoine: simulation.patrimoine } : {}),
    });
    return { journey, answers, situation };
  }

  async function prepare(
    simulation: Simulation,
    situated: ReturnType<typeof situationOf> = situationOf(simulation),
  ): Promise<PreparedComputation> {
    const [{ journey, answers, situation }, known, communeCentre] = await Promise.all([
      situated,
      options.engineVariables?.(),
      options.communeCentres?.().catch(() => undefined),
    ]);
    const benefits = selectEngineBenefits(bundle, answers, journey);
    const build = (missingVariables?: ReadonlySet<string>) =>
      buildEngineRequest(bundle, situation, {
        benefits,
        ...(communeCentre ? { communeCentre } : {}),
        ...(missingVariables ? { missingVariables } : {}),
      });
    let built = build(known && missingBenefitVariables(bundle, known));
    if (known) {
      // Any other variable the engine lacks (an input of a newer model): leave it out too.
      const unknown = unknownVariables(built.request, known);
      if (unknown.size > 0) {
        built = build(new Set([...missingBenefitVariables(bundle, known), ...unknown]));
        built = { ...built, request: withoutVariables(built.request, known) };
      }
    }
    const factRefs = options.catalogue
      ? requestEligibilityFacts(
          built.request,
          simulation.dateDeValeur,
          "demandeur",
          known && missingBenefitVariables(bundle, known),
        )
      : [];
    return { situation, answers, journey, benefits, ...built, factRefs };
  }

  async function respond(prepared: PreparedComputation): Promise<unknown> {
    // Nothing to ask: the engine would only echo the request.
    if (prepared.outputs.length === 0 && prepared.factRefs.length === 0) return prepared.request;
    return engine.calculate(prepared.request);
  }

  async function compute(simulation: Simulation) {
    const prepared = await prepare(simulation);
    const response = await respond(prepared);
    const engineDroits = withBenefitCertainty(
      bundle,
      withBenefitNotes(
        bundle,
        wantedDroits(bundle, extractDroits(bundle, prepared.outputs, response), prepared.answers),
        prepared.answers,
        prepared.journey,
      ),
      prepared.answers,
      prepared.journey,
    );
    // Received aids: never among the aids found, with the engine's amount beside the declared
    // one and what they become once the aids found are paid (docs/adr/0013-settled-amounts.md).
    const reconciled = reconcileReceived(
      bundle,
      engineDroits,
      receivedSettledDroits(
        bundle,
        prepared.outputs,
        response,
        injectedDroits(bundle, prepared.situation, { benefits: prepared.benefits }),
      ),
    );
    const droitsInjectes = reconciled.received;
    const catalogue = options.catalogue;
    const facts = eligibilityFacts(
      bundle,
      catalogue ?? { placeNames: {} },
      prepared.answers,
      prepared.situation,
      readEligibilityFacts(prepared.factRefs, response),
      prepared.journey,
    );
    const localDroits = catalogue ? eligibleAids(bundle, catalogue, facts) : [];
    const bikeDroits = options.bikeAids ? options.bikeAids(facts) : [];
    return {
      facts,
      droits: {
        droitsEligibles: [...reconciled.found, ...localDroits, ...bikeDroits],
        droitsInjectes,
      },
    };
  }

  async function results(simulation: Simulation): Promise<ComputedResults> {
    return (await compute(simulation)).droits;
  }

  async function computeAhead(simulation: Simulation, signal?: AbortSignal): Promise<boolean> {
    const situated = situationOf(simulation);
    const { journey, answers } = await situated;
    if (!readyToComputeAhead(bundle, answers, journey)) return false;
    // The answers already pruned and their situation: not derived twice on a save.
    const prepared = await prepare(simulation, situated);
    if (prepared.outputs.length === 0 && prepared.factRefs.length === 0) return true;
    await engine.calculate(prepared.request, { background: true, ...(signal ? { signal } : {}) });
    return true;
  }

  return {
    prepare,
    respond,
    results,
    computeAhead,
    facts: compute,
    async explain(simulation, benefitId) {
      const catalogue = options.catalogue ?? { aids: [], bikeAids: [] };
      const known =
        bundle.benefits.some((b) => b.id === benefitId) ||
        catalogue.aids.some((a) => a.id === benefitId) ||
        catalogue.bikeAids.some((b) => b.id === benefitId);
      if (!known) return undefined;
      const { facts, droits } = await compute(simulation);
      // An aid received is one the visitor gets: never explained as refused.
      return explainBenefit(
        bundle,
        catalogue,
        facts,
        [...droits.droitsEligibles, ...droits.droitsInjectes],
        benefitId,
      );
    },
    async representation(simulation, name) {
      switch (name) {
        case "situation":
          return (await situationOf(simulation)).situation;
        case "openfisca_request":
          return (await prepare(simulation)).request;
        case "openfisca_response":
          return respond(await prepare(simulation));
      }
    },
  };
}

/** The results computer alone (kept for callers that need nothing else). */
export function createResultsComputer(
  bundle: Bundle,
  engine: EngineCalculator,
  parametersAt?: ParametersAt,
  options: Omit<ResultsOptions, "parametersAt"> = {},
): ComputeResults {
  return createSimulationComputer(bundle, engine, {
    ...options,
    ...(parametersAt ? { parametersAt } : {}),
  }).results;
}

/** Catalogue benefit variables the engine does not know. */
export function missingBenefitVariables(
  bundle: Bundle,
  known: ReadonlySet<string>,
): ReadonlySet<string> {
  return new Set(
    bundle.benefits.map((b) => b.engine.variable).filter((variable) => !known.has(variable)),
  );
}

function unknownVariables(request: EngineRequest, known: ReadonlySet<string>): Set<string> {
  const unknown = new Set<string>();
  for (const instances of Object.values(request)) {
    for (const instance of Object.values(instances as Record<string, Record<string, unknown>>)) {
      for (const [key, value] of Object.entries(instance)) {
        if (!Array.isArray(value) && !known.has(key)) unknown.add(key);
      }
    }
  }
  return unknown;
}

function withoutVariables(request: EngineRequest, known: ReadonlySet<string>): EngineRequest {
  const filtered = {} as Record<string, Record<string, Record<string, unknown>>>;
  for (const [plural, instances] of Object.entries(request)) {
    filtered[plural] = Object.fromEntries(
      Object.entries(instances as Record<string, Record<string, unknown>>).map(([id, instance]) => [
        id,
        Object.fromEntries(
          Object.entries(instance).filter(([key, value]) => Array.isArray(value) || known.has(key)),
        ),
      ]),
    );
  }
  return filtered as unknown as EngineRequest;
}
