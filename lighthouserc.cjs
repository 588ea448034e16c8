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
  results: 276 * KB,
};

const accessibility = { "categories:accessibility": ["error", { minScore: 0.95 }] };

/** Budget assertions for the page whose path matches `pathPattern` (LHCI matches final URLs). */
function pageAssertions(pathPattern, scriptBudget) {
  return {
    matchingUrlPattern: `^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${pathPattern}$`,
    assertions: {
      ...accessibility,
      "resource-summary:script:size": ["error", { maxNumericValue: scriptBudget }],
    },
  };
}

module.exports = {
  ci: {
    collect: {
      url: [
        `${baseUrl}/`,
        `${baseUrl}/simulation/individu/demandeur/date_naissance`,
        // The results page with sample values (`?debug=`): it renders without a simulation and
        // without the engine, so the run is deterministic and takes seconds.
        `${baseUrl}/simulation/resultats?debug=aide_logement,rsa,bourse_criteres_sociaux`,
        `${baseUrl}/aides`,
        `${baseUrl}/aides/aide_logement`,
        `${baseUrl}/simulation/recapitulatif`,
      ],
      numberOfRuns: 1,
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
        pageAssertions("/", SCRIPT_BUDGETS.home),
        pageAssertions("/simulation/individu/demandeur/date_naissance", SCRIPT_BUDGETS.step),
        pageAssertions("/simulation/resultats\\?debug=.*", SCRIPT_BUDGETS.results),
      ],
    },
    upload: {
      target: "filesystem",
      outputDir: ".lighthouseci/reports",
    },
  },
};
