/**
 * The results page rendered by the server (issue 18 §4, docs/adr/0009-results-first-paint.md), in
 * Chromium at 390×844: once a Lyon student's results are computed, the page's HTML holds them,
 * they read the same with scripts turned off, and the browser hydrates that markup (the very
 * nodes stay, no error) rather than rendering it again. Another tab, the iframe and a changed
 * answer get the page the browser renders, as before. The recap the same way, from the answers
 * saved (src/server/recap-page.ts).
 */
import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BAFA_SEPARATE } from "../../src/domain/ab-tests";
import { FIRST_STEP_PATH } from "../../src/domain/journey";
import { parseGolden } from "../golden/golden";
import { startHarness, waitForAnimationsToEnd, type Harness } from "./harness";

const PHONE = { width: 390, height: 844 };
const SHOTS = fileURLToPath(new URL("../../.tmp/", import.meta.url));
const RESULTS = "/simulation/resultats";
const FOUND = /\d+ aides? trouvées?$/;

let harness: Harness;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

function student() {
  const file = fileURLToPath(
    new URL("../golden/etudiante-boursiere-lyon-loin-des-parents.yaml", import.meta.url),
  );
  return parseGolden(readFileSync(file, "utf8"), file);
}

/** The student's answers in session storage, then the results page, computed by the engine. */
async function computeResults(page: Page): Promise<void> {
  const { answers, dateDeValeur } = student();
  await page.goto(harness.baseUrl);
  await page.evaluate(
    ({ answers, dateDeValeur, variant }) => {
      sessionStorage.setItem(
        "simulation",
        JSON.stringify({ answers: { all: answers, current: answers }, dateDeValeur }),
      );
      localStorage.setItem(
        "ABTesting",
        JSON.stringify({ aides_bafa: { index: 1, value: variant } }),
      );
    },
    { answers, dateDeValeur, variant: BAFA_SEPARATE },
  );
  await page.goto(`${harness.baseUrl}${RESULTS}`);
  await page.getByRole("status").getByText(FOUND).waitFor({ timeout: 120_000 });
}

/** The card titles and the summary, as the page shows them. */
async function shown(page: Page) {
  return {
    summary: (await page.locator("#resume-resultats").innerText()).trim(),
    titles: (await page.locator(".app-results-list h3").allInnerTexts()).map((t) => t.trim()),
  };
}

/**
 * The page's HTML as the server sends it to this visitor: private, and rendered for the
 * simulation the tab holds.
 */
async function sentHtml(context: BrowserContext, page: Page, path: string): Promise<string> {
  const response = await context.request.get(`${harness.baseUrl}${path}`, {
    headers: { accept: "text/html" },
  });
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  const html = await response.text();
  const simulationId = await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem("simulationId") ?? "null"),
  );
  expect(html).toContain(`data-server-rendered="${simulationId}"`);
  return html;
}

