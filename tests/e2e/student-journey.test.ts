/**
 * A student in Montpellier goes through the whole questionnaire with the keyboard only and sees the
 * amounts that OpenFisca-France computes, and the Montpellier bike aid; axe finds no violation on any screen visited
 * (every step in the light and the dark display schemes), the progress bar never
 * goes backwards while moving forward, and the in-page 'Retour' button works. The home page, a
 * step, the children list, the results and "revenir plus tard" pass the layout check (layout.ts).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, startHarness, type Harness } from "./harness";
import { activate, activateBackwards, check, choose, fill, tabTo, typeDate } from "./keyboard";
import { expectNoOverflow } from "./layout";
import { expectNoAxeViolationsLightAndDark } from "./schemes";

type Action = (page: Page) => Promise<void>;

const progressShown = async (page: Page) =>
  Number(await page.locator("[role=progressbar]").getAttribute("aria-valuenow"));

const answers: Record<string, Action> = {
  "individu/demandeur/date_naissance": (p) => typeDate(p, "15/03/2006"),
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
  "individu/demandeur/_restaurantUniversitaireProche": (p) => choose(p, "Je ne sais pas"),
  "individu/demandeur/service_civique": (p) => choose(p, "Non"),
  "individu/demandeur/handicap": (p) => choose(p, "Non"),
  "individu/demandeur/enfant_a_charge": (p) => choose(p, "Non"),
  "individu/demandeur/regime_securite_sociale": (p) => choose(p, "Régime général"),
  "individu/demandeur/enceinte": (p) => choose(p, "Non"),
  // No child: the list is confirmed empty.
  enfants: async () => {},
  "famille/en_couple": (p) => choose(p, "Non"),
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
  // Living in Montpellier, the parents in Lyon.
  "menage/depcom": async (p) => {
    await fill(p, "34000", /Code postal/);
    await choose(p, "Montpellier");
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
  "individu/demandeur/_interetsAidesVelo": (p) => check(p, /assistance électrique$/),
  "individu/demandeur/_interetBafa": (p) => choose(p, "Non"),
  "individu/demandeur/_interetPermisDeConduire": (p) => choose(p, "Oui"),
  "individu/demandeur/_interetAidesSanitaireSocial": (p) => choose(p, "Non"),
  "individu/demandeur/_interetEtudesEtranger": (p) => choose(p, "Non"),
  // Kept in the browser only: the simulation posted must still be accepted.
  "individu/demandeur/coordonnees": async (p) => {
    await fill(p, "Camille", /prénom/);
    await fill(p, "camille@example.fr", /adresse électronique/);
  },
};

let harness: Harness;
let journeyPage: Page | undefined;

beforeAll(async () => {
  // The second test takes the engine away: the shared one, behind a relay this file cuts.
  harness = await startHarness({ cuttableEngine: true });
});

afterAll(async () => {
  await harness?.close();
});

describe("student journey, keyboard only", () => {
  // 38 screens, each axe-checked twice, and five layout checks: over the 180 s default when the
  // machine is loaded.
  it("reaches the results and sees the grant and the housing aid", async () => {
    const { page, consoleErrors } = await harness.newPage();
    await page.goto(harness.baseUrl);
    // The A/B variant with separate cards: otherwise a random draw may gather the bike aids.
    await page.evaluate(() =>
      localStorage.setItem(
        "ABTesting",
        JSON.stringify({
          aides_bafa: { index: 1, value: "aides_bafa_separees_conserve_position" },
        }),
      ),
    );
    await expectNoAxeViolations(page, "accueil");
    await expectNoOverflow(page, "accueil", {
      mainActions: [page.getByRole("button", { name: "Je commence ma simulation" })],
    });
    await activate(page, "Je commence ma simulation");

    const visited: string[] = [];
    let lastProgress = 0;
    let wentBack = false;
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
      await expectNoAxeViolationsLightAndDark(page, path);
      // The layout of a step with one field, and of the children list with its buttons.
      if (path === "individu/demandeur/date_naissance" || path === "enfants")
        await expectNoOverflow(page, path, {
          mainActions: [page.getByRole("button", { name: "Suivant" })],
        });
      const progress = await progressShown(page);
      expect(progress, `progress bar on ${path} after ${visited.at(-1)}`).toBeGreaterThanOrEqual(
        lastProgress,
      );
      lastProgress = progress;
      if (path === "individu/demandeur/activite" && !wentBack) {
        wentBack = true;
        await activateBackwards(page, "Retour");
        await page.waitForURL((url) => url.pathname.endsWith("/nationalite"));
        await page.waitForFunction(() => document.activeElement?.tagName === "H1");
        lastProgress = await progressShown(page);
        await activate(page, "Suivant");
        await page.waitForURL((url) => url.pathname.endsWith("/activite"));
        await page.waitForFunction(() => document.activeElement?.tagName === "H1");
      }
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
    await expectNoOverflow(page, "resultats");
    const results = await page.locator("main").innerText();
    expect(results).toMatch(/Bourse sur critères sociaux[\s\S]*\d+[,\d]*\s*€/);
    expect(results).toContain("Aides personnelles au logement");
    expect(results).not.toContain("Revenu de solidarité active");
    // The Montpellier bike aid (@betagouv/aides-velo) for the e-bike chosen among the projects.
    expect(results).toMatch(
      /Aide à l’achat d’un vélo – Montpellier Méditerranée Métropole \(montpellier vae occasion\)[\s\S]*?200\s*€/,
    );
    // "Pourquoi pas moi ?": from the results to the aids list, then an aid the student misses.
    await activate(page, "la liste de toutes les aides");
    await page.waitForURL((url) => url.pathname === "/aides");
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");
    await page
      .getByText(/\d[\d\s\u202f]* aides$/)
      .first()
      .waitFor();
    await expectNoAxeViolations(page, "aides");
    await page.goto(`${harness.baseUrl}/aides/aide_bafa_generale_caf_haute_savoie`);
    await page.getByRole("heading", { name: "Pourquoi pas moi\u00a0?" }).waitFor();
    expect(await page.locator("main").innerText()).toContain(
      "Cette aide concerne un projet que vous n’avez pas indiqué",
    );
    await expectNoAxeViolations(page, "aide");
    await page.goto(`${harness.baseUrl}/aides/velo_montpellier_vae_occasion`);
    await page
      .getByText("D’après votre simulation, vous pouvez bénéficier de cette aide.")
      .waitFor();
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await page.waitForURL(/\/simulation\/resultats$/);
    expect(visited).toHaveLength(Object.keys(answers).length);
    expect(wentBack, "the 'Retour' button was tried").toBe(true);
    expect(consoleErrors).toEqual([]);
    journeyPage = page;
  }, 300_000);

  it("explains in French when the engine is down, and offers a retry", async () => {
    const page = journeyPage;
    expect(page, "needs the journey of the previous test").toBeDefined();
    await harness.stopEngine();
    await page!.goBack();
    await page!.waitForURL(/\/coordonnees$/);
    await page!.locator("main h1").first().waitFor();
    await fill(page!, "0612345678", /téléphone/);
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

/** Waits for the page's h1, checks it has the focus (docs/product.md §2: focus on the h1 after navigation). */
async function expectFocusedTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction(
    (text) =>
      document.activeElement?.tagName === "H1" && document.activeElement.textContent === text,
    title,
  );
}

