import {
  buildEngineRequest,
  buildSituation,
  extractDroits,
  pruneAnswers,
  type Bundle,
} from "../domain";
import type { ComputeResults } from "./app-deps";

export interface EngineCalculator {
  calculate(request: unknown): Promise<unknown>;
}

/**
 * Recomputes a stored simulation from its answers alone: prune the answers of inactive steps,
 * derive the situation, ask the engine, keep the benefits it finds (DESIGN "Data flow").
 */
export function createResultsComputer(bundle: Bundle, engine: EngineCalculator): ComputeResults {
  return async (simulation) => {
    const answers = pruneAnswers(bundle, simulation.answers.all, {
      dateDeValeur: simulation.dateDeValeur,
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
