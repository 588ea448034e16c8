/**
 * Issue 57 §4 "Households as the law sees them" (docs/adr/0012-households-as-the-law-sees-them.md):
 * hand-written situations, posted as a visitor's answers and computed through the app's own path
 * (answers → situation → engine request → the real engine → results), each checked against a
 * figure we did not compute: the law's scale.
 *
 * - Partners in union libre file separate returns (CGI art. 6): a young job seeker without income
 *   whose partner earns 2,600 € a month is on her own non-taxable return, and gets the youth
 *   engagement contract's full allowance for an adult of a non-taxable household, 561.68 € a
 *   month since 1 April 2025 (Code du travail D5131-22 and its revaluation; service-public.fr
 *   F32700), not the 337 € of a household taxed at the first bracket.
 * - The housing aid sets aside the resources of the partner in chômage non indemnisé only
 *   (CCH R822-15: « ni des revenus d'activité professionnelle, ni des indemnités de chômage de
 *   l'intéressé »): the other partner's 2,600 € a month still count, and a couple paying 750 € of
 *   rent in Lyon gets no housing aid.
 * - A lycéen's bourse de lycée is paid to the parents, on their household (Code de l'éducation
 *   D531-19 to D531-29, arrêté of 22 March 2016): parents with a reference income of 12,000 € and
 *   2 children are at échelon 4 (ceiling for 2 children 1,097.1 × the hourly SMIC of July N-2,
 *   11.65 € in 2024: 12,781 €), whose amount is 177.91 % of the BMAF of 1 January of the school
 *   year (474.37 € in 2026), rounded to a multiple of 3: 843 € a year.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildEngineCompute,
  buildSimulationComputer,
  loadBundle,
  loadCatalogue,
} from "../../src/server/compose";
import type { EngineSupervisor } from "../../src/server/engine";
import { createParameterService } from "../../src/server/parameters";
import type { SimulationComputer } from "../../src/server/results";
import type { Simulation } from "../../src/server/storage";
import type { Droit } from "../../src/domain";
import { expandAnswers, questionnaireGaps } from "../golden/golden";
import { sharedEngine } from "./helpers/engine";

let engine: EngineSupervisor;
let computer: SimulationComputer;
const bundle = loadBundle();

const lyon = {
  code_insee: "69123",
  code_postal: "69003",
  nom: "Lyon",
  departement: "69",
  region: "84",
  epci: "200046977",
};

const limoges = {
  code_insee: "87085",
  code_postal: "87000",
  nom: "Limoges",
  departement: "87",
  region: "75",
  epci: "248719312",
};

const noInterests = {
  "individu.demandeur._interetsAidesVelo": [],
  "individu.demandeur._interetBafa": false,
  "individu.demandeur._interetPermisDeConduire": false,
  "individu.demandeur._interetAidesSanitaireSocial": false,
};

/**
 * A job seeker of 22 without allowance since March 2024, living with her partner (salaried,
 * 2,600 € net a month) in a flat they rent 750 € a month (50 € of charges) in Lyon.
 */
function jobSeekerWithPartner(status: "celibataire" | "marie"): Record<string, unknown> {
  return {
    "individu.demandeur.date_naissance": "2003-04-17",
    "individu.demandeur.nationalite": "fr",
    "individu.demandeur.activite": "chomeur",
    "individu.demandeur.date_debut_chomage": "2024-03-01",
    "individu.demandeur.ass_precondition_remplie": false,
    "individu.demandeur.inapte_travail": false,
    "individu.demandeur.service_civique": false,
    "individu.demandeur.handicap": false,
    "individu.demandeur.enfant_a_charge": false,
    "individu.demandeur.rsa_jeune_condition_heures_travail_remplie": false,
    "individu.demandeur.regime_securite_sociale": "regime_general",
    "individu.demandeur.enceinte": false,
    enfants: [],
    "famille.en_couple": true,
    "individu.conjoint.date_naissance": "1999-11-21",
    "individu.conjoint.nationalite": "fr",
    "individu.conjoint.statut_marital": status,
    "individu.conjoint.activite": "actif",
    "individu.conjoint.inapte_travail": false,
    "individu.conjoint.service_civique": false,
    "individu.conjoint.handicap": false,
    "individu.conjoint.enceinte": false,
    "menage._logementType": "locataire",
    "menage._locationType": "vide",
    "menage.coloc": false,
    "menage.logement_chambre": false,
    "famille.proprietaire_proche_famille": false,
    "menage.loyer": 750,
    "menage.charges_locatives": 50,
    "menage.depcom": lyon,
    "menage._difficultes_acces_ou_frais_logement": false,
    "menage._nombreMoisEntreeLogement": 30,
    "individu.demandeur.ressources": [],
    "individu.conjoint.ressources": ["salaire_net"],
    "individu.conjoint.salaire_net": { "2024-10..2025-10": 2600 },
    ...noInterests,
  };
}

