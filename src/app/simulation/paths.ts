/**
 * The pages under /simulation that are not steps of the journey (spec §2 "Simulation routes").
 * The machine does not navigate to them: the URL alone decides that they are shown.
 */
import { FIRST_STEP_PATH, RECAP_PATH, RESULTS_PATH } from "../../domain";
import { SIMULATION_PATH } from "../machine/journey";

export const SAVE_LATER_PATH = "/simulation/revenir-plus-tard";
export const REDIRECT_PATH = "/simulation/redirect";
export const FISCAL_PATH = "/simulation/ressources/fiscales";
export const PATRIMOINE_PATH = "/simulation/ressources/patrimoine";
/** The top-level page that sends a visitor back to the start with a message (spec §4). */
export const REDIRECTION_PATH = "/redirection";

const HELP_SUFFIX = "/en_savoir_plus";

export function helpPath(stepPath: string): string {
  return `${stepPath}${HELP_SUFFIX}`;
}

/** The step a learn-more page belongs to, or `undefined` if `path` is not one. */
export function stepOfHelpPath(path: string): string | undefined {
  return path.endsWith(HELP_SUFFIX) ? path.slice(0, -HELP_SUFFIX.length) : undefined;
}

export function isPagePath(path: string): boolean {
  return (
    [SAVE_LATER_PATH, REDIRECT_PATH, FISCAL_PATH, PATRIMOINE_PATH].includes(path) ||
    stepOfHelpPath(path) !== undefined
  );
}

/**
 * Pages a visitor may open on first load without a birth date (spec §5): the first question
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
