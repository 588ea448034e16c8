/**
 * Issue 16: a student renting in Paris and earning 1,101.42 € a month gets the same housing aid as
 * without a job. That is the law: CCH R822-20 (since January 2021) says that a student of the
 * grant's age renting their home has resources "réputées égales à un montant forfaitaire", and the
 * engine replaces the real resources by that amount (docs/engine-notes.md, "The student housing
 * aid"). The results say so to the visitor: the note of `aide_logement` declared in the schema.
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

function studentInParis(salary: boolean): Simulation {
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
      "individu.demandeur.ressources": salary ? ["salaire_net"] : [],
      ...(salary ? { "individu.demandeur.salaire_net": { "2024-10..2025-10": 1101.42 } } : {}),
      "individu.demandeur.bourse_criteres_sociaux_base_ressources_parentale": 80000,
      "individu.demandeur._interetsAidesVelo": [],
      "individu.demandeur._interetBafa": false,
      "individu.demandeur._interetPermisDeConduire": false,
      "individu.demandeur._interetAidesSanitaireSocial": false,
    },
    "student in Paris",
  );
  return {
    id: salary ? "salaried-student" : "student",
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

describe("the student housing aid: flat-rate resources (CCH R822-20), said to the visitor", () => {
  it("gives a salaried student the aid of a student without a job, with the note that says why", async () => {
    const [working, notWorking] = await Promise.all(
      [true, false].map(async (salary) => {
        const { droitsEligibles } = await computer.results(studentInParis(salary));
        return droitsEligibles.find((d) => d.id === "aide_logement");
      }),
    );
    expect(notWorking?.montant).toBeGreaterThan(0);
    expect(working?.montant).toBe(notWorking?.montant);
    expect(working?.notes?.join(" ")).toMatch(/R822-20/);
    expect(notWorking?.notes?.join(" ") ?? "").not.toMatch(/R822-20/);
    // Both rent a furnished flat, which may be social housing (the questionnaire does not ask).
    for (const droit of [working, notWorking])
      expect(droit?.notes?.join(" ")).toMatch(/réduction de loyer de solidarité/);
  });
});
