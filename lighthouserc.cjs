// The budgets (issue 8, "Budgets"; issue 18 §4): the home page, one step and the results, against
// the built app served by the real server. scripts/lighthouse.ts starts that server, runs
// Lighthouse on the pages of `ci.collect` with its settings, each run's CPU slowdown calibrated to
// the host (scripts/lighthouse-calibrated.ts, docs/adr/0010), then Lighthouse CI's `assert` on
// the reports, with LHCI_BASE_URL set; `npm run lighthouse` runs it all.
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
 * Issue 18 §4 ("Fast pages, no shift"): the targets. Layout shift, accessibility and the largest
 * contentful paint are errors at the target, on the median of the runs (three in
 * `npm run lighthouse`, one in `npm test`). The performance score is an error at a floor, and its
 * target is printed beside each page (scripts/lighthouse.ts).
 *
 * The score weighs the Total Blocking Time at 30 %: the main-thread tasks observed while the page
 * loads at the host's speed, multiplied by the CPU slowdown. With Lighthouse's constant 4, made
 * for a host of benchmark index 1,500 to 2,000, this shared 2-core machine (936 to 3,300 from one
 * day to the next) measured the same step page from 0.74 to 1.00, and the floors had to sit 0.25
 * under the targets. The slowdown now follows the host's measured speed (docs/adr/0010), so that
 * every run emulates the same phone, and the scores are the pages' own: on 2026-11-28, ten runs
 * of each page measured home 0.91–0.99, a step 0.85–0.98 (medians of three 0.88, 0.91, 0.92),
 * the results 0.85–0.98. The step page is the one under its target on that phone: the floors
 * stay errors, each about 0.07 under the lowest run, until it holds 0.90.
 *
 * The LCP of these pages does not move with the host: they paint from their HTML (pre-rendered,
 * or rendered by the server for the results), so it is the simulated network's.
 */
const TARGETS = {
  home: { performance: 0.95, lcpMs: 1800 },
  step: { performance: 0.9, lcpMs: 2500 },
  results: { performance: 0.9, lcpMs: 2500 },
};
// Raised on 2026-11-28 from 0.70, 0.65 and 0.70, with the calibration (see above). Set on
// 2026-11-30 at 0.07 under the lowest of the ten fresh-clone runs of stops 42 and 43 (home 0.89,
// a step 0.81, the results 0.80, which met its floor of 0.80 once).
const FLOORS = { home: 0.82, step: 0.74, results: 0.73 };
const MAX_CLS = 0.05;
/**
 * The other pages audited (issue 18 §4: `/aides`, an aid's page, the recap) hold a step's LCP
 * too, as errors: they paint from their HTML (pre-rendered, or rendered by the server), and
 * measured 1.58–1.68 s (`/aides`), 1.82–2.06 s (the aid's page, the recap) in the ten
 * fresh-clone runs of stops 42 and 43. Their performance has no target in the issue: a floor
 * about 0.07 under their lowest run there (0.71, 0.87, 0.82) catches a regression.
 */
const OTHER_PAGES = {
  catalogue: { lcpMs: 2500, floor: 0.64 },
  aid: { lcpMs: 2500, floor: 0.8 },
  recap: { lcpMs: 2500, floor: 0.75 },
};

const shared = {
  "categories:accessibility": ["error", { minScore: 1 }],
  "cumulative-layout-shift": ["error", { maxNumericValue: MAX_CLS, aggregationMethod: "median" }],
};

function pattern(pathPattern) {
  return `^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${pathPattern}$`;
}

/**
 * The assertions for the page whose path matches `pathPattern` (LHCI matches final URLs): no
 * shift, accessible, its performance at `floor` and its LCP within `lcpMs`, and any `extra`.
 */
function assertionsAt(pathPattern, { floor, lcpMs }, extra = {}) {
  return {
    matchingUrlPattern: pattern(pathPattern),
    assertions: {
      ...shared,
      ...extra,
      "categories:performance": ["error", { minScore: floor, aggregationMethod: "median" }],
      "largest-contentful-paint": [
        "error",
        { maxNumericValue: lcpMs, aggregationMethod: "median" },
      ],
    },
  };
}

/** One of the pages with targets, with its script budget. */
function pageAssertions(pathPattern, page, scriptBudget) {
  return assertionsAt(
    pathPattern,
    { floor: FLOORS[page], lcpMs: TARGETS[page].lcpMs },
    { "resource-summary:script:size": ["error", { maxNumericValue: scriptBudget }] },
  );
}

/** One of OTHER_PAGES. */
function otherPageAssertions(pathPattern, page) {
  return assertionsAt(pathPattern, OTHER_PAGES[page]);
}

/** The pages measured in one run each (scripts/lighthouse.ts): no shift, accessible. */
const CATALOGUE_URLS = [`${baseUrl}/aides`, `${baseUrl}/aides/aide_logement`];

module.exports = {
  TARGETS,
  OTHER_PAGES,
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
        otherPageAssertions("/aides", "catalogue"),
        otherPageAssertions("/aides/[^/?]+", "aid"),
        // Measured by scripts/lighthouse-recap.ts, in a tab holding a student's answers.
        otherPageAssertions("/simulation/recapitulatif", "recap"),
      ],
    },
    upload: {
      target: "filesystem",
      outputDir: ".lighthouseci/reports",
    },
  },
};
