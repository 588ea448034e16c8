/**
 * A page the app renders anew, rather than hydrating it, is rendered in slices (src/app/main.tsx,
 * `renderAnew`), and so is the catalogue's page once the catalogue has arrived
 * (src/app/aides/loadCatalogue.ts): between the slices, the browser runs other tasks, a tap among
 * them. Rendered in one task, `/aides` held the main thread about 70 ms on this host for the app's
 * first render and 40 ms for the catalogue's links, several times that on a phone.
 *
 * What is counted: a timer that runs whenever the main thread is free (every 4 ms at most, as
 * browsers clamp nested timers), with the CPU slowed twelve times. Rendered in one task, it ran
 * at most once between the render's start and its commit, for each render; in slices, 20 to 41
 * times during the app's first render and 19 to 74 during the catalogue's, every type open.
 *
 * A pre-rendered page rendered anew stays on screen until the render replaces it: it is no longer
 * cleared first, which left the page blank for the whole render.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";

const PHONE = { width: 390, height: 844 };
/** Under what slices give, over what one task gives (see above). */
const MIN_TASKS_BETWEEN = 8;

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ waitForEngine: false });
});

afterAll(async () => {
  await harness?.close();
});

interface Counts {
  /** Timer runs when the app had scheduled its first render (`data-app`), and at its commit. */
  appStarted?: number;
  appCommitted?: number;
  /** Timer runs when the catalogue's module had run, and when its first type was on the page. */
  catalogueArrived?: number;
  catalogueCommitted?: number;
}

/** Counts the timer's runs from the document's start, and records them at each moment above. */
function countTasks(): void {
  const counts: Counts & { ticks: number } = { ticks: 0 };
  Object.assign(window, { __counts: counts });
  const tick = () => {
    counts.ticks++;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  new MutationObserver((records) => {
    const root = document.getElementById("root");
    if (counts.appStarted === undefined && document.documentElement.hasAttribute("data-app"))
      counts.appStarted = counts.ticks;
    else if (
      counts.appStarted !== undefined &&
      counts.appCommitted === undefined &&
      records.some((record) => record.type === "childList" && record.target === root)
    )
      counts.appCommitted = counts.ticks;
    if (counts.catalogueCommitted === undefined && document.querySelector('h2[id^="aides-"]'))
      counts.catalogueCommitted = counts.ticks;
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

describe("a page rendered anew", () => {
  it("leaves the main thread to other tasks while /aides renders, and while the catalogue's links render", async () => {
    const { page, context, consoleErrors } = await harness.newPage({ viewport: PHONE });
    await page.addInitScript(countTasks);
    // The catalogue's module records when it has run (its last statement).
    await page.route("**/assets/catalogue-*.js", async (route) => {
      const response = await route.fetch();
      const body = `${await response.text()}\n;window.__counts.catalogueArrived = window.__counts.ticks;`;
      await route.fulfill({ response, body });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 12 });
    // Every long type open (src/app/aides/AidesPage.tsx, OPENED_PARAMETER): about a thousand links.
    await page.goto(`${harness.baseUrl}/aides?voir=region,departement,epci,commune`);
    await page
      .getByRole("status")
      .filter({ hasText: /^\d[\d\s\u202f]* aides$/ })
      .waitFor({ timeout: 60_000 });
    const counts = await page.evaluate(() => (window as unknown as { __counts: Counts }).__counts);
    console.log(`/aides, timer runs while rendering: ${JSON.stringify(counts)}`);
    const { appStarted, appCommitted, catalogueArrived, catalogueCommitted } = counts;
    if (
      appStarted === undefined ||
      appCommitted === undefined ||
      catalogueArrived === undefined ||
      catalogueCommitted === undefined
    )
      throw new Error(`A moment was not seen: ${JSON.stringify(counts)}`);
    // The catalogue arrives after the app's first render: it is requested by the page rendered.
    expect(catalogueArrived).toBeGreaterThanOrEqual(appCommitted);
    expect(appCommitted - appStarted).toBeGreaterThanOrEqual(MIN_TASKS_BETWEEN);
    expect(catalogueCommitted - catalogueArrived).toBeGreaterThanOrEqual(MIN_TASKS_BETWEEN);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it("keeps a pre-rendered page on screen until the app's render replaces it", async () => {
    // The first question is pre-rendered for a visit without a query; opened from a campaign's
    // link, it is rendered anew (src/app/main.tsx). Its markup was cleared first, and the page
    // stayed blank for the whole render: 414 and 467 ms with the CPU slowed six times.
    const { page, context, consoleErrors } = await harness.newPage({ viewport: PHONE });
    await page.addInitScript(() => {
      const seen = { blankSince: undefined as number | undefined, blankMs: 0 };
      Object.assign(window, { __seen: seen });
      new MutationObserver(() => {
        const root = document.getElementById("root");
        if (!root) return;
        if (root.childElementCount === 0) seen.blankSince ??= performance.now();
        else if (seen.blankSince !== undefined) {
          seen.blankMs += performance.now() - seen.blankSince;
          seen.blankSince = undefined;
        }
      }).observe(document, { subtree: true, childList: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    const path = "/simulation/individu/demandeur/date_naissance";
    await page.goto(`${harness.baseUrl}${path}?utm_source=partenaire`);
    await page.waitForSelector("html[data-app-ready]", { timeout: 60_000 });
    await page.locator("#champ-date_naissance-day").waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { __seen: { blankSince?: number; blankMs: number } }).__seen,
    );
    console.log(`${path}?utm_source=partenaire, the page left blank: ${JSON.stringify(seen)}`);
    expect(seen).toEqual({ blankMs: 0 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);
});
