/**
 * Results a young person reads in ten seconds (issue 18 §3) and what can be paid together (issue
 * 16 §3), in Chromium at 390×844: a Lyon student's page leads with the money they may receive in
 * all, lists the aids by value (monthly amounts largest first, then one-off, then the advantages
 * in a compact form), narrows to a theme, and stays under 5,000 px; a disabled 28-year-old offered
 * the CEJ and the RSA is told to choose, and the total counts one of them. The totals are checked
 * against the amounts the cards show, read from the page. Screenshots go to `.tmp/` (light and
 * dark, phone and desktop) for a person to look at.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../src/domain";
import { BAFA_SEPARATE } from "../../src/domain/ab-tests";
import { parseGolden } from "../golden/golden";
import { expectNoOverflow } from "./layout";
import {
  expectNoAxeViolations,
  startHarness,
  waitForAnimationsToEnd,
  type Harness,
} from "./harness";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = fileURLToPath(new URL("../../.tmp/", import.meta.url));

let harness: Harness;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

function golden(name: string) {
  const file = fileURLToPath(new URL(`../golden/${name}.yaml`, import.meta.url));
  return parseGolden(readFileSync(file, "utf8"), file);
}

function replace(answers: Answer[], changes: Answer[]): Answer[] {
  const key = (a: Answer) => `${a.entityName}/${a.id}/${a.fieldName}`;
  const changed = new Set(changes.map(key));
  return [...answers.filter((a) => !changed.has(key(a))), ...changes];
}

async function openResults(page: Page, answers: Answer[], dateDeValeur: string): Promise<number> {
  await page.goto(harness.baseUrl);
  await page.evaluate(
    ({ answers, dateDeValeur, variant }) => {
      sessionStorage.setItem(
        "simulation",
        JSON.stringify({ answers: { all: answers, current: answers }, dateDeValeur }),
      );
      // Each BAFA aid on its own card: every amount the summary adds is on the page.
      localStorage.setItem(
        "ABTesting",
        JSON.stringify({ aides_bafa: { index: 1, value: variant } }),
      );
    },
    { answers, dateDeValeur, variant: BAFA_SEPARATE },
  );
  await page.goto(`${harness.baseUrl}/simulation/resultats`);
  const status = page.getByRole("status").getByText(/\d+ aides? trouvées?$/);
  await status.waitFor({ timeout: 120_000 });
  await waitForAnimationsToEnd(page);
  return Number((await status.innerText()).match(/\d+/)![0]);
}

/** "1 033,32 €" → 1033.32; undefined when the text has no amount in euros. */
function euros(text: string): number | undefined {
  const match = text.match(/(\d[\d\s\u202f\u00a0]*(?:,\d+)?)\s*€/);
  if (!match) return undefined;
  return Number(match[1]!.replace(/[\s\u202f\u00a0]/g, "").replace(",", "."));
}

const sum = (amounts: number[]) => amounts.reduce((a, b) => a + Math.round(b * 100), 0) / 100;

function section(page: Page, heading: string | RegExp): Locator {
  return page
    .locator(".app-results-list > section")
    .filter({ has: page.getByRole("heading", { level: 2, name: heading }) });
}

/** Each card of a section: its title and the amount it shows. */
async function cardsOf(page: Page, heading: string | RegExp) {
  const cards = await section(page, heading).locator("ul.app-results > li").all();
  return Promise.all(
    cards.map(async (card) => ({
      title: (await card.locator("h3").innerText()).trim(),
      amount: euros(await card.innerText()),
    })),
  );
}

async function summaryTotals(page: Page) {
  const heading = await page.locator("#resume-resultats").innerText();
  expect(heading).toMatch(/^Vous pourriez recevoir jusqu’à /);
  const part = (words: string) => {
    const match = heading.match(
      new RegExp(`(\\d[\\d\\s\\u202f\\u00a0]*(?:,\\d+)?\\s*€)\\s${words}`),
    );
    return match ? euros(match[1]!)! : 0;
  };
  return { mensuel: part("par mois"), annuel: part("par an"), ponctuel: part("en une fois") };
}

