// Lighthouse CI (issue 8, "Budgets"): the home page, one step and the results, one run each,
// against the built app served by the real server. scripts/lighthouse.ts starts that server and
// sets LHCI_BASE_URL; `npm run lighthouse` runs it all.
const baseUrl = process.env.LHCI_BASE_URL || "http://127.0.0.1:8093";

const KB = 1024;

/**
 * Script bytes as transferred (the server sends the build's gzip files), per page: the home page
 * at issue 8's target, the others at their size measured on 2026-11-22 plus about 5%, so that
 * the check catches growth.
 *
 * The home page measured 114.2 KB: every other page, the simulation machine, zod and the
 * generated questionnaire load on demand; the DSFR's own script (29 KB) loads on the first
 * interaction (src/app/dsfr/interaction.ts); react-dsfr's hex colour tables are reduced to the
 * theme colour they are read for (src/app/dsfr/themeColorTables.ts). What is left is mostly
 * React 19 and react-dom (67 KB), react-router (13 KB), react-dsfr's start, header and footer.
 */
const SCRIPT_BUDGETS = {
  home: 120 * KB,
  step: 286 * KB,
  // Raised on 2026-11-27 from 276 KB: "Retour" back to the followed link and the results' filter
  // kept in history (src/app/layout/followedLinks.ts, navigationTrail.ts) measured 276.08 KB.
  results: 280 * KB,
};

/**
 * Issue 18 §4 ("Fast pages, no shift"): the targets, and the floors that fail the build. Layout
 * shift, accessibility and the largest contentful paint are errors at the target, on the median
 * of the runs (three in `npm run lighthouse`, one in `npm test`). The performance score is an error at a floor, and its target is printed beside
 * each page (scripts/lighthouse.ts): it moves with the host's speed (see below), which the LCP of
 * these pages does not.
 *
 * Why the LCP holds on a slow host and the score does not (2026-11-27, 9 to 15 runs a page, the
 * host's speed index between 936 and 2,084): the three pages paint from their HTML (pre-rendered,
 * or rendered by the server for the results), so their LCP is the simulated network's: home
 * 1.73–1.76 s, a step 1.73–1.76 s, the results 2.10–2.33 s, in every run. The score weighs the
 * Total Blocking Time at 30 %: the main-thread tasks Lighthouse observes, multiplied by four
 * (simulated throttling). On this shared 2-core machine the same page measured a TBT of 168 to
 * 895 ms from one run to the next, and Lighthouse's speed index, measured before each run,
 * hardly predicted which (0.85 at 1,920, 0.96 at 1,039). Lighthouse calibrates its 4× for a host
 * between 1,500 and 2,000 (docs/throttling.md upstream); this one often measures under 1,300.
 *
 * Later that day the app's start was split into short tasks (src/app/theme/afterPaint.ts,
 * src/app/main.tsx) and `npm run lighthouse` measured home 0.99, a step 0.92, the results 0.96
 * (medians, speed index 2,104–2,226). Made errors at the targets, a fresh-clone `npm test` then
 * measured the step's three runs at 0.87, 0.87, 0.90 (speed index 1,268–1,797), and passed only
 * because LHCI's "median-run" is the run it picks by FCP and TTI, not by score; three runs also
 * took the suite to 1,541 s. So the floors stay until the step page holds 0.90 on a slow host.
 */
