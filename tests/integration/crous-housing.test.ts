/**
 * Crous housing (`crous_logement_eligibilite`) is a condition-based aid since the pinned engine
 * lost the variable of that name (issue 57 §5): it is granted to a student the engine gives a grant
 * on social criteria, or who declares receiving a higher education grant. The oracle is the engine
 * itself, asked directly with hand-written OpenFisca requests, never our own results.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../src/domain";
import type { EngineSupervisor } from "../../src/server/engine";
import { startSimulator, type RunningSimulator } from "./helpers/simulator";

const VALUE_DATE = "2025-10-15";
const MONTH = "2025-10";
const CROUS = "crous_logement_eligibilite";

const lyon = {
  code_insee: "69123",
  code_postal: "69001",
  nom: "Lyon",
  departement: "69",
  region: "84",
  epci: "200046977",
};

let simulator: RunningSimulator;
let app: FastifyInstance;
let engine: EngineSupervisor;

beforeAll(async () => {
  simulator = await startSimulator("crous-housing");
  ({ app, engine } = simulator);
});

afterAll(async () => {
  await simulator?.close();
});

/**
 * A student of 20 in licence 2 at a public university, renting a furnished flat in Lyon, whose
 * parents (a couple, two children, one a student) declare `parentalIncome` of revenu brut global.
 */
function studentAnswers(parentalIncome: number, extra: Answer[] = []): Answer[] {
  const me = (fieldName: string, value: Answer["value"]): Answer => ({
    entityName: "individu",
    id: "demandeur",
    fieldName,
    value,
  });
  const of = (
    entityName: "menage" | "famille" | "parents",
    fieldName: string,
    value: Answer["value"],
  ): Answer => ({ entityName, id: entityName, fieldName, value });
  const answers = [
    me("date_naissance", "2005-03-15"),
    me("nationalite", "fr"),
    me("activite", "etudiant"),
    me("scolarite", "enseignement_superieur"),
    me("annee_etude", "licence_2"),
    me("statuts_etablissement_scolaire", "public"),
    me("mention_baccalaureat", "non_renseignee"),
    me("stagiaire", false),
    me("alternant", false),
    me("groupe_specialites_formation", "aucun"),
    me("service_civique", false),
    me("handicap", false),
    me("enfant_a_charge", true),
    me("regime_securite_sociale", "regime_general"),
    me("enceinte", false),
    of("parents", "_situation", "en_couple"),
    of("famille", "bourse_criteres_sociaux_nombre_enfants_a_charge", 2),
    of("famille", "bourse_criteres_sociaux_nombre_enfants_a_charge_dans_enseignement_superieur", 1),
    of("menage", "_logementType", "locataire"),
    of("menage", "_locationType", "meuble"),
    of("menage", "coloc", false),
    of("menage", "logement_chambre", false),
    of("famille", "proprietaire_proche_famille", false),
    of("menage", "loyer", 450),
    of("menage", "charges_locatives", 0),
    of("menage", "depcom", lyon),
    of("menage", "_difficultes_acces_ou_frais_logement", false),
    of("parents", "_en_france", true),
    me("_bourseCriteresSociauxCommuneDomicileFamilial", lyon),
    of("menage", "_nombreMoisEntreeLogement", 12),
    me("ressources", []),
    me("bourse_criteres_sociaux_base_ressources_parentale", parentalIncome),
    of("parents", "nbptr", 3),
  ];
  const key = (answer: Answer) => `${answer.entityName}/${answer.id}/${answer.fieldName}`;
  const replaced = new Set(extra.map(key));
  return [...answers.filter((answer) => !replaced.has(key(answer))), ...extra];
}

