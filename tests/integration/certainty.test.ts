/**
 * Issue 57 §1: the meal aid for students far from a university restaurant (code de l'éducation
 * L822-1-1) is granted by the engine to every student: the distance is ours to ask. Counted when
 * the student says there is no Crous restaurant near their place of study, at the amount of the
 * arrêté du 21 novembre 2024 (20 € a month for a student without a grant, outside the DROM);
 * « À vérifier » with the condition in full when they do not know; not offered when there is one.
 * Through the visitor's path and the real engine, as the server wires it.
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
import { summarizeResults } from "../../src/domain";
import { expandAnswers } from "../golden/golden";
import { sharedEngine } from "./helpers/engine";

let engine: EngineSupervisor;
let computer: SimulationComputer;

const paris = {
  code_insee: "75056",
  code_postal: "75011",
  nom: "Paris",
  departement: "75",
  region: "11",
  epci: "200054781",
};

function studentInParis(restaurant: string | undefined): Simulation {
  const answers = expandAnswers(
    {
      "individu.demandeur.date_naissance": "2004-05-12",
      "individu.demandeur.nationalite": "fr",
      "individu.demandeur.activite": "etudiant",
      "individu.demandeur.scolarite": "enseignement_superieur",
      "individu.demandeur.annee_etude": "master_1",
      "individu.demandeur.statuts_etablissement_scolaire": "public",
      "individu.demandeur.stagiaire": false,
      "individu.demandeur.alternant": false,
      "individu.demandeur.groupe_specialites_formation": "aucun",
      "individu.demandeur.service_civique": false,
      "individu.demandeur.handicap": false,
      "individu.demandeur.enfant_a_charge": false,
      "individu.demandeur.regime_securite_sociale": "regime_general",
      "individu.demandeur.enceinte": false,
      enfants: [],
      "famille.en_couple": false,
      "parents._situation": "en_couple",
      "famille.bourse_criteres_sociaux_nombre_enfants_a_charge": 1,
      "famille.bourse_criteres_sociaux_nombre_enfants_a_charge_dans_enseignement_superieur": 1,
      "menage._logementType": "locataire",
      "menage._locationType": "meuble",
      "menage.coloc": false,
      "menage.logement_chambre": false,
      "famille.proprietaire_proche_famille": false,
      "menage.loyer": 750,
      "menage.charges_locatives": 50,
      "menage.depcom": paris,
      "famille.parisien": false,
      "menage._difficultes_acces_ou_frais_logement": false,
      "parents._en_france": true,
      "individu.demandeur._bourseCriteresSociauxCommuneDomicileFamilial": paris,
      "menage._nombreMoisEntreeLogement": 14,
      ...(restaurant ? { "individu.demandeur._restaurantUniversitaireProche": restaurant } : {}),
      "individu.demandeur.ressources": [],
      "individu.demandeur.bourse_criteres_sociaux_base_ressources_parentale": 80000,
      "individu.demandeur._interetsAidesVelo": [],
      "individu.demandeur._interetBafa": false,
      "individu.demandeur._interetPermisDeConduire": false,
      "individu.demandeur._interetAidesSanitaireSocial": false,
    },
    "student in Paris",
  );
  return {
    id: `student-${restaurant ?? "unanswered"}`,
    answers: { all: answers, current: answers },
    dateDeValeur: "2025-10-15",
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

beforeAll(async () => {
  engine = await sharedEngine();
  const bundle = loadBundle();
  const compute = buildEngineCompute(engine, { cacheSize: 0 });
  const parametersAt = createParameterService(bundle.parameters, engine.client, {
    engineStatus: () => engine.status,
  });
  computer = buildSimulationComputer(bundle, loadCatalogue(), compute, parametersAt);
});

afterAll(async () => {
  await engine?.stop();
});

const AID = "aide_alimentation_etudiants_eloignes";

describe("the meal aid for students far from a university restaurant, asked", () => {
  it("is counted at the arrêté's amount when there is no Crous restaurant nearby", async () => {
    const { droitsEligibles } = await computer.results(studentInParis("non"));
    const aid = droitsEligibles.find((d) => d.id === AID);
    expect(aid?.montant).toBe(20);
    expect(aid?.certainty).toBeUndefined();
    expect(summarizeResults(droitsEligibles, loadBundle().results).counted.has(AID)).toBe(true);
  });

  it("is to verify, with its condition in full and never counted, when the student does not know", async () => {
    for (const answer of ["inconnu", undefined]) {
      const { droitsEligibles } = await computer.results(studentInParis(answer));
      const aid = droitsEligibles.find((d) => d.id === AID);
      expect(aid?.certainty).toBe("to_verify");
      expect(aid?.decisive?.join(" ")).toMatch(/restaurant universitaire/);
      expect(summarizeResults(droitsEligibles, loadBundle().results).counted.has(AID)).toBe(false);
    }
  });

  it("is not offered when the student can eat at a Crous restaurant nearby", async () => {
    const { droitsEligibles } = await computer.results(studentInParis("oui"));
    expect(droitsEligibles.map((d) => d.id)).not.toContain(AID);
  });
});
