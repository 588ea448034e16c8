/**
 * The first screens on a phone (390×844), keyboard only, in a browser set to English: the birth
 * date is asked in French as day, month and year (no native date input, which an English browser
 * shows as mm/dd/yyyy), each mistake is named, the focus goes to the input at fault, then to the
 * next step's heading; the answer is stored as YYYY-MM-DD and 'Retour' shows it again. The rent
 * screen names a negative amount, letters and an empty answer.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolationsQuickly, startHarness, type Harness } from "./harness";
import { activate, activateBackwards, check } from "./keyboard";

const PHONE = { width: 390, height: 844 };
const BIRTH_DATE = "#champ-date_naissance";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** The accessible name of the focused element, or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    const label = element?.labels?.[0]?.textContent;
    return (label ?? element?.textContent ?? "").trim();
  });

/** Types the three parts from the focused day input, replacing what they hold, then submits. */
/**
 * Replaces the three parts, each in its own field (`fill` is one input event: a keystroke typed
 * while a busy machine still moves the focus after the previous submit cannot land elsewhere),
 * then submits with Enter from the year. The keyboard order is checked by the other journeys.
 */
async function retypeDate(page: Page, day: string, month: string, year: string) {
  const group = page.locator(BIRTH_DATE);
  await group.getByLabel("Jour").fill(day);
  await group.getByLabel("Mois").fill(month);
  await group.getByLabel("Année").fill(year);
  await group.getByLabel("Année").press("Enter");
}

const dateMessage = (page: Page) => page.locator(`${BIRTH_DATE}-messages`).innerText();

interface StoredAnswer {
  fieldName: string;
  value: unknown;
}

async function storedAnswers(page: Page): Promise<StoredAnswer[]> {
  const stored = await page.evaluate(() => sessionStorage.getItem("simulation"));
  return (JSON.parse(stored ?? "{}") as { answers?: { all: StoredAnswer[] } }).answers?.all ?? [];
}

/** Opens `path` on a simulation holding a birth date and `answers` (public answer format). */
async function openWith(page: Page, answers: object[], path: string) {
  await page.goto(`${harness.baseUrl}/`);
  await page.evaluate((more) => {
    const birth = { entityName: "individu", id: "demandeur", fieldName: "date_naissance" };
    const all = [{ ...birth, value: "2003-05-21" }, ...more];
    const dateDeValeur = new Date().toISOString().slice(0, 10);
    sessionStorage.setItem(
      "simulation",
      JSON.stringify({ answers: { all, current: all }, dateDeValeur }),
    );
  }, answers);
  await page.goto(`${harness.baseUrl}${path}`);
}

