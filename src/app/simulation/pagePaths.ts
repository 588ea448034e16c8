/**
 * The pages under /simulation that are not steps of the journey (docs/product.md §2 "Simulation routes").
 * The machine does not navigate to them: the URL alone decides that they are shown. No journey
 * code here: the layout reads them on every page, the home page included.
 */
export const SAVE_LATER_PATH = "/simulation/revenir-plus-tard";
export const REDIRECT_PATH = "/simulation/redirect";
export const FISCAL_PATH = "/simulation/ressources/fiscales";
export const PATRIMOINE_PATH = "/simulation/ressources/patrimoine";
/** The top-level page that sends a visitor back to the start with a message (docs/product.md §4). */
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