/** Light and dark (the page reloaded under each scheme), phone and desktop; axe in dark too. */
async function screenshots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await page
      .getByRole("status")
      .getByText(/\d+ aides? trouvées?$/)
      .waitFor({ timeout: 120_000 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute("data-fr-theme")))
      .toBe(scheme);
    for (const [viewport, size] of [
      ["390", PHONE],
      ["1280", DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      await waitForAnimationsToEnd(page);
      await page.screenshot({ path: `${SHOTS}${name}-${viewport}-${scheme}.png` });
      await page.screenshot({
        path: `${SHOTS}${name}-${viewport}-${scheme}-full.png`,
        fullPage: true,
      });
    }
    if (scheme === "dark") await expectNoAxeViolations(page, `${name} (sombre)`);
  }
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await page
    .getByRole("status")
    .getByText(/\d+ aides? trouvées?$/)
    .waitFor({ timeout: 120_000 });
  await waitForAnimationsToEnd(page);
}

describe("results summary, order, filter and height", () => {
  it("a Lyon student: the money first, aids by value, a theme filter, under 5,000 px", async () => {
    const { context, page, consoleErrors } = await harness.newPage();
    await page.setViewportSize(PHONE);
    const student = golden("etudiante-boursiere-lyon-loin-des-parents");
    const answers = replace(student.answers, [
      { entityName: "individu", id: "demandeur", fieldName: "_interetBafa", value: true },
      {
        entityName: "individu",
        id: "demandeur",
        fieldName: "_interetPermisDeConduire",
        value: true,
      },
    ]);
    const count = await openResults(page, answers, student.dateDeValeur);
    await screenshots(page, "results-student");
    expect(count).toBeGreaterThanOrEqual(18);
    expect(count).toBeLessThanOrEqual(30);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`results page: ${count} aids, ${height} px tall at 390×844`);
    expect(height).toBeLessThanOrEqual(5000);

    // The parts by value, in order, then what is never added (to verify, on application); the
    // monthly amounts largest first.
    const headings = await page.locator(".app-results-list > section > h2").allInnerTexts();
    const order = [
      "Chaque mois",
      "Chaque année",
      "En une fois",
      "Réductions",
      "À vérifier",
      "Sur dossier",
    ];
    const ranks = headings.map((h) => order.findIndex((start) => h.startsWith(start)));
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    expect([...ranks].sort()).toEqual(ranks);
    expect(ranks[0]).toBe(0);
    const monthly = await cardsOf(page, "Chaque mois");
    expect(monthly.length).toBeGreaterThanOrEqual(2);
    const monthlyAmounts = monthly.map((card) => card.amount!);
    expect(monthlyAmounts.every((amount) => amount > 0)).toBe(true);
    expect(monthlyAmounts).toEqual([...monthlyAmounts].sort((a, b) => b - a));
    expect(monthly.map((card) => card.title)).toContain("Aides personnelles au logement");
    const once = await cardsOf(page, "En une fois");
    expect(once.length).toBeGreaterThan(0);
    expect(once.map((card) => card.amount)).toEqual(
      [...once.map((card) => card.amount)].sort((a, b) => b! - a!),
    );
    // The advantages: compact, no amount added, several to a phone screen.
    const advantages = section(page, /^Réductions/).locator("ul.app-results > li");
    expect(await advantages.count()).toBeGreaterThanOrEqual(5);
    const heights = await advantages.evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect().height),
    );
    expect(Math.max(...heights)).toBeLessThan(PHONE.height / 4);

    // The summary adds what the cards show (no exclusion here).
    const totals = await summaryTotals(page);
    expect(totals.mensuel).toBe(sum(monthlyAmounts));
    expect(totals.ponctuel).toBe(sum(once.map((card) => card.amount!)));
    // The summary and the three largest amounts on the first screen.
    const top = page.locator(".app-results-summary__top > li");
    expect(await top.count()).toBe(3);
    // …and says how many more the totals count, so that the lines shown need not add up to them.
    const yearly = await cardsOf(page, "Chaque année");
    const countedCards = [...monthly, ...yearly, ...once].filter((card) => (card.amount ?? 0) > 0);
    const others = countedCards.length - 3;
    expect(others).toBeGreaterThan(0);
    expect(await page.locator(".app-results-summary").innerText()).toContain(
      `Et ${others} autre${others > 1 ? "s aides comptées" : " aide comptée"} dans ce total`,
    );
    expect(await top.first().innerText()).toContain(monthly[0]!.title);
    for (const element of [page.locator("#resume-resultats"), top.nth(2)]) {
      const box = (await element.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }

    // Every result keeps its claim link.
    await page
      .locator(".app-results-list details")
      .evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    const items = page.locator(".app-results-list ul.app-results > li");
    expect(await items.count()).toBe(count);
    for (const item of await items.all())
      expect(await item.getByRole("link", { name: /Comment en bénéficier/ }).count()).toBe(1);
    await expectNoAxeViolations(page, "resultats (résumé)");
    await expectNoOverflow(page, "resultats (résumé)");

    // The filter, by keyboard: housing only, then every aid again.
    const filter = page.getByRole("navigation", { name: "Filtrer les aides par thème" });
    const housing = filter.getByRole("button", { name: /^Logement \(\d+\)$/ });
    const all = filter.getByRole("button", { name: /^Toutes \(\d+\)$/ });
    const housingCount = Number((await housing.innerText()).match(/\d+/)![0]);
    await housing.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => items.count()).toBe(housingCount);
    expect(await housing.getAttribute("aria-pressed")).toBe("true");
    // Filtering is no navigation: the focus stays on the tag, the page where it was.
    expect(await housing.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await all.getAttribute("aria-pressed")).toBe("false");
    expect(await page.locator(".app-results-list").innerText()).toContain(
      "Aides personnelles au logement",
    );
    expect(await page.locator(".app-results-list").innerText()).not.toContain(
      "Bourse sur critères sociaux",
    );
    // The summary still counts every aid.
    expect(await summaryTotals(page)).toEqual(totals);
    await expectNoAxeViolations(page, "resultats (filtre logement)");
    // A result's page and "Retour aux résultats": the filter, the place and the link are kept.
    const claim = items.last().getByRole("link", { name: /Comment en bénéficier/ });
    const claimHref = await claim.getAttribute("href");
    const filtered = page.url();
    await claim.click();
    await page.waitForURL((url) => url.pathname === claimHref);
    await page.getByRole("link", { name: "Retour aux résultats" }).click();
    await page.waitForURL(filtered);
    await expect.poll(() => items.count()).toBe(housingCount);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("href")))
      .toBe(claimHref);
    const claimBox = await page.evaluate(() => {
      const { top, bottom } = document.activeElement!.getBoundingClientRect();
      return { top, bottom };
    });
    expect(claimBox.top).toBeGreaterThanOrEqual(0);
    expect(claimBox.bottom).toBeLessThanOrEqual(PHONE.height);
    await all.click();
    await expect.poll(() => items.count()).toBe(count);
    // Pressing the pressed "all" keeps it pressed (the DSFR's script toggles tags on its own).
    await all.click();
    await expect.poll(() => all.getAttribute("aria-pressed")).toBe("true");
    expect(await housing.getAttribute("aria-pressed")).toBe("false");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("a disabled 28-year-old offered the CEJ and the RSA: choose, and the total counts one", async () => {
    const { context, page, consoleErrors } = await harness.newPage();
    await page.setViewportSize(PHONE);
    const situation = golden("jeune-handicap-rsdae-chartres");
    await openResults(page, situation.answers, situation.dateDeValeur);
    const monthly = await cardsOf(page, "Chaque mois");
    const amountOf = (title: string) => monthly.find((card) => card.title === title)?.amount;
    const cej = amountOf("Contrat d’engagement jeune");
    const rsa = amountOf("Revenu de solidarité active (RSA)");
    expect(cej).toBeGreaterThan(0);
    expect(rsa).toBeGreaterThan(0);

    const choice = page
      .locator(".app-results-choice")
      .filter({ hasText: "Contrat d’engagement jeune" });
    expect(await choice.count()).toBe(1);
    const text = await choice.innerText();
    expect(text).toContain("Vous devrez choisir entre");
    expect(text).toMatch(/Contrat d’engagement jeune \(\d[\d\s\u202f]*,\d\d\s*€ \/ mois\)/);
    expect(text).toMatch(
      /Revenu de solidarité active \(RSA\) \(\d[\d\s\u202f]*,\d\d\s*€ \/ mois\)/,
    );
    expect(text).toContain("R5131-24");

    // The RSA counts the AAH in its resources (schema/results.yaml, aah-rsa): with the AAH, which
    // is larger, the RSA is not received; the CEJ is, beside the AAH. The total adds every monthly
    // amount but the RSA (and the prime d’activité, were it there).
    const aah = amountOf("Allocation aux adultes handicapés (AAH)");
    expect(aah).toBeGreaterThan(rsa!);
    const ppa = amountOf("Prime d’activité") ?? 0;
    const all = sum(monthly.map((card) => card.amount!));
    const { mensuel } = await summaryTotals(page);
    expect(mensuel).toBe(sum([all, -rsa!, -ppa]));
    expect(mensuel).toBeLessThan(all);
    await expectNoAxeViolations(page, "resultats (choix CEJ / RSA)");
    await expectNoOverflow(page, "resultats (choix CEJ / RSA)");
    await screenshots(page, "results-cej-rsa");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
