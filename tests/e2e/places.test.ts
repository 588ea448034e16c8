/**
 * The places pages in a browser, against a loopback HTTP server speaking the public directory's
 * format (API Annuaire de l’administration, Opendatasoft `records`): from a result's detail page,
 * the places near the visitor's commune, then one place's information, and back to the results.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { montpellier, student, VALUE_DATE } from "../fixtures/situations";
import { expectNoAxeViolationsQuickly, startHarness, type Harness } from "./harness";

const caf = {
  id: "caf-montpellier-accueil",
  nom: "Caisse d’allocations familiales de l’Hérault - Accueil de Montpellier",
  adresse: JSON.stringify([
    {
      type_adresse: "Adresse",
      numero_voie: "139 avenue de Lodève",
      code_postal: "34000",
      nom_commune: "Montpellier",
    },
  ]),
  telephone: JSON.stringify([{ valeur: "3230", description: "" }]),
  site_internet: JSON.stringify([{ libelle: "", valeur: "https://www.caf.fr" }]),
  plage_ouverture: JSON.stringify([
    {
      nom_jour_debut: "Lundi",
      nom_jour_fin: "Vendredi",
      valeur_heure_debut_1: "08:30:00",
      valeur_heure_fin_1: "12:00:00",
      commentaire: "",
    },
  ]),
};

const queries: URLSearchParams[] = [];
let directory: Server;
let harness: Harness;

beforeAll(async () => {
  directory = createServer((request, reply) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    queries.push(url.searchParams);
    const where = url.searchParams.get("where") ?? "";
    const results = where.includes("34172") || where.includes(caf.id) ? [caf] : [];
    reply
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ total_count: results.length, results }));
  });
  await new Promise<void>((resolve) => directory.listen(0, "127.0.0.1", resolve));
  const port = (directory.address() as AddressInfo).port;
  harness = await startHarness({
    lieuxUrl: `http://127.0.0.1:${port}/api/explore/v2.1/catalog/datasets/api-lannuaire-administration`,
  });
});

afterAll(async () => {
  await harness?.close();
  await new Promise((resolve) => directory?.close(resolve));
});

describe("places near the visitor", () => {
  it("lists the CAF offices of the commune, shows one, and goes back to the results", async () => {
    const { page, consoleErrors } = await harness.newPage();
    const answers = student.map((answer) =>
      answer.fieldName === "depcom" ? { ...answer, value: montpellier } : answer,
    );
    await page.goto(harness.baseUrl);
    await page.evaluate(
      ({ answers, dateDeValeur }) =>
        sessionStorage.setItem(
          "simulation",
          JSON.stringify({ answers: { all: answers, current: answers }, dateDeValeur }),
        ),
      { answers, dateDeValeur: VALUE_DATE },
    );
    await page.goto(`${harness.baseUrl}/simulation/resultats/aide_logement`);
    await page
      .getByRole("link", { name: "Trouver un lieu près de chez vous" })
      .click({ timeout: 120_000 });
    await page.waitForURL(/\/simulation\/resultats\/lieux\?benefit=aide_logement$/);
    await page.getByRole("heading", { level: 2, name: caf.nom }).waitFor();
    const main = page.locator("main");
    expect(await main.innerText()).toContain("139 avenue de Lodève");
    expect(await page.title()).toBe("Lieux près de chez vous - Simulateur d’aides pour les jeunes");
    expect(queries.some((query) => query.get("where")?.includes("34172"))).toBe(true);
    await expectNoAxeViolationsQuickly(page, "resultats/lieux");

    await page.getByRole("link", { name: `Horaires et coordonnées de ${caf.nom}` }).click();
    await page.waitForURL(/\/simulation\/resultats\/aide_logement\/[^/]+\/informations$/);
    await page.getByRole("heading", { level: 1, name: caf.nom }).waitFor();
    const information = await main.innerText();
    expect(information).toContain("3230");
    expect(information).toMatch(/[Ll]undi/);
    await expectNoAxeViolationsQuickly(page, "resultats/aide_logement/lieu/informations");

    await page.getByRole("link", { name: "Retour aux résultats" }).click();
    await page.waitForURL(/\/simulation\/resultats$/);
    expect(consoleErrors).toEqual([]);
  });
});
