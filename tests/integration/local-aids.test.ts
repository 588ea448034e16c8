/**
 * Condition-based aids and bike aids computed on the server beside the engine's benefits, and
 * "Pourquoi pas moi ?" explanations, against the real OpenFisca-France and @betagouv/aides-velo.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../src/domain";
import { loadCatalogue } from "../../src/server/compose";
import { startSimulator, type RunningSimulator } from "./helpers/simulator";
import { employee, montpellier, student, VALUE_DATE } from "../fixtures/situations";

const catalogue = loadCatalogue();
let simulator: RunningSimulator;
let app: FastifyInstance;

beforeAll(async () => {
  simulator = await startSimulator("local-aids");
  ({ app } = simulator);
});

afterAll(async () => {
  await simulator?.close();
});

function replace(answers: Answer[], changes: Answer[]): Answer[] {
  const key = (a: Answer) => `${a.entityName}/${a.id}/${a.fieldName}`;
  const changed = new Map(changes.map((a) => [key(a), a]));
  const kept = answers.filter((a) => !changed.has(key(a)));
  return [...kept, ...changes];
}

const inMontpellier = (answers: Answer[]) =>
  replace(answers, [
    { entityName: "menage", id: "menage", fieldName: "depcom", value: montpellier },
    {
      entityName: "individu",
      id: "demandeur",
      fieldName: "_interetsAidesVelo",
      value: ["velo_electrique"],
    },
  ]);

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
  const body = response.json<{
    droitsEligibles: { id: string; montant: number | boolean; institution: string }[];
  }>();
  return { id: _id, token, droits: body.droitsEligibles };
}

describe("local aids in the results", () => {
  it("gives a student in Montpellier wanting an e-bike the Montpellier bike aid and its amount", async () => {
    const { droits } = await resultsOf(inMontpellier(student));
    const bike = droits.find((droit) => droit.id === "velo_montpellier_vae_occasion");
    expect(bike).toMatchObject({ montant: 200, institution: "Montpellier Méditerranée Métropole" });
    // And the engine's benefits are still there.
    expect(droits.map((d) => d.id)).toContain("bourse_criteres_sociaux");
  });

  it("adds no bike aid without a bike among the projects", async () => {
    const { droits } = await resultsOf(
      replace(inMontpellier(student), [
        { entityName: "individu", id: "demandeur", fieldName: "_interetsAidesVelo", value: [] },
      ]),
    );
    expect(droits.filter((droit) => droit.id.startsWith("velo_"))).toEqual([]);
  });

  it("grants the condition-based aids whose conditions hold, and only those", async () => {
    const { droits } = await resultsOf(inMontpellier(student));
    const local = droits.filter((droit) => catalogue.aids.some((aid) => aid.id === droit.id));
    expect(local.length).toBeGreaterThan(0);
    // Every local aid granted to a student in Hérault belongs to the region, the département,
    // the métropole, the commune, or is national.
    for (const droit of local) {
      const aid = catalogue.aids.find((a) => a.id === droit.id)!;
      expect(JSON.stringify(aid.eligibility)).not.toMatch(/"departements",\["(?!34")/);
    }
    // A Haute-Savoie BAFA aid never reaches Montpellier.
    expect(droits.map((d) => d.id)).not.toContain("aide_bafa_generale_caf_haute_savoie");
  });
});

describe("Pourquoi pas moi ?", () => {
  async function explain(answers: Answer[], benefitId: string) {
    const { _id, token } = await create(answers);
    return app.inject({
      url: `/api/simulation/${_id}/eligibility/${benefitId}`,
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it("names the first failed condition of a condition-based aid", async () => {
    const response = await explain(inMontpellier(employee), "aide_bafa_generale_caf_haute_savoie");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      benefitId: "aide_bafa_generale_caf_haute_savoie",
      eligible: false,
      reason:
        "Cette aide concerne un projet que vous n’avez pas indiqué (question «\u00a0Souhaitez-vous passer le BAFA ou le BAFD\u00a0?\u00a0»).",
    });
  });

  it("explains the territory of an engine benefit", async () => {
    const response = await explain(inMontpellier(student), "paris_logement");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ eligible: boolean; reason: string }>()).toMatchObject({
      eligible: false,
      reason: expect.stringContaining("vous habitez à Montpellier"),
    });
  });

  it("says so when the visitor gets the aid", async () => {
    const response = await explain(inMontpellier(student), "velo_montpellier_vae_occasion");
    expect(response.json()).toEqual({ benefitId: "velo_montpellier_vae_occasion", eligible: true });
  });

  it("answers 404 for an unknown aid and 403 without the token", async () => {
    expect((await explain(student, "aide_inconnue")).statusCode).toBe(404);
    const { _id } = await create(student);
    const response = await app.inject({ url: `/api/simulation/${_id}/eligibility/css` });
    expect(response.statusCode).toBe(403);
  });
});
