import { lazyModule } from "../lazy/lazyModule";

/**
 * The results page's code, loaded on demand: by its route, or ahead of the click once the visitor
 * reaches the last questions (docs/architecture.md "Compute ahead").
 */
export const resultsPageModule = lazyModule(() => import("./ResultsPage"));
