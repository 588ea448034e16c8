/**
 * A student goes through the whole questionnaire with the keyboard only and sees the amounts that
 * OpenFisca-France computes; axe finds no violation on any screen visited.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, startHarness, type Harness } from "./harness";
import { activate, check, choose, fill } from "./keyboard";

type Action = (page: Page) => Promise<void>;

const answers: Record<string, Action> = {
  "individu/demandeur/date_naissance": (p) => fill(p, "15032006"),
  "individu/demandeur/nationalite": (p) => choose(p, "Française"),
  "individu/demandeur/activite": (p) =>
    choose(p, "Étudiant ou étudiante, en formation ou en alternance"),
  "individu/demandeur/scolarite": (p) => choose(p, "Dans l’enseignement supérieur"),
  "individu/demandeur/annee_etude": (p) => choose(p, "Licence 2e année"),
  "individu/demandeur/statuts_etablissement_scolaire": (p) => choose(p, "Public"),
  "individu/demandeur/mention_baccalaureat": (p) => choose(p, "Sans mention ou je ne sais pas"),
  "individu/demandeur/stagiaire": (p) => choose(p, "Non"),
  "individu/demandeur/alternant": (p) => choose(p, "Non"),
  "individu/demandeur/groupe_specialites_formation": (p) => choose(p, "Autre domaine"),
  "individu/demandeur/service_civique": (p) => choose(p, "Non"),
  "individu/demandeur/handicap": (p) => choose(p, "Non"),
  "individu/demandeur/enfant_a_charge": (p) => choose(p, "Non"),
  "individu/demandeur/regime_securite_sociale": (p) => choose(p, "Régime général"),
  "individu/demandeur/enceinte": (p) => choose(p, "Non"),
  "parents/_situation": (p) => choose(p, "Ils vivent ensemble"),
  "famille/bourse_criteres_sociaux_nombre_enfants_a_charge": (p) => fill(p, "2"),
  "famille/bourse_criteres_sociaux_nombre_enfants_a_charge_dans_enseignement_superieur": (p) =>
    fill(p, "1"),
  "menage/_logementType": (p) => choose(p, "Locataire"),
  "menage/_locationType": (p) => choose(p, "Logement meublé"),
  "menage/coloc": (p) => choose(p, "Non"),
  "menage/logement_chambre": (p) => choose(p, "Non"),
  "famille/proprietaire_proche_famille": (p) => choose(p, "Non"),
  "menage/loyer": (p) => fill(p, "450", /loyer/i),
  "menage/depcom": async (p) => {
    await fill(p, "69001", /Code postal/);
    await choose(p, "Lyon");
  },
  "menage/_difficultes_acces_ou_frais_logement": (p) => choose(p, "Non"),
  "parents/_en_france": (p) => choose(p, "Oui"),
  "individu/demandeur/_bourseCriteresSociauxCommuneDomicileFamilial": async (p) => {
    await fill(p, "69001", /Code postal/);
    await choose(p, "Lyon");
  },
  "menage/_nombreMoisEntreeLogement": (p) => fill(p, "12"),
  "individu/demandeur/ressources/types": (p) => check(p, /^Salaire/),
  "individu/demandeur/ressources/montants/revenusActivite": (p) => fill(p, "300"),
  "individu/demandeur/bourse_criteres_sociaux_base_ressources_parentale": (p) => fill(p, "15000"),
};

let harness: Harness;
let journeyPage: Page | undefined;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

describe("student journey, keyboard only", () => {
  it("reaches the results and sees the grant and the housing aid", async () => {
    const { page, consoleErrors } = await harness.newPage();
    await page.goto(harness.baseUrl);
    await expectNoAxeViolations(page, "accueil");
    await activate(page, "Je commence ma simulation");

    const visited: string[] = [];
    for (let screen = 0; screen < 60; screen++) {
      await page.waitForURL(/\/simulation\/.+/);
      const path = new URL(page.url()).pathname.replace("/simulation/", "");
      if (path === "resultats") break;
      const answer = answers[path];
      expect(
        answer,
        `no scripted answer for ${path} (visited: ${visited.join(", ")})`,
      ).toBeDefined();
      await page.locator("main h1").first().waitFor();
      await expectNoAxeViolations(page, path);
      visited.push(path);
      await answer!(page);
      await activate(page, "Suivant");
      await page.waitForURL((url) => url.pathname !== `/simulation/${path}`);
    }

    await page
      .getByText(/aides? trouvées?/)
      .first()
      .waitFor({ timeout: 120_000 });
    await expectNoAxeViolations(page, "resultats");
    const results = await page.locator("main").innerText();
    expect(results).toMatch(/Bourse sur critères sociaux[\s\S]*\d+[,\d]*\s*€/);
    expect(results).toContain("Aides personnelles au logement");
    expect(results).not.toContain("Revenu de solidarité active");
    expect(visited).toHaveLength(Object.keys(answers).length);
    expect(consoleErrors).toEqual([]);
    journeyPage = page;
  });

  it("explains in French when the engine is down, and offers a retry", async () => {
    const page = journeyPage;
    expect(page, "needs the journey of the previous test").toBeDefined();
    await harness.stopEngine();
    await page!.goBack();
    await page!.waitForURL(/bourse_criteres_sociaux_base_ressources_parentale/);
    await page!.locator("main h1").first().waitFor();
    await fill(page!, "15500");
    await activate(page!, "Suivant");
    await page!.waitForURL(/\/simulation\/resultats$/);
    const alert = page!.getByText("Le calcul de vos droits n’a pas abouti");
    await alert.waitFor({ timeout: 60_000 });
    expect(await page!.locator("main").innerText()).toContain("momentanément indisponible");
    await expectNoAxeViolations(page!, "resultats en erreur");
    await activate(page!, "Réessayer");
    await alert.waitFor({ timeout: 60_000 });
  });
});
