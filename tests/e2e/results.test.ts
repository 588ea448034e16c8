/**
 * The results pages in a browser: a student in Montpellier interested in an e-bike and in the
 * BAFA opens the results (answers seeded in session storage, the page computes), sees the cards,
 * opens a benefit's detail page, its "Montant inattendu" page, a group page if the visitor has one,
 * and comes back each time; axe finds no violation. Then a young employee declares high taxable
 * incomes of the fiscal year (N-2) and loses the LEP, which is granted under an income ceiling.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../src/domain";
import { employee, montpellier, student, VALUE_DATE } from "../fixtures/situations";
import { expectNoAxeViolations, startHarness, type Harness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

function replace(answers: Answer[], changes: Answer[]): Answer[] {
  const key = (a: Answer) => `${a.entityName}/${a.id}/${a.fieldName}`;
  const changed = new Set(changes.map(key));
  return [...answers.filter((a) => !changed.has(key(a))), ...changes];
}

const answers = replace(student, [
  { entityName: "menage", id: "menage", fieldName: "depcom", value: montpellier },
  {
    entityName: "individu",
    id: "demandeur",
    fieldName: "_interetsAidesVelo",
    value: ["velo_electrique"],
  },
  { entityName: "individu", id: "demandeur", fieldName: "_interetBafa", value: true },
]);

async function backToResults(page: Page) {
  await page.getByRole("link", { name: "Retour aux résultats" }).click();
  await page.waitForURL(/\/simulation\/resultats$/);
  await page
    .getByText(/aides? trouvées?/)
    .first()
    .waitFor({ timeout: 120_000 });
}

describe("results pages", () => {
  it("lists the results, opens a detail page, the unexpected amount and a group, and back", async () => {
    const { page, consoleErrors } = await harness.newPage();
    await page.goto(harness.baseUrl);
    await page.evaluate(
      ({ answers, dateDeValeur }) => {
        sessionStorage.setItem(
          "simulation",
          JSON.stringify({ answers: { all: answers, current: answers }, dateDeValeur }),
        );
        // The merged variant of the BAFA A/B test, the one `/init-ci` sets.
        localStorage.setItem(
          "ABTesting",
          JSON.stringify({
            aides_bafa: { index: 2, value: "aides_bafa_fusionnees_conserve_position" },
          }),
        );
      },
      { answers, dateDeValeur: VALUE_DATE },
    );
    await page.goto(`${harness.baseUrl}/simulation/resultats`);
    await page
      .getByText(/aides? trouvées?/)
      .first()
      .waitFor({ timeout: 120_000 });
    await expectNoAxeViolations(page, "resultats");
    const main = page.locator("main");
    expect(await main.innerText()).toContain("Aides personnelles au logement");
    expect(await page.title()).toBe("Mes résultats - Simulateur d’aides pour les jeunes");

    // The housing aid's detail page: how to claim, the N-2 warning, the unexpected amount.
    await page
      .locator("ul.app-results > li")
      .filter({ hasText: "Aides personnelles au logement" })
      .getByRole("link", { name: /Comment en bénéficier/ })
      .click();
    await page.waitForURL(/\/simulation\/resultats\/aide_logement$/);
    await page.getByRole("heading", { level: 1, name: "Aides personnelles au logement" }).waitFor();
    const detail = await main.innerText();
    expect(detail).toContain("Faire une demande en ligne");
    expect(detail).toContain("Renseignez vos revenus fiscaux");
    await expectNoAxeViolations(page, "resultats/aide_logement");
    await page.getByRole("link", { name: "Montant inattendu\u00a0?" }).click();
    await page.waitForURL(/\/resultats\/inattendu\/aide_logement$/);
    await page.getByRole("heading", { level: 1, name: /^Montant inattendu/ }).waitFor();
    expect(await page.title()).toBe("Montant inattendu - Simulateur d’aides pour les jeunes");
    expect(await main.innerText()).toContain("Comment la Caf compte vos ressources");
    await expectNoAxeViolations(page, "resultats/inattendu/aide_logement");
    await backToResults(page);

    // The bike aids of Montpellier, the métropole and the State, as one card.
    await page.getByRole("link", { name: "Aides à l’achat d’un vélo" }).click();
    await page.waitForURL(/\/resultats\/groupe\/velo$/);
    await page.getByRole("heading", { level: 1, name: "Aides à l’achat d’un vélo" }).waitFor();
    expect(await page.locator("ul.app-results > li").count()).toBeGreaterThan(1);
    expect(await main.innerText()).toMatch(/Montpellier Méditerranée Métropole[\s\S]*?200\s*€/);
    await expectNoAxeViolations(page, "resultats/groupe/velo");
    await backToResults(page);

    // Debug: sample values of named benefits.
    await page.goto(`${harness.baseUrl}/simulation/resultats?debug=rsa,ppa`);
    await page.getByRole("heading", { name: /Débogage/ }).waitFor({ timeout: 120_000 });
    await page.getByRole("heading", { name: "Revenu de solidarité active (RSA)" }).waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it("recomputes the results after the N-2 taxable incomes form", async () => {
    const { page, consoleErrors } = await harness.newPage();
    await page.goto(harness.baseUrl);
    await page.evaluate(
      ({ answers, dateDeValeur }) =>
        sessionStorage.setItem(
          "simulation",
          JSON.stringify({ answers: { all: answers, current: answers }, dateDeValeur }),
        ),
      { answers: employee, dateDeValeur: VALUE_DATE },
    );
    await page.goto(`${harness.baseUrl}/simulation/resultats`);
    const cards = page.locator(".app-results-list");
    const lep = "Livret d’épargne populaire (LEP)";
    await cards.getByRole("heading", { name: lep }).waitFor({ timeout: 120_000 });

    await page.getByRole("link", { name: "Renseigner vos revenus fiscaux" }).click();
    await page.waitForURL(/\/simulation\/ressources\/fiscales$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.locator('[id="montant-demandeur.salaire_imposable"]').fill("40000");
    await expectNoAxeViolations(page, "ressources/fiscales");
    await page.getByRole("button", { name: "Valider et revoir mes résultats" }).click();
    await page.waitForURL(/\/simulation\/resultats$/);
    await page
      .getByText(/aides? trouvées?/)
      .first()
      .waitFor({ timeout: 120_000 });
    const after = await cards.innerText();
    expect(after).toContain("Prime d’activité");
    expect(after).not.toContain(lep);
    expect(consoleErrors).toEqual([]);
  });
});
