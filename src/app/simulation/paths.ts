/**
 * Paths of the simulation (docs/product.md §2 "Simulation routes"); the pages that are not steps of the
 * journey are in pagePaths.ts.
 */
import { FIRST_STEP_PATH, RECAP_PATH, RESULTS_PATH } from "../../domain/journey";
import { SIMULATION_PATH } from "../machine/simulationPath";
import { REDIRECT_PATH, helpPath } from "./pagePaths";

export * from "./pagePaths";

/**
 * Pages a visitor may open on first load without a birth date (docs/product.md §5): the first question
 * (and its learn-more page), the restore redirect, the recap and the results.
 */
export function skipsSanityCheck(path: string): boolean {
  return (
    path === SIMULATION_PATH ||
    path === FIRST_STEP_PATH ||
    path === helpPath(FIRST_STEP_PATH) ||
    path === REDIRECT_PATH ||
    path === RECAP_PATH ||
    path === RESULTS_PATH ||
    path.startsWith(`${RESULTS_PATH}/`)
  );
}

/**
 * A `to` query value naming a path under /simulation (`/individu/demandeur/activite`); anything
 * else (another site, a protocol-relative URL) is refused.
 */
export function simulationTarget(to: string | null): string | undefined {
  if (!to || !/^\/[A-Za-z0-9_\-/]*$/.test(to) || to.startsWith("//")) return undefined;
  return `${SIMULATION_PATH}${to === "/" ? "" : to}`;
}

/** The `to` value that brings a visitor back to `path` through the restore redirect. */
export function resumeLink(path: string): string {
  const to = path.startsWith(`${SIMULATION_PATH}/`) ? path.slice(SIMULATION_PATH.length) : "/";
  // Step paths hold only letters, digits, "_", "-" and "/": all valid in a query string.
  return `${REDIRECT_PATH}?to=${to}`;
}

/** A child id named in the URL, e.g. `enfant_3` in `/simulation/individu/enfant_3/_firstName`. */
export function childIdInPath(path: string): string | undefined {
  return /^\/simulation\/individu\/(enfant_\d+)(\/|$)/.exec(path)?.[1];
}
