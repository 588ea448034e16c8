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
});