describe("recap, learn more, save for later and declarations, keyboard only", () => {
  it("edits from the recap, reads a learn-more page, saves, resumes and declares", async () => {
    const page = journeyPage;
    expect(page, "needs the journey of the first test").toBeDefined();
    const p = page!;
    await activate(p, "Modifier ma simulation");
    await p.waitForURL(/\/simulation\/recapitulatif$/);
    await expectFocusedTitle(p, "Récapitulatif");
    expect(await p.locator("main").innerText()).toContain("Mon logement");
    await expectNoAxeViolations(p, "recapitulatif");

    await tabTo(
      p,
      "Modifier « Mon logement »",
      (f) => f.tag === "a" && f.text.startsWith("Modifier") && f.text.includes("Mon logement"),
    );
    await p.keyboard.press("Enter");
    await p.waitForURL(/\/simulation\/menage\/_logementType$/);
    await expectFocusedTitle(p, "Quelle est votre situation de logement\u00a0?");

    await tabTo(p, "En savoir plus", (f) => f.tag === "a" && f.text.startsWith("En savoir plus"));
    await p.keyboard.press("Enter");
    await p.waitForURL(/\/_logementType\/en_savoir_plus$/);
    await expectFocusedTitle(p, "Quelle est votre situation de logement\u00a0?");
    expect(await p.locator("main").innerText()).toContain("Vous êtes locataire si");
    await expectNoAxeViolations(p, "en_savoir_plus");
    await activate(p, "Retour à la question");
    await p.waitForURL(/\/simulation\/menage\/_logementType$/);

    await activate(p, "Revenir plus tard");
    await p.waitForURL(/\/simulation\/revenir-plus-tard$/);
    await expectFocusedTitle(p, "Revenir plus tard\u00a0?");
    await expectNoAxeViolations(p, "revenir-plus-tard");
    await expectNoOverflow(p, "revenir-plus-tard");
    await activate(p, "Enregistrer ma simulation");
    await p.getByText("Votre simulation est enregistrée.").waitFor();
    await expectNoAxeViolations(p, "revenir-plus-tard enregistrée");
    const cookies = await p.context().cookies();
    expect(cookies.find((c) => c.name === "lastestSimulation")?.value).toMatch(/^[\w-]{22}$/);
    await activate(p, "Reprendre ma simulation là où je l’ai laissée");
    await p.waitForURL(/\/simulation\/menage\/_logementType$/);
    await expectFocusedTitle(p, "Quelle est votre situation de logement\u00a0?");

    await p.goto(`${harness.baseUrl}/simulation/ressources/fiscales`);
    await p.locator("main h1").first().waitFor();
    expect(await p.locator("main h1").innerText()).toMatch(
      /^Les revenus imposables de votre foyer en \d{4}$/,
    );
    await expectNoAxeViolations(p, "ressources/fiscales");
    await fill(p, "12000", /Salaires/);
    await activate(p, "Valider et revoir mes résultats");
    await p.waitForURL(/\/simulation\/resultats$/);

    await p.goto(`${harness.baseUrl}/simulation/ressources/patrimoine`);
    await p.locator("main h1").first().waitFor();
    await expectNoAxeViolations(p, "ressources/patrimoine");
    await fill(p, "1500", /Livret A/);
    await activate(p, "Valider et revoir mes résultats");
    await p.waitForURL(/\/simulation\/resultats$/);
  });

  it("sends a deep link without a birth date to the start, with the redirect message", async () => {
    const { page } = await harness.newPage();
    await page.goto(`${harness.baseUrl}/simulation/menage/loyer`);
    await page.waitForURL(/\/simulation\/individu\/demandeur\/date_naissance$/);
    await page.getByText("Vous avez été redirigé ou redirigée sur la première page").waitFor();
    await expectNoAxeViolations(page, "redirection");
  });
});
