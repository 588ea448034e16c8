/**
 * The pages the browser renders, by path (`*` ends a prefix), and the modules their route loads
 * on demand (paths from src/app). Read by scripts/prerender.ts, which pre-renders each route's
 * shell and lists its files as `modulepreload`, and by ./route-chunks.ts, which gathers each
 * route's code into as few files as it can.
 */
export const RESULTS_ROUTE = "/simulation/resultats*";
export const AID_PAGE_ROUTE = "/aides/*";
export const SIMULATION_ROUTE = "/simulation/*";
export const ROUTE_SHELLS: Record<string, readonly string[]> = {
  [RESULTS_ROUTE]: [
    "simulation/SimulationLayout.tsx",
    "results/ResultsPage.tsx",
    "simulation/simulationRuntime.ts",
    "bundle.ts",
  ],
  [SIMULATION_ROUTE]: [
    "simulation/SimulationLayout.tsx",
    "simulation/SimulationPage.tsx",
    "simulation/simulationRuntime.ts",
    "bundle.ts",
  ],
  // The catalogue's pages describe each aid with the questionnaire's bundle, which the simulation
  // runtime loads: listed, it downloads beside the page rather than after it.
  "/aides": [
    "aides/AidesPage.tsx",
    "../generated/catalogue.json",
    "simulation/simulationRuntime.ts",
    "bundle.ts",
  ],
  // An aid's page loads the part of the catalogue that holds it, which depends on the address.
  [AID_PAGE_ROUTE]: ["aides/AidePage.tsx", "simulation/simulationRuntime.ts", "bundle.ts"],
};

/**
 * The generated data the routes load (the questionnaire and the catalogue): each stays a file of
 * its own, apart from the code, so that a change to one does not download the other again.
 */
export const ROUTE_DATA: readonly string[] = ["bundle.ts", "../generated/catalogue.json"];