/** The same student as a bare OpenFisca request: the grant on social criteria of the month. */
async function engineGrant(parentalIncome: number): Promise<number> {
  const request = {
    individus: {
      etudiant: {
        date_naissance: { ETERNITY: "2005-03-15" },
        activite: { [MONTH]: "etudiant" },
        scolarite: { [MONTH]: "enseignement_superieur" },
        annee_etude: { [MONTH]: "licence_2" },
        statuts_etablissement_scolaire: { [MONTH]: "public" },
        enfant_a_charge: { "2025": false },
        habite_chez_parents: { [MONTH]: false },
        bourse_criteres_sociaux_base_ressources_parentale: { [MONTH]: parentalIncome },
        bourse_criteres_sociaux: { [MONTH]: null },
      },
    },
    familles: {
      famille: {
        parents: ["etudiant"],
        bourse_criteres_sociaux_nombre_enfants_a_charge: { [MONTH]: 2 },
        bourse_criteres_sociaux_nombre_enfants_a_charge_dans_enseignement_superieur: {
          [MONTH]: 1,
        },
      },
    },
    foyers_fiscaux: { foyer_fiscal: { declarants: ["etudiant"] } },
    menages: {
      menage: {
        personne_de_reference: ["etudiant"],
        statut_occupation_logement: { [MONTH]: "locataire_meuble" },
        loyer: { [MONTH]: 450 },
        depcom: { [MONTH]: "69123" },
      },
    },
  };
  const response = (await engine.client.calculate(request)) as {
    individus: Record<string, Record<string, Record<string, number>>>;
  };
  return response.individus.etudiant!.bourse_criteres_sociaux![MONTH]!;
}

async function create(answers: Answer[]) {
  const created = await app.inject({
    method: "POST",
    url: "/api/simulation",
    payload: { answers: { all: answers, current: answers }, dateDeValeur: VALUE_DATE },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ _id: string; token: string }>();
}

async function resultsOf(answers: Answer[]) {
  const { _id, token } = await create(answers);
  const response = await app.inject({
    url: `/api/simulation/${_id}/results`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ droitsEligibles: { id: string; montant: number | boolean }[] }>()
    .droitsEligibles;
}

describe("Crous housing", () => {
  it("is shown to a student the engine gives a grant on social criteria", async () => {
    expect(await engineGrant(15_000)).toBeGreaterThan(0);
    const droits = await resultsOf(studentAnswers(15_000));
    expect(droits.find((droit) => droit.id === "bourse_criteres_sociaux")?.montant).toBeGreaterThan(
      0,
    );
    expect(droits.find((droit) => droit.id === CROUS)).toMatchObject({ montant: true });
  });

  it("is not shown to a student whose parents' income is above the grant's ceilings", async () => {
    expect(await engineGrant(120_000)).toBe(0);
    const droits = await resultsOf(studentAnswers(120_000));
    expect(droits.map((droit) => droit.id)).not.toContain("bourse_criteres_sociaux");
    expect(droits.map((droit) => droit.id)).not.toContain(CROUS);
  });

  it("tells that student why not, in French", async () => {
    const { _id, token } = await create(studentAnswers(120_000));
    const response = await app.inject({
      url: `/api/simulation/${_id}/eligibility/${CROUS}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      benefitId: CROUS,
      eligible: false,
      reason:
        "Cette aide est réservée aux étudiants et étudiantes boursiers sur critères sociaux\u00a0; d’après vos réponses, vous n’avez pas droit à cette bourse et n’avez pas indiqué en recevoir une.",
    });
  });

  it("is shown to that student once they declare receiving a higher education grant", async () => {
    const declared = Object.fromEntries(
      ["2025-07", "2025-08", "2025-09", "2025-10"].map((month) => [month, 300]),
    );
    const droits = await resultsOf(
      studentAnswers(120_000, [
        {
          entityName: "individu",
          id: "demandeur",
          fieldName: "ressources",
          value: ["bourse_enseignement_sup"],
        },
        {
          entityName: "individu",
          id: "demandeur",
          fieldName: "bourse_enseignement_sup",
          value: declared,
        },
      ]),
    );
    expect(droits.find((droit) => droit.id === CROUS)).toMatchObject({ montant: true });
  });
});
