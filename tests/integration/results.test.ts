/**
 * The walking skeleton end to end on the server: answers posted in the public format, stored in a
 * real SQLite file, recomputed into an engine request and sent to the real OpenFisca-France.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../src/domain";
import { loadBundle } from "../../src/server/compose";
import type { EngineSupervisor } from "../../src/server/engine";
import { startSimulator, type RunningSimulator } from "./helpers/simulator";
import { employee, months, student, VALUE_DATE } from "../fixtures/situations";

const bundle = loadBundle();
let simulator: RunningSimulator;
let app: FastifyInstance;
let engine: EngineSupervisor;

beforeAll(async () => {
  simulator = await startSimulator("results");
  ({ app, engine } = simulator);
});

afterAll(async () => {
  await simulator?.close();
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

describe("engine parameters read from OpenFisca-France", () => {
  it("answers the parameters of schema/parameters.yaml in force at the date", async () => {
    const response = await app.inject({ url: "/api/openfisca/parameters/2026-01-15" });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ source: string; parameters: Record<string, number> }>();
    expect(body.source).toBe("openfisca");
    expect(Object.keys(body.parameters).sort()).toEqual(
      bundle.parameters.map((p) => p.name).sort(),
    );
    // Values checked against openfisca-france 176.0.7 (docs/engine-notes.md).
    expect(body.parameters.aah_taux_incapacite).toBe(0.8);
    expect(body.parameters.carte_des_metiers_age_maximal).toBe(26);
  });
});

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

  it("sends the declared taxable incomes and wealth to the engine", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/simulation",
      payload: {
        answers: { all: employee, current: employee },
        dateDeValeur: VALUE_DATE,
        ressourcesFiscales: { demandeur: { salaire_imposable: 14000, frais_reels: 300 } },
        patrimoine: { livret_a: 2000, epargne_revenus_imposables: 1000 },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { _id, token } = created.json<{ _id: string; token: string }>();
    const results = await app.inject({
      url: `/api/simulation/${_id}/results`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(results.statusCode, results.body).toBe(200);
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

describe("when the engine is down", () => {
  it("answers the parameters' fallbacks, flagged", async () => {
    await engine.stop();
    const response = await app.inject({ url: "/api/openfisca/parameters/2026-01-15" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      date: "2026-01-15",
      source: "fallback",
      parameters: Object.fromEntries(bundle.parameters.map((p) => [p.name, p.fallback])),
    });
  });
});