const TARGETS = {
  home: { performance: 0.95, lcpMs: 1800 },
  step: { performance: 0.9, lcpMs: 2500 },
  results: { performance: 0.9, lcpMs: 2500 },
};
// Raised on 2026-11-26 (pre-rendered first question and route shells, scripts start after the
// first paint). Medians of three runs with the load average between 3 and 6 (another session's
// tests on the same 2 cores): home 0.85–0.95, step 0.83–0.84, results 0.71–0.74; single runs
// went down to home 0.71, step 0.80, results 0.50.
//
// Lowered on 2026-11-26 (later): `npm test` runs each page once, and a single run on this machine
// with nothing else running measured results 0.54 (floor 0.55), home 0.84, step 0.75, its speed
// index (Lighthouse's measure of the host) between 1,080 and 1,340 where it reads up to 1,980 on
// a quiet minute. A floor must sit under what one run reaches on a slow minute, or `npm test`
// flakes: each floor is now about 0.1 under the lowest single run seen. Calibrating the CPU
// slowdown to the host's measured speed was tried and dropped: measured once before the runs, it
// differed from the speed the runs then saw (1,190 against 1,600–1,980) and flattered the scores.
// The targets above, printed with every run, are what the pages must reach.
//
// Raised on 2026-11-27 for the results, from 0.45 to the home page's floor: the server renders
// them now (docs/adr/0009), and they measured 0.98 (LCP 2.27 s) where they measured 0.77–0.83.
const FLOORS = { home: 0.7, step: 0.65, results: 0.7 };
const MAX_CLS = 0.05;

const shared = {
  "categories:accessibility": ["error", { minScore: 1 }],
  "cumulative-layout-shift": ["error", { maxNumericValue: MAX_CLS, aggregationMethod: "median" }],
};

function pattern(pathPattern) {
  return `^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${pathPattern}$`;
}

/** Budget assertions for the page whose path matches `pathPattern` (LHCI matches final URLs). */
function pageAssertions(pathPattern, page, scriptBudget) {
  return {
    matchingUrlPattern: pattern(pathPattern),
    assertions: {
      ...shared,
      "resource-summary:script:size": ["error", { maxNumericValue: scriptBudget }],
      "categories:performance": [
        "error",
        { minScore: FLOORS[page], aggregationMethod: "median-run" },
      ],
      "largest-contentful-paint": [
        "error",
        { maxNumericValue: TARGETS[page].lcpMs, aggregationMethod: "median" },
      ],
    },
  };
}

/** The pages measured in one run each (scripts/lighthouse.ts): no shift, accessible. */
const CATALOGUE_URLS = [`${baseUrl}/aides`, `${baseUrl}/aides/aide_logement`];

module.exports = {
  TARGETS,
  CATALOGUE_URLS,
  ci: {
    collect: {
      url: [
        `${baseUrl}/`,
        `${baseUrl}/simulation/individu/demandeur/date_naissance`,
        // The results page with sample values (`?debug=`): it renders without a simulation and
        // without the engine, so the run is deterministic and takes seconds. The server renders
        // it as it renders a visitor's results (src/server/results-page.ts, docs/adr/0009): the
        // same document, the stylesheet blocking, the scripts after the first paint.
        `${baseUrl}/simulation/resultats?debug=aide_logement,rsa,bourse_criteres_sociaux`,
      ],
      // The median of three runs (scripts/lighthouse.ts then adds CATALOGUE_URLS and the recap, one
      // run each).
      numberOfRuns: Number(process.env.LIGHTHOUSE_RUNS || 3),
      chromePath: "/usr/bin/chromium",
      settings: {
        chromeFlags: "--headless=new --no-sandbox --disable-gpu",
        // Sizes are in performance (resource-summary); the other categories are not budgeted.
        onlyCategories: ["performance", "accessibility"],
        // Screenshots cost time on a busy machine and are no budget.
        disableFullPageScreenshot: true,
        skipAudits: ["screenshot-thumbnails", "final-screenshot"],
      },
    },
    assert: {
      assertMatrix: [
        pageAssertions("/", "home", SCRIPT_BUDGETS.home),
        pageAssertions(
          "/simulation/individu/demandeur/date_naissance",
          "step",
          SCRIPT_BUDGETS.step,
        ),
        pageAssertions("/simulation/resultats\\?debug=.*", "results", SCRIPT_BUDGETS.results),
        { matchingUrlPattern: pattern("/aides(/.*)?"), assertions: shared },
        // Measured by scripts/lighthouse-recap.ts, in a tab holding a student's answers.
        { matchingUrlPattern: pattern("/simulation/recapitulatif"), assertions: shared },
      ],
    },
    upload: {
      target: "filesystem",
      outputDir: ".lighthouseci/reports",
    },
  },
};
