/**
 * The walking skeleton end to end on the server: answers posted in the public format, stored in a
 * real SQLite file, recomputed into an engine request and sent to the real OpenFisca-France.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSimulationInput, type Answer, type Bundle } from "../../src/domain";
import { buildApp } from "../../src/server/app";
import { createEngineSupervisor, type EngineSupervisor } from "../../src/server/engine";
import { createResultsComputer } from "../../src/server/results";
import { migrateToLatest, openSqliteDatabase, type DatabaseHandle } from "../../src/server/storage";
import { freePort, quietLogger } from "./helpers/engine";

const bundle = JSON.parse(
  readFileSync(new URL("../../src/generated/bundle.json", import.meta.url), "utf8"),
) as Bundle;
const VALUE_DATE = "2025-10-15";
const lyon = {
  code_insee: "69123",
  code_postal: "69001",
  nom: "Lyon",
  departement: "69",
  region: "84",
  epci: "200046977",
};

const individu = (id: string, fieldName: string, value: Answer["value"]): Answer => ({
  entityName: "individu",
  id,
  fieldName,
  value,
});
const household = (
  entityName: "menage" | "famille" | "parents",
  fieldName: string,
  value: Answer["value"],
): Answer => ({
  entityName,
  id: entityName,
  fieldName,
  value,
});
const months = (amount: number) =>
  Object.fromEntries(
    Array.from({ length: 13 }, (_, i) => {
      const index = 2025 * 12 + 9 - 12 + i; // October 2024 … October 2025
      return [`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`, amount];
    }),
  );

const student: Answer[] = [
  individu("demandeur", "date_naissance", "2005-03-15"),
  individu("demandeur", "nationalite", "fr"),
  individu("demandeur", "activite", "etudiant"),
  individu("demandeur", "scolarite", "enseignement_superieur"),
  individu("demandeur", "annee_etude", "licence_2"),
  individu("demandeur", "statuts_etablissement_scolaire", "public"),
  individu("demandeur", "mention_baccalaureat", "non_renseignee"),
  individu("demandeur", "stagiaire", false),
  individu("demandeur", "alternant", false),
  individu("demandeur", "groupe_specialites_formation", "aucun"),
  individu("demandeur", "service_civique", false),
  individu("demandeur", "handicap", false),
  individu("demandeur", "enfant_a_charge", true),
  individu("demandeur", "regime_securite_sociale", "regime_general"),
  individu("demandeur", "enceinte", false),
  household("parents", "_situation", "en_couple"),
  household("famille", "bourse_criteres_sociaux_nombre_enfants_a_charge", 2),
  household(
    "famille",
    "bourse_criteres_sociaux_nombre_enfants_a_charge_dans_enseignement_superieur",
    1,
  ),
  household("menage", "_logementType", "locataire"),
  household("menage", "_locationType", "meuble"),
  household("menage", "coloc", false),
  household("menage", "logement_chambre", false),
  household("famille", "proprietaire_proche_famille", false),
  household("menage", "loyer", 450),
  household("menage", "charges_locatives", 0),
  household("menage", "depcom", lyon),
  household("menage", "_difficultes_acces_ou_frais_logement", false),
  household("parents", "_en_france", true),
  individu("demandeur", "_bourseCriteresSociauxCommuneDomicileFamilial", lyon),
  household("menage", "_nombreMoisEntreeLogement", 12),
  individu("demandeur", "ressources", []),
  individu("demandeur", "bourse_criteres_sociaux_base_ressources_parentale", 15000),
  household("parents", "nbptr", 3),
];

const employee: Answer[] = [
  individu("demandeur", "date_naissance", "1980-05-02"),
  individu("demandeur", "nationalite", "fr"),
  individu("demandeur", "activite", "salarie"),
  individu("demandeur", "_agence_travail_temporaire", false),
  individu("demandeur", "_nombreMoisDebutContratDeTravail", 36),
  individu("demandeur", "handicap", false),
  individu("demandeur", "enceinte", false),
  household("menage", "_logementType", "locataire"),
  household("menage", "_locationType", "vide"),
  household("menage", "coloc", false),
  household("menage", "logement_chambre", false),
  household("famille", "proprietaire_proche_famille", false),
  household("menage", "loyer", 550),
  household("menage", "depcom", lyon),
  household("menage", "_difficultes_acces_ou_frais_logement", false),
  household("menage", "_nombreMoisEntreeLogement", 48),
  individu("demandeur", "ressources", ["salaire_net"]),
  individu("demandeur", "salaire_net", months(1100)),
];

let engine: EngineSupervisor;
let database: DatabaseHandle;
let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  engine = createEngineSupervisor({ port: await freePort(), workers: 1, logger: quietLogger() });
  await engine.start();
  await engine.waitUntilReady(180_000);
  dir = mkdtempSync(join(tmpdir(), "results-"));
  database = openSqliteDatabase(join(dir, "test.sqlite"));
  await migrateToLatest(database.db);
  app = buildApp({
    db: database.db,
    bundle,
    parseSimulationInput: (body) => parseSimulationInput(bundle, body),
    computeResults: createResultsComputer(bundle, engine.client),
    engineStatus: () => engine.status,
    logger: false,
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await engine?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function resultsFor(answers: Answer[]) {
  const created = await app.inject({
    method: "POST",
    url: "/api/simulation",
    payload: { answers: { all: answers, current: answers }, dateDeValeur: VALUE_DATE },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { _id, token } = created.json<{ _id: string; token: string }>();
  const results = await app.inject({
    method: "GET",
    url: `/api/simulation/${_id}/results`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(results.statusCode, results.body).toBe(200);
  const body = results.json<{ _id: string; droitsEligibles: { id: string; montant: number }[] }>();
  expect(body._id).toBe(_id);
  return Object.fromEntries(body.droitsEligibles.map((droit) => [droit.id, droit.montant]));
}

describe("results computed by OpenFisca-France", () => {
  it("gives a 20-year-old student renting in Lyon a grant and housing aid", async () => {
    const amounts = await resultsFor(student);
    expect(amounts.bourse_criteres_sociaux).toBeGreaterThan(0);
    expect(amounts.aide_logement).toBeGreaterThan(0);
  });

  it("gives a 45-year-old employee earning 1,100 € net the prime d'activité", async () => {
    const amounts = await resultsFor(employee);
    expect(amounts.ppa).toBeGreaterThan(0);
    expect(amounts.bourse_criteres_sociaux).toBeUndefined();
  });

  it("leaves out the benefits the engine finds zero", async () => {
    const wellPaid = employee.map((answer) =>
      answer.fieldName === "salaire_net" ? { ...answer, value: months(6000) } : answer,
    );
    const amounts = await resultsFor(wellPaid);
    expect(amounts.ppa).toBeUndefined();
    expect(amounts.rsa).toBeUndefined();
    expect(amounts.contrat_engagement_jeune).toBeUndefined();
  });
});
