import type { Bundle, StepInstance } from "../../domain";
import { isValidSimulation, journeyOf } from "../machine/journey";
import { hasResults } from "../machine/simulationMachine";
import { SimulationContext } from "./SimulationContext";

export function useBundle(): Bundle {
  return SimulationContext.useSelector((state) => state.context.deps.bundle);
}

/** The journey derived from the current answers (recomputed only when they change). */
export function useSteps(): StepInstance[] {
  const bundle = useBundle();
  const answers = SimulationContext.useSelector((state) => state.context.answers);
  const dateDeValeur = SimulationContext.useSelector((state) => state.context.dateDeValeur);
  const parameters = SimulationContext.useSelector((state) => state.context.parameters);
  return journeyOf({ bundle, answers, dateDeValeur, ...(parameters ? { parameters } : {}) });
}

export function useCurrentPath(): string {
  return SimulationContext.useSelector((state) => state.context.currentPath);
}

/** docs/product.md §5: the simulation is valid, and can be resumed, once the applicant has a birth date. */
export function useIsValidSimulation(): boolean {
  return isValidSimulation(useSteps());
}

export function useHasResults(): boolean {
  return SimulationContext.useSelector((state) => hasResults(state.context));
}

/** docs/product.md §4: an anonymised simulation loses the chapter summary and the e-mail recap. */
export function useIsAnonymized(): boolean {
  return SimulationContext.useSelector((state) => state.context.anonymized === true);
}
