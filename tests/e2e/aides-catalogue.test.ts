/**
 * `/aides` on a phone (390×844): the catalogue's long types (the regions', the communes'…) wait
 * for the visitor to open them, so that the page is a few screens rather than about 85,000 px;
 * Enter opens one, the focus stays on its button, and "Retour" from one of its aids finds
 * it still open, scrolled where they left it with that aid's link focused, as it finds the
 * visitor's search.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalogue } from "../../src/domain";
import { expectNoAxeViolationsQuickly, startHarness, type Harness } from "./harness";

const PHONE = { width: 390, height: 844 };
/** About twelve phone screens: the short types' lists, and a button for each long one. */
const MAX_HEIGHT = 12 * PHONE.height;

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ waitForEngine: false });
});

afterAll(async () => {
  await harness?.close();
});

describe("/aides on a phone", () => {
  it("opens a long type on request, and keeps it open when the visitor comes back", async () => {
    const { page, context, consoleErrors } = await harness.newPage({ viewport: PHONE });
    await page.goto(`${harness.baseUrl}/aides`);
    await page
      .getByRole("status")
      .filter({ hasText: /^\d[\d\s\u202f]* aides$/ })
      .waitFor();
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    const closedHeight = await height();
    console.log(`/aides: ${closedHeight} px tall at 390×844, long types closed`);
    expect(closedHeight).toBeLessThanOrEqual(MAX_HEIGHT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await expectNoAxeViolationsQuickly(page, "/aides, types fermés");

    const regionSection = page.locator('section[aria-labelledby="aides-region"]');
    const regions = regionSection.getByRole("button", { name: /^Afficher ces \d+ aides$/ });
    expect(await regions.getAttribute("aria-expanded")).toBe("false");
    const regionLinks = regionSection.locator('a[href^="/aides/"]');
    expect(await regionLinks.count()).toBe(0);
    await regions.focus();
    await page.keyboard.press("Enter");
    const hide = regionSection.getByRole("button", { name: /^Masquer ces \d+ aides$/ });
    await expect.poll(() => hide.getAttribute("aria-expanded")).toBe("true");
    expect(await hide.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await regionLinks.count()).toBeGreaterThan(50);
    expect(new URL(page.url()).searchParams.get("voir")).toBe("region");
    await expectNoAxeViolationsQuickly(page, "/aides, aides des régions ouvertes");

    // An aid far down the regions' list: back from its page, the visitor finds the list there.
    const aid = regionLinks.nth(40);
    const label = (await aid.innerText()).trim();
    const href = await aid.getAttribute("href");
    await aid.click();
    await page.getByRole("heading", { level: 1, name: label }).waitFor();
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Toutes les aides" }).waitFor();
    await expect.poll(() => regionLinks.count()).toBeGreaterThan(50);
    expect(await hide.getAttribute("aria-expanded")).toBe("true");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("href")))
      .toBe(href);
    const box = await page.evaluate(() => {
      const { top, bottom } = document.activeElement!.getBoundingClientRect();
      return { top, bottom, height: window.innerHeight };
    });
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("finds its search again on Retour from an aid's page", async () => {
    const { page, context, consoleErrors } = await harness.newPage({ viewport: PHONE });
    await page.goto(`${harness.baseUrl}/aides`);
    const count = page.getByRole("status");
    await count.filter({ hasText: /^\d[\d\s\u202f]* aides$/ }).waitFor();
    const entries = await page.evaluate(() => history.length);
    const search = page.getByRole("searchbox", { name: /Rechercher une aide/ });
    await search.pressSequentially("bafa");
    // The address takes the query the list was last filtered with (AidesPage's deferred
    // query): once it reads "bafa", the count is that of "bafa", not of "baf" still on screen.
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("bafa");
    await count.filter({ hasText: /correspondent à votre recherche/ }).waitFor();
    const found = await count.innerText();
    // Each keystroke replaced the address: "Retour" leaves the list, it does not undo a letter.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);

    const aid = page.locator('section a[href^="/aides/"]').first();
    const label = (await aid.innerText()).trim();
    await aid.click();
    await page.getByRole("heading", { level: 1, name: label }).waitFor();
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Toutes les aides" }).waitFor();
    expect(await search.inputValue()).toBe("bafa");
    await expect.poll(() => count.innerText()).toBe(found);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("hydrates an aid's page opened from its address with the part of the catalogue that holds it", async () => {
    const catalogue = JSON.parse(readFileSync("src/generated/catalogue.json", "utf8")) as Catalogue;
    // An aid for the inhabitants of one place: its page names it (catalogue.placeNames).
    const onePlace = (node: unknown): string | undefined => {
      const text = JSON.stringify(node);
      const match = /"lives_in":\["(\w+)",\["(\w+)"\]\]/.exec(text);
      return match ? `${match[1]}:${match[2]}` : undefined;
    };
    const aid = catalogue.aids.find(
      (candidate) => !candidate.private && onePlace(candidate.eligibility),
    );
    if (!aid) throw new Error("The catalogue has no aid for the inhabitants of one place");
    const place = catalogue.placeNames[onePlace(aid.eligibility)!];
    if (!place) throw new Error(`No name for ${onePlace(aid.eligibility)}`);
    const { page, context, consoleErrors } = await harness.newPage({ viewport: PHONE });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${harness.baseUrl}/aides/${aid.id}`);
    // The server rendered the page (src/server/aid-page.ts); the app hydrates it once the
    // aid's part of the catalogue has arrived.
    await page.waitForSelector("html[data-app]");
    await page.getByRole("heading", { level: 1, name: aid.label }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Conditions" }).waitFor();
    const conditions = await page.locator("main").innerText();
    expect(conditions.replace(/\s/g, " ")).toContain(place.replace(/\s/g, " "));
    const parts = scripts.filter((path) => /^\/assets\/\d{2}-[\w-]+\.js$/.test(path));
    expect(parts).toHaveLength(1);
    expect(scripts.filter((path) => path.startsWith("/assets/catalogue-"))).toEqual([]);
    await expectNoAxeViolationsQuickly(page, "an aid’s page opened from its address");

    // The list loads the whole catalogue; an aid's page then needs no part of it.
    await page.getByRole("link", { name: "Toutes les aides" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /^\d[\d\s\u202f]* aides$/ })
      .waitFor();
    expect(scripts.filter((path) => path.startsWith("/assets/catalogue-"))).toHaveLength(1);
    const other = page.locator('section a[href^="/aides/"]').first();
    const label = (await other.innerText()).trim();
    await other.click();
    await page.getByRole("heading", { level: 1, name: label }).waitFor();
    expect(scripts.filter((path) => /^\/assets\/\d{2}-[\w-]+\.js$/.test(path))).toEqual(parts);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