/** What `read` finds on the page at `path` with scripts turned off, pictured as `shot`. */
async function withoutScripts<T>(
  context: BrowserContext,
  path: string,
  shot: string,
  read: (page: Page) => Promise<T>,
): Promise<T> {
  const noScript = await harness.browser.newContext({
    locale: "fr-FR",
    viewport: PHONE,
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  try {
    const bare = await noScript.newPage();
    await bare.goto(`${harness.baseUrl}${path}`);
    const found = await read(bare);
    await bare.screenshot({ path: `${SHOTS}${shot}` });
    return found;
  } finally {
    await noScript.close();
  }
}

describe("the results page rendered by the server", () => {
  it("holds the visitor's results in its HTML, readable without scripts, then hydrated", async () => {
    const { context, page, consoleErrors } = await harness.newPage({ viewport: PHONE });
    await computeResults(page);
    await waitForAnimationsToEnd(page);
    const rendered = await shown(page);
    expect(rendered.titles.length).toBeGreaterThanOrEqual(10);
    expect(rendered.summary).toMatch(/^Vous pourriez recevoir jusqu’à /);

    // The cookie that names the results: for the results' pages only, out of scripts' reach.
    const cookies = await context.cookies();
    const cookie = cookies.find((c) => c.name === "resultats");
    expect(cookie).toMatchObject({ path: "/simulation", httpOnly: true, sameSite: "Strict" });
    expect(cookie?.expires).toBe(-1);

    // The HTML as sent: the results are in it.
    expect(await sentHtml(context, page, RESULTS)).toContain("Vous pourriez recevoir jusqu’à");

    // Scripts off: the same summary and cards, in the same order.
    expect(
      await withoutScripts(context, RESULTS, "results-server-rendered-no-script-390.png", shown),
    ).toEqual(rendered);

    // With scripts, light and dark: the markup the server sent is hydrated, not rendered again.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const marked = window as unknown as { serverSummary?: Element | null };
        marked.serverSummary = document.querySelector("#resume-resultats");
      });
    });
    for (const colorScheme of ["dark", "light"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`${harness.baseUrl}${RESULTS}`);
      await page.waitForSelector("html[data-app]");
      await page.getByRole("status").getByText(FOUND).waitFor();
      expect(await page.locator("html").getAttribute("data-fr-theme")).toBe(colorScheme);
      // Hydrated: a handler answers (the theme filter narrows the list, the address follows).
      await page.getByRole("button", { name: /^Logement/ }).click();
      await expect.poll(() => page.url()).toContain("filtre=logement");
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { serverSummary?: Element | null }).serverSummary ===
            document.querySelector("#resume-resultats"),
        ),
        colorScheme,
      ).toBe(true);
    }
    expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    await context.close();
  });

  it("another tab takes the results; a tab's own simulation, a new save, a frame are the browser's", async () => {
    const { context, page } = await harness.newPage({ viewport: PHONE });
    await computeResults(page);

    // Another tab holds no simulation (session storage is the tab's own): it takes the one the
    // server rendered, as a duplicated tab would, and hydrates its results. (Before, the tab
    // started the questionnaire again.)
    const simulationId = await page.evaluate(() => sessionStorage.getItem("simulationId"));
    const other = await context.newPage();
    await other.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const marked = window as unknown as { serverSummary?: Element | null };
        marked.serverSummary = document.querySelector("#resume-resultats");
      });
    });
    await other.goto(`${harness.baseUrl}${RESULTS}`);
    await other.waitForSelector("html[data-app]");
    await other.getByRole("status").getByText(FOUND).waitFor();
    expect(await other.evaluate(() => sessionStorage.getItem("simulationId"))).toBe(simulationId);
    expect(
      await other.evaluate(
        () =>
          (window as unknown as { serverSummary?: Element | null }).serverSummary ===
          document.querySelector("#resume-resultats"),
      ),
    ).toBe(true);
    expect(new URL(other.url()).pathname).toBe(RESULTS);
    await other.close();

    // A tab with a simulation of its own keeps it: the server's page gives way to the tab's.
    const fresh = await context.newPage();
    await fresh.goto(harness.baseUrl);
    await fresh.evaluate(() =>
      sessionStorage.setItem(
        "simulation",
        JSON.stringify({ answers: { all: [], current: [] }, dateDeValeur: "2026-11-01" }),
      ),
    );
    await fresh.goto(`${harness.baseUrl}${RESULTS}`);
    await fresh.waitForURL(`**${FIRST_STEP_PATH}`);
    await fresh.getByRole("heading", { level: 1, name: /date de naissance/ }).waitFor();
    await fresh.close();

    // Saved again (as at a chapter's end): the results held may no longer be the answers'.
    const { answers: changed, dateDeValeur } = student();
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem("simulation") ?? "{}").simulationToken as string,
    );
    const id = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem("simulationId") ?? '""'),
    );
    const saved = await context.request.put(`${harness.baseUrl}/api/simulation/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { answers: { all: changed, current: changed }, dateDeValeur },
    });
    expect(saved.status()).toBe(200);
    const html = await (
      await context.request.get(`${harness.baseUrl}${RESULTS}`, {
        headers: { accept: "text/html" },
      })
    ).text();
    expect(html).not.toContain("data-server-rendered");
    expect(html).toContain("data-shell");

    // In an iframe's address (its own layout and theme), the browser renders the page.
    const framed = await (
      await context.request.get(`${harness.baseUrl}${RESULTS}?iframe=true`, {
        headers: { accept: "text/html" },
      })
    ).text();
    expect(framed).not.toContain("data-server-rendered");
    await context.close();
  });
});

describe("the recap rendered by the server", () => {
  const RECAP = "/simulation/recapitulatif";
  const rows = async (page: Page) =>
    (await page.locator(".app-recap__row").allInnerTexts()).map((row) => row.trim());

  it("holds the answers saved in its HTML, readable without scripts, hydrated; changed answers are the tab's", async () => {
    const { context, page, consoleErrors } = await harness.newPage({ viewport: PHONE });
    await computeResults(page);

    // The HTML as sent: the answers saved, for this visitor only.
    expect(await sentHtml(context, page, RECAP)).toContain("Quelle est votre date de naissance");

    // Scripts off: the answers read, chapter by chapter.
    const served = await withoutScripts(
      context,
      RECAP,
      "recap-server-rendered-no-script-390.png",
      rows,
    );
    expect(served.length).toBeGreaterThanOrEqual(10);

    // With scripts: the markup the server sent is hydrated, not rendered again.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const marked = window as unknown as { serverRecap?: Element | null };
        marked.serverRecap = document.querySelector(".app-recap");
      });
    });
    const sameRecap = () =>
      page.evaluate(() => {
        const marked = window as unknown as { serverRecap?: Element | null };
        return marked.serverRecap === document.querySelector(".app-recap");
      });
    await page.goto(`${harness.baseUrl}${RECAP}`);
    await page.waitForSelector("html[data-app-ready]");
    expect(await rows(page)).toEqual(served);
    expect(await sameRecap()).toBe(true);
    // Hydrated: a link answers, in the app.
    await page
      .getByRole("link", { name: /la réponse à « Quelle est votre date de naissance/ })
      .click();
    await page.waitForURL(`**${FIRST_STEP_PATH}`);
    expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);

    // An answer changed in the tab since the save: the tab renders its own answers.
    await page.evaluate(() => {
      const stored = JSON.parse(sessionStorage.getItem("simulation") ?? "{}");
      for (const answer of stored.answers.all)
        if (answer.fieldName === "date_naissance") answer.value = "2004-06-01";
      sessionStorage.setItem("simulation", JSON.stringify(stored));
    });
    await page.goto(`${harness.baseUrl}${RECAP}`);
    await page.waitForSelector("html[data-app-ready]");
    await page.getByText("01/06/2004").waitFor();
    expect(await sameRecap()).toBe(false);
    expect(consoleErrors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    await context.close();
  });
});
