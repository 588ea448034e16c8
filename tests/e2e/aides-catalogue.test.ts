/**
 * `/aides` on a phone (390×844): the catalogue's long types (the regions', the communes'…) wait
 * for the visitor to open them, so that the page is a few screens rather than about 85,000 px;
 * Enter opens one, the focus stays on its button, and "Retour" from one of its aids finds
 * it still open.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

    const aid = regionLinks.first();
    const label = (await aid.innerText()).trim();
    await aid.click();
    await page.getByRole("heading", { level: 1, name: label }).waitFor();
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Toutes les aides" }).waitFor();
    await expect.poll(() => regionLinks.count()).toBeGreaterThan(50);
    expect(await hide.getAttribute("aria-expanded")).toBe("true");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
