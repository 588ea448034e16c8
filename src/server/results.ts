import {
  buildEngineRequest,
  buildSituation,
  extractDroits,
  pruneAnswers,
  type Bundle,
} from "../domain";
import type { ComputeResults } from "./app-deps";
import type { ParametersAt } from "./parameters";

export interface EngineCalculator {
  calculate(request: unknown): Promise<unknown>;
}

/**
 * Recomputes a stored simulation from its answers alone: prune the answers of inactive steps,
 * derive the situation, ask the engine, keep the benefits it finds (DESIGN "Data flow").
 * Steps are judged active with the engine parameters at the value date, as in the browser.
 */
export function createResultsComputer(
  bundle: Bundle,
  engine: EngineCalculator,
  parametersAt?: ParametersAt,
): ComputeResults {
  return async (simulation) => {
    const parameters = parametersAt && (await parametersAt(simulation.dateDeValeur)).parameters;
    const answers = pruneAnswers(bundle, simulation.answers.all, {
      dateDeValeur: simulation.dateDeValeur,
      ...(parameters ? { parameters } : {}),
    });
    const situation = {
      ...buildSituation(bundle, answers, simulation.dateDeValeur),
      ...(simulation.ressourcesFiscales
        ? { ressourcesFiscales: simulation.ressourcesFiscales }
        : {}),
      ...(simulation.patrimoine ? { patrimoine: simulation.patrimoine } : {}),
    };
    const { request, outputs } = buildEngineRequest(bundle, situation);
    const response = await engine.calculate(request);
    return { droitsEligibles: extractDroits(bundle, outputs, response), droitsInjectes: [] };
  };
}