describe("the journey on a phone, in an English-locale browser", () => {
  it("asks the birth date as day, month and year in French and names each mistake", async () => {
    const { page, context, consoleErrors } = await harness.newPage({
      locale: "en-US",
      viewport: PHONE,
    });
    expect(await page.evaluate(() => navigator.language)).toBe("en-US");
    await page.goto(`${harness.baseUrl}/`);
    await activate(page, "Je commence ma simulation");
    await page.waitForURL(/\/simulation\/individu\/demandeur\/date_naissance$/);
    const group = page.getByRole("group", { name: /Quelle est votre date de naissance/ });
    await group.waitFor();
    await expect.poll(() => focused(page)).toBe("Quelle est votre date de naissance\u00a0?");

    // Three numeric text inputs, labelled in French, filled by the browser's birthday details.
    expect(await page.locator('main input[type="date"]').count()).toBe(0);
    const inputs = await group.locator("input").evaluateAll((elements) =>
      (elements as HTMLInputElement[]).map((input) => ({
        label: input.labels?.[0]?.textContent,
        type: input.type,
        inputMode: input.inputMode,
        autocomplete: input.autocomplete,
      })),
    );
    expect(inputs).toEqual([
      { label: "Jour", type: "text", inputMode: "numeric", autocomplete: "bday-day" },
      { label: "Mois", type: "text", inputMode: "numeric", autocomplete: "bday-month" },
      { label: "Année", type: "text", inputMode: "numeric", autocomplete: "bday-year" },
    ]);
    expect(await group.innerText()).toContain("Par exemple\u00a0: 14 7 2005");

    // Empty: the message says what to give; the focus goes to the day.
    await activate(page, "Suivant");
    await expect
      .poll(() => dateMessage(page))
      .toBe("Veuillez indiquer une date\u00a0: le jour, le mois et l’année.");
    expect(await page.locator(BIRTH_DATE).getAttribute("class")).toContain("fr-fieldset--error");
    await expect.poll(() => focused(page)).toBe("Jour");
    await expectNoAxeViolationsQuickly(page, "birth date, error");

    // A day February does not have.
    await retypeDate(page, "31", "2", "2005");
    await expect
      .poll(() => dateMessage(page))
      .toBe("Cette date n’existe pas\u00a0: février 2005 compte 28 jours.");
    await expect.poll(() => focused(page)).toBe("Jour");

    // Next year: the year is out of bounds, and the focus goes to it.
    const thisYear = new Date().getFullYear();
    await retypeDate(page, "1", "1", String(thisYear + 1));
    await expect
      .poll(() => dateMessage(page))
      .toBe(`L’année doit être comprise entre 1900 et ${thisYear}.`);
    await expect.poll(() => focused(page)).toBe("Année");

    // Mistyped as a native input would take it, in the US order: month 15 does not exist.
    await retypeDate(page, "3", "15", "2006");
    await expect.poll(() => dateMessage(page)).toBe("Le mois doit être un nombre entre 1 et 12.");
    await expect.poll(() => focused(page)).toBe("Mois");

    // The right date: the next step, its heading focused, the answer stored as YYYY-MM-DD.
    await page.locator(BIRTH_DATE).getByLabel("Jour").focus();
    await retypeDate(page, "15", "3", "2006");
    await page.waitForURL(/\/nationalite$/);
    await expect.poll(() => focused(page)).toBe("Quelle est votre nationalité\u00a0?");
    // Shown from its top: the progress bar and "Retour" stay in view above the question.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const birthDate = (await storedAnswers(page)).find((a) => a.fieldName === "date_naissance");
    expect(birthDate?.value).toBe("2006-03-15");

    // 'Retour' shows the date as typed.
    await activateBackwards(page, "Retour");
    await page.waitForURL(/\/date_naissance$/);
    await expect.poll(() => focused(page)).toBe("Quelle est votre date de naissance\u00a0?");
    expect(
      await group.locator("input").evaluateAll((e) => e.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(["15", "3", "2006"]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("names a negative rent, letters in an amount and an empty rent", async () => {
    const { page, context, consoleErrors } = await harness.newPage({ viewport: PHONE });
    await openWith(page, [], "/simulation/menage/loyer");
    const rent = page.getByRole("textbox", { name: /montant de votre loyer/ });
    await rent.waitFor();
    // The question comes first: its heading in the top half of the first screen, and its
    // "Suivant" before the recap's button and "Revenir plus tard" (on the screen and to the
    // keyboard; the chapters above keep their own link to the recap).
    const headingTop = await page
      .locator("main h1")
      .evaluate((heading) => heading.getBoundingClientRect().top + window.scrollY);
    expect(headingTop).toBeLessThan(PHONE.height / 2);
    const order = await page.evaluate(() => {
      const named = (text: string) =>
        [...document.querySelectorAll("main .fr-btn, main .fr-link")].find(
          (element) => element.textContent?.trim() === text,
        );
      const next = named("Suivant");
      return ["Récapitulatif", "Revenir plus tard"].map((text) => {
        const other = named(text);
        if (!next || !other) return `${text}: missing`;
        const follows = next.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING;
        const below = other.getBoundingClientRect().top > next.getBoundingClientRect().bottom;
        return `${text}: ${follows ? "after" : "before"} Suivant, ${below ? "below" : "above"} it`;
      });
    });
    expect(order).toEqual([
      "Récapitulatif: after Suivant, below it",
      "Revenir plus tard: after Suivant, below it",
    ]);
    const rentMessage = async () =>
      page.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>("#champ-loyer");
        const ids = input?.getAttribute("aria-describedby")?.split(" ") ?? [];
        return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
      });

    await activate(page, "Suivant");
    await expect
      .poll(rentMessage)
      .toContain("Veuillez indiquer un montant en euros, par exemple 450.");
    expect(await focused(page)).toMatch(/montant de votre loyer/);

    await page.keyboard.type("-5");
    await page.keyboard.press("Enter");
    await expect
      .poll(rentMessage)
      .toContain("Le montant ne peut pas être négatif\u00a0: indiquez 0 ou plus.");

    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("cinq cents");
    await page.keyboard.press("Enter");
    await expect
      .poll(rentMessage)
      .toContain(
        "Veuillez indiquer un montant en chiffres, sans lettres, par exemple 450 ou 450,50.",
      );
    await expectNoAxeViolationsQuickly(page, "rent, error");

    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("480");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => !url.pathname.endsWith("/menage/loyer"));
    await expect.poll(() => focused(page)).toBe(await page.locator("main h1").first().innerText());
    const loyer = (await storedAnswers(page)).find((a) => a.fieldName === "loyer");
    expect(loyer?.value).toBe(480);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the six choices of the activity question and its "Suivant" on the first screen', async () => {
    // The chapter's name and "Retour" share a line on a phone (src/app/styles.css): before, this
    // "Suivant" ended 45 px below the first screen (889 px).
    const { page, context, consoleErrors } = await harness.newPage({ viewport: PHONE });
    const nationality = { entityName: "individu", id: "demandeur", fieldName: "nationalite" };
    await openWith(
      page,
      [{ ...nationality, value: "fr" }],
      "/simulation/individu/demandeur/activite",
    );
    const next = page.getByRole("button", { name: "Suivant", exact: true });
    await next.waitFor();
    expect(await page.getByRole("radio").count()).toBe(6);
    const box = await next.evaluate((button) => {
      const { top, bottom } = button.getBoundingClientRect();
      return { top: top + window.scrollY, bottom: bottom + window.scrollY };
    });
    expect(box.bottom).toBeLessThanOrEqual(PHONE.height);
    const row = await page.evaluate(() => {
      const title = document.querySelector("main .app-chapter-title")?.getBoundingClientRect();
      const back = [...document.querySelectorAll("main .fr-btn")]
        .find((button) => button.textContent?.trim() === "Retour")
        ?.getBoundingClientRect();
      return title && back
        ? Math.abs(title.top + title.height / 2 - (back.top + back.height / 2))
        : -1;
    });
    // On one line: their middles within a few pixels.
    expect(row).toBeGreaterThanOrEqual(0);
    expect(row).toBeLessThan(4);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows the monthly amounts two a row on a phone, without horizontal scrolling", async () => {
    const { page, context, consoleErrors } = await harness.newPage({ viewport: PHONE });
    const types = { entityName: "individu", id: "demandeur", fieldName: "ressources" };
    await openWith(
      page,
      [{ ...types, value: ["chomage_net"] }],
      "/simulation/individu/demandeur/ressources/montants/indemnites",
    );
    await check(page, /^Même montant tous les mois/);
    await page.keyboard.press("Space");
    const months = page.locator("main .app-period input");
    await expect.poll(() => months.count()).toBe(13);
    const boxes = await months.evaluateAll((inputs) =>
      inputs.map((input) => {
        const box = input.getBoundingClientRect();
        return { top: Math.round(box.top), left: Math.round(box.left), right: box.right };
      }),
    );
    // Each odd month shares its row with the next one, to its right.
    for (let i = 0; i + 1 < boxes.length; i += 2) {
      expect(boxes[i + 1]!.top, `row of month ${i + 1}`).toBe(boxes[i]!.top);
      expect(boxes[i + 1]!.left).toBeGreaterThan(boxes[i]!.right);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoAxeViolationsQuickly(page, "monthly amounts, month by month");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
