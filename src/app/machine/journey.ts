import {
  FIRST_STEP_PATH,
  RECAP_PATH,
  RESULTS_PATH,
  buildJourney,
  currentAnswers,
  findStep,
  nextStep,
  previousStep,
  resumePoint,
  type Answer,
  type Bundle,
  type StepInstance,
} from "../../domain";
import { SIMULATION_PATH } from "./simulationPath";

export { SIMULATION_PATH };

export interface JourneyInput {
  bundle: Bundle;
  answers: readonly Answer[];
  dateDeValeur: string;
  /** Engine parameters at the value date; the schema's fallbacks until they are loaded. */
  parameters?: Record<string, number>;
}

// The journey is derived from the answers on every render; answers are immutable, so their array
// identity is a safe cache key.
const cache = new WeakMap<
  readonly Answer[],
  {
    bundle: Bundle;
    date: string;
    parameters: Record<string, number> | undefined;
    steps: StepInstance[];
  }
>();

export function journeyOf({
  bundle,
  answers,
  dateDeValeur,
  parameters,
}: JourneyInput): StepInstance[] {
  const cached = cache.get(answers);
  if (
    cached &&
    cached.bundle === bundle &&
    cached.date === dateDeValeur &&
    cached.parameters === parameters
  ) {
    return cached.steps;
  }
  let steps: StepInstance[];
  try {
    steps = buildJourney(bundle, answers, { dateDeValeur, ...(parameters ? { parameters } : {}) });
  } catch (error) {
    // docs/product.md §4: a journey that cannot be built is logged and treated as empty.
    console.error(error);
    steps = [];
  }
  cache.set(answers, { bundle, date: dateDeValeur, parameters, steps });
  return steps;
}

/** Sanity check (docs/product.md §5): a simulation is valid once the first step (birth date) is answered. */
export function isValidSimulation(steps: readonly StepInstance[]): boolean {
  return findStep(steps, FIRST_STEP_PATH)?.answered === true;
}

export function firstStepPath(steps: readonly StepInstance[]): string {
  return (
    findStep(steps, FIRST_STEP_PATH)?.path ?? steps.find((s) => s.isActive)?.path ?? FIRST_STEP_PATH
  );
}

/** Where a GOTO may lead; `undefined` when the move is refused. */
export function resolveGoto(steps: readonly StepInstance[], path: string): string | undefined {
  const target = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (target === SIMULATION_PATH || target === FIRST_STEP_PATH) return firstStepPath(steps);
  if (!isValidSimulation(steps)) return undefined;
  if (target === RESULTS_PATH || target === RECAP_PATH) return target;
  return findStep(steps, target)?.isActive ? target : undefined;
}

export function nextPath(steps: readonly StepInstance[], currentPath: string): string {
  if (currentPath === RECAP_PATH) return RESULTS_PATH;
  if (!findStep(steps, currentPath)) return firstStepPath(steps);
  return nextStep(steps, currentPath).path;
}

/** The step before the current one; from the recap, the last question. */
export function previousPath(
  steps: readonly StepInstance[],
  currentPath: string,
): string | undefined {
  const from = currentPath === RECAP_PATH ? RESULTS_PATH : currentPath;
  return previousStep(steps, from)?.path;
}

export function resumePath(steps: readonly StepInstance[]): string {
  return resumePoint(steps)?.path ?? RESULTS_PATH;
}

/** What the server receives as `answers.current` for a computation from `currentPath`. */
export function answersBefore(
  steps: readonly StepInstance[],
  answers: readonly Answer[],
  currentPath: string,
): Answer[] {
  return currentAnswers(steps, answers, findStep(steps, currentPath) ? currentPath : RESULTS_PATH);
}
