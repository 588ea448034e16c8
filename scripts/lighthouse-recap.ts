/**
 * The recap page in `npm run lighthouse` (issue 18 §4, "Add … the recap page to the audited
 * pages"). The recap shows a visitor's answers, which live in the tab's session storage
 * (docs/product.md §3): Lighthouse CI opens a fresh tab with none, and the app then sends it to
 * the first question. Here Lighthouse measures the recap in a tab where a student's answers (the
 * fixture of tests/fixtures/situations.ts, as the visual suite seeds it) were saved first, as the
 * questionnaire saves them at a chapter's end: the server then renders the recap from them
 * (src/server/recap-page.ts), and the tab holds them as the app stores them,
 * with the settings of lighthouserc.cjs (mobile, simulated throttling calibrated to the host:
 * scripts/lighthouse-calibrated.ts), and its report joins the other pages', to which Lighthouse
 * CI's assertions apply.
 */
import { STORAGE_KEYS } from "../src/app/machine/storage";
import { RECAP_PATH } from "../src/domain/journey";
import { student, VALUE_DATE } from "../tests/fixtures/situations";
import { launch, lighthouseFlags, type CollectSettings, type Run } from "./lighthouse-calibrated";

/** The recap of a seeded simulation, to measure with the other pages. */
export function recapRun(baseUrl: string, chromePath: string, settings: CollectSettings): Run {
  return {
    url: `${baseUrl}${RECAP_PATH}`,
    // The stored answers must survive Lighthouse's navigation (and so would the cache).
    flags: { ...lighthouseFlags(settings), disableStorageReset: true },
    open: async () => {
      const browser = await launch(chromePath, settings);
      return { page: await seededTab(browser, baseUrl), close: () => browser.close() };
    },
    check: (lhr) => {
      if (new URL(lhr.finalDisplayedUrl).pathname !== RECAP_PATH)
        throw new Error(`The recap was not shown: Lighthouse ended on ${lhr.finalDisplayedUrl}`);
    },
  };
}

/** A tab holding a student's answers, saved, its cache empty. */
async function seededTab(browser: Awaited<ReturnType<typeof launch>>, baseUrl: string) {
  const page = await browser.newPage();
  // Any page of the site gives the tab its origin's session storage. Its scripts and stylesheet
  // start after its first paint: once the network is idle none is still arriving, so that the
  // cache cleared below stays empty.
  await page.goto(`${baseUrl}/mentions-legales`, { waitUntil: "networkidle0" });
  const simulation = { answers: { all: student, current: student }, dateDeValeur: VALUE_DATE };
  // The save sets the cookie that names the simulation (src/server/results-page.ts).
  const error = await page.evaluate(
    async (keys: typeof STORAGE_KEYS, posted: typeof simulation) => {
      const response = await fetch("/api/simulation", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(posted),
      });
      if (!response.ok) return `POST /api/simulation: ${response.status}`;
      const saved = (await response.json()) as { _id: string; token: string };
      sessionStorage.setItem(
        keys.simulation,
        JSON.stringify({ ...posted, simulationToken: saved.token }),
      );
      sessionStorage.setItem(keys.simulationId, JSON.stringify(saved._id));
      return undefined;
    },
    STORAGE_KEYS,
    simulation,
  );
  if (error) throw new Error(`The student's answers were not saved (${error})`);
  // As the other pages' runs, a first visit for the cache: only the storage is kept.
  const session = await page.createCDPSession();
  await session.send("Network.clearBrowserCache");
  await session.detach();
  return page;
}
