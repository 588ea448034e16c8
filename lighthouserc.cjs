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
 * Issue 18 §4 ("Fast pages, no shift"): the targets, errors on the median of three runs of each
 * page, its performance score, its largest contentful paint and its layout shift; accessibility
 * at 1.00 on every run. `npm test` decides the median in two runs when their verdicts agree (a
 * third cannot change them) and runs the third only when they disagree
 * (scripts/lighthouse-median.ts).
 *
 * The score weighs the Total Blocking Time at 30 %: the main-thread tasks observed while the page
 * loads at the host's speed, multiplied by the CPU slowdown, which follows the host's measured
 * speed so that every run emulates the same phone (docs/adr/0010). On this shared 2-core machine
 * a single run still spreads widely (the step page 0.81 to 0.98 over the fresh-clone runs of
 * stops 42 to 46, its own threads queuing behind Chromium's: docs/adr/0010's addenda); the
 * median of three is what the issue sets, and what the assertions read. Until 2026-11-30 (night)
 * the performance score was an error at a floor about 0.07 under the lowest single run (home
 * 0.82, a step 0.74, the results 0.73), the target printed; the addendum "the targets as errors"
 * says why they now hold at the target.
 *
 * The LCP of these pages does not move with the host: they paint from their HTML (pre-rendered,
 * or rendered by the server for the results), so it is the simulated network's.
 */
const TARGETS = {
  home: { performance: 0.95, lcpMs: 1800 },
  step: { performance: 0.9, lcpMs: 2500 },
  results: { performance: 0.9, lcpMs: 2500 },
};
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
 * shift, accessible, its performance at `minPerformance` and its LCP within `lcpMs`, and any
 * `extra`.
 */
function assertionsAt(pathPattern, { minPerformance, lcpMs }, extra = {}) {
  return {
    matchingUrlPattern: pattern(pathPattern),
    assertions: {
      ...shared,
      ...extra,
      "categories:performance": [
        "error",
        { minScore: minPerformance, aggregationMethod: "median" },
      ],
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
    { minPerformance: TARGETS[page].performance, lcpMs: TARGETS[page].lcpMs },
    { "resource-summary:script:size": ["error", { maxNumericValue: scriptBudget }] },
  );
}

/** One of OTHER_PAGES. */
function otherPageAssertions(pathPattern, page) {
  const { floor, lcpMs } = OTHER_PAGES[page];
  return assertionsAt(pathPattern, { minPerformance: floor, lcpMs });
}

/** The pages measured in one run each (scripts/lighthouse.ts): no shift, accessible. */
const CATALOGUE_URLS = [`${baseUrl}/aides`, `${baseUrl}/aides/aide_logement`];

module.exports = {
  TARGETS,
  MAX_CLS,
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
      // run each); `npm test` runs the third only where it decides (LIGHTHOUSE_THIRD_RUN).
      numberOfRuns: 3,
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
