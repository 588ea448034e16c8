/**
 * The recap page in `npm run lighthouse` (issue 18 §4, "Add … the recap page to the audited
 * pages"). The recap shows a visitor's answers, which live in the tab's session storage
 * (docs/product.md §3): Lighthouse CI opens a fresh tab with none, and the app then sends it to
 * the first question. Here Lighthouse measures the recap in a tab where a student's answers were
 * stored first (the fixture of tests/fixtures/situations.ts, as the visual suite seeds it),
 * with the settings of lighthouserc.cjs (mobile, simulated throttling), and its report joins
 * those of Lighthouse CI, whose assertions then apply to it.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { STORAGE_KEYS } from "../src/app/machine/storage";
import { RECAP_PATH } from "../src/domain/journey";
import { student, VALUE_DATE } from "../tests/fixtures/situations";

interface CollectSettings {
  chromeFlags: string;
  onlyCategories: string[];
  disableFullPageScreenshot: boolean;
  skipAudits: string[];
}

/**
 * Lighthouse's own failures to record the page load's trace ("Something went wrong with recording
 * the trace over your page load. Please run Lighthouse again."): nothing was measured. A
 * fresh-clone `npm test` failed once on NO_NAVSTART here, every metric of the recap missing.
 */
const TRACE_NOT_RECORDED = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);
const ATTEMPTS = 3;

/**
 * Measures the recap of a seeded simulation; its report is written as `lhr-*.json` in `dir`. A
 * run whose trace Lighthouse did not record is run again, as Lighthouse asks, at most three times
 * in all; any other outcome (a measured page, whatever its figures) is the report.
 */
export async function auditRecap(
  baseUrl: string,
  chromePath: string,
  settings: CollectSettings,
  dir: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const lhr = await measureRecap(baseUrl, chromePath, settings);
    const code = lhr.runtimeError?.code;
    if (code && TRACE_NOT_RECORDED.has(code) && attempt < ATTEMPTS) {
      console.warn(`Lighthouse did not record the recap's trace (${code}): run ${attempt + 1}.`);
      continue;
    }
    writeFileSync(join(dir, `lhr-${Date.now()}.json`), JSON.stringify(lhr));
    return;
  }
}

async function measureRecap(baseUrl: string, chromePath: string, settings: CollectSettings) {
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: settings.chromeFlags.split(/\s+/).filter((flag) => flag !== "--headless=new"),
  });
  try {
    const page = await browser.newPage();
    // Any page of the site gives the tab its origin's session storage. Its scripts and stylesheet
    // start after its first paint: once the network is idle none is still arriving, so that the
    // cache cleared below stays empty.
    await page.goto(`${baseUrl}/mentions-legales`, { waitUntil: "networkidle0" });
    const simulation = { answers: { all: student, current: student }, dateDeValeur: VALUE_DATE };
    await page.evaluate(
      (key: string, stored: string) => {
        sessionStorage.setItem(key, stored);
      },
      STORAGE_KEYS.simulation,
      JSON.stringify(simulation),
    );
    // As Lighthouse CI's runs, a first visit for the cache: only the storage is kept.
    const session = await page.createCDPSession();
    await session.send("Network.clearBrowserCache");
    await session.detach();
    const result = await lighthouse(
      `${baseUrl}${RECAP_PATH}`,
      {
        // The stored answers must survive Lighthouse's navigation (and so would the cache).
        disableStorageReset: true,
        onlyCategories: settings.onlyCategories,
        disableFullPageScreenshot: settings.disableFullPageScreenshot,
        skipAudits: settings.skipAudits,
        logLevel: "error",
      },
      undefined,
      page,
    );
    if (!result) throw new Error("Lighthouse returned no report for the recap");
    const { lhr } = result;
    if (new URL(lhr.finalDisplayedUrl).pathname !== RECAP_PATH)
      throw new Error(`The recap was not shown: Lighthouse ended on ${lhr.finalDisplayedUrl}`);
    return lhr;
  } finally {
    await browser.close();
  }
}