/**
 * A lycéenne of 17 in terminale at a public lycée in Limoges, living with her parents (a couple,
 * on whose return she is), who have 2 dependent children, she included: reference income of
 * 12,000 € and 3 shares.
 */
const lyceenne: Record<string, unknown> = {
  "individu.demandeur.date_naissance": "2009-05-30",
  "individu.demandeur.nationalite": "fr",
  "individu.demandeur.activite": "etudiant",
  "individu.demandeur.scolarite": "lycee",
  "individu.demandeur.annee_etude": "terminale",
  "individu.demandeur.statuts_etablissement_scolaire": "public",
  "individu.demandeur.stagiaire": false,
  "individu.demandeur.alternant": false,
  "individu.demandeur.groupe_specialites_formation": "aucun",
  "individu.demandeur.service_civique": false,
  "individu.demandeur.handicap": false,
  "individu.demandeur.enfant_a_charge": true,
  "individu.demandeur.regime_securite_sociale": "regime_general",
  "individu.demandeur.enceinte": false,
  enfants: [],
  "famille.en_couple": false,
  "parents._situation": "en_couple",
  "famille.bourse_criteres_sociaux_nombre_enfants_a_charge": 2,
  "famille.bourse_criteres_sociaux_nombre_enfants_a_charge_dans_enseignement_superieur": 0,
  "menage._logementType": "heberge",
  "menage.participation_frais": false,
  "individu.demandeur.habite_chez_parents": true,
  "menage.depcom": limoges,
  "menage._nombreMoisEntreeLogement": 204,
  "individu.demandeur.ressources": [],
  "individu.demandeur.bourse_criteres_sociaux_base_ressources_parentale": 12000,
  "parents.nbptr": 3,
  ...noInterests,
  "individu.demandeur.sortie_academie": false,
};

function simulation(id: string, compact: Record<string, unknown>, dateDeValeur: string) {
  const answers = expandAnswers(compact, id);
  return {
    id,
    answers: { all: answers, current: answers },
    dateDeValeur,
    version: null,
    status: "new",
    abtesting: null,
    modifiedFrom: null,
    finishedAt: null,
    ressourcesFiscales: null,
    patrimoine: null,
    createdAt: "",
    updatedAt: "",
  } as Simulation;
}

async function results(id: string, compact: Record<string, unknown>, dateDeValeur: string) {
  const sim = simulation(id, compact, dateDeValeur);
  // A questionnaire a visitor could complete: every active question answered, nothing pruned.
  const gaps = questionnaireGaps(bundle, {
    name: id,
    file: "",
    description: "",
    dateDeValeur,
    answers: sim.answers.all,
  });
  expect(gaps).toEqual({ unanswered: [], pruned: [] });
  return (await computer.results(sim)).droitsEligibles;
}

const find = (droits: Droit[], id: string) => droits.find((droit) => droit.id === id);

beforeAll(async () => {
  engine = await sharedEngine();
  const compute = buildEngineCompute(engine, { cacheSize: 0 });
  const parametersAt = createParameterService(bundle.parameters, engine.client, {
    engineStatus: () => engine.status,
  });
  computer = buildSimulationComputer(bundle, loadCatalogue(), compute, parametersAt);
});

afterAll(async () => {
  await engine?.stop();
});

describe("households as the law sees them (issue 57 §4)", () => {
  it("gives a job seeker in union libre the CEJ of her own non-taxable return (CGI art. 6)", async () => {
    const droits = await results("union-libre", jobSeekerWithPartner("celibataire"), "2025-10-15");
    expect(find(droits, "contrat_engagement_jeune")?.montant).toBe(561.68);
  });

  it("gives the same job seeker, married, the CEJ of the couple's joint return, taxed at the first bracket", async () => {
    const droits = await results("mariee", jobSeekerWithPartner("marie"), "2025-10-15");
    expect(find(droits, "contrat_engagement_jeune")?.montant).toBe(337);
  });

  it("counts the working partner's earnings in the housing aid when the other is in chômage non indemnisé (CCH R822-15)", async () => {
    const droits = await results("union-libre", jobSeekerWithPartner("celibataire"), "2025-10-15");
    expect(find(droits, "aide_logement")).toBeUndefined();
  });

  it("shows a lycéenne the bourse de lycée of her parents' household, paid to her parents", async () => {
    const droits = await results("lyceenne", lyceenne, "2026-11-15");
    const bourse = find(droits, "bourse_lycee");
    expect(bourse?.montant).toBe(843);
    expect(bourse?.paidTo).toBe("Versée à vos parents");
    // The allocation de rentrée scolaire too: on the parents' household, paid to them.
    const ars = find(droits, "ars");
    expect(ars?.montant).toBeGreaterThan(0);
    expect(ars?.paidTo).toBe("Versée à vos parents");
  });
});
