/**
 * Issue 16 §4, inputs we guess: an aid whose eligibility flips on an input the visitor did not
 * give must not silently vanish or appear. The pinned case: a disabled employee in Caen earning
 * 1,101.42 € a month, who did not declare their N-2 taxable income (the mapping derives it from the
 * last 12 months: a family quotient of about 1,027 € a month, above the 850 € and 1,000 € ceilings
 * of the three CAF du Calvados BAFA/BAFD aids). Through the real app and the real engine.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer, Droit, RessourcesFiscales } from "../../src/domain";
import { employee, months, VALUE_DATE } from "../fixtures/situations";
import { startSimulator, type RunningSimulator } from "./helpers/simulator";

let simulator: RunningSimulator;
let app: FastifyInstance;

beforeAll(async () => {
  simulator = await startSimulator("guessed-inputs");
  ({ app } = simulator);
});

afterAll(async () => {
  await simulator?.close();
});

const caen = {
  code_insee: "14118",
  code_postal: "14000",
  nom: "Caen",
  departement: "14",
  region: "28",
  epci: "200065597",
};

const BAFA_AIDS = [
  "caf_calvados_aide_bafa_approfondissement",
  "caf_calvados_aide_bafa_generale",
  "caf_calvados_bafd",
];

function replace(answers: Answer[], changes: Answer[]): Answer[] {
  const key = (a: Answer) => `${a.entityName}/${a.id}/${a.fieldName}`;
  const changed = new Set(changes.map(key));
  return [...answers.filter((a) => !changed.has(key(a))), ...changes];
}

const demandeur = (fieldName: string, value: Answer["value"]): Answer => ({
  entityName: "individu",
  id: "demandeur",
  fieldName,
  value,
});

/** A disabled employee of 45 in Caen, 1,101.42 € net a month, who wants to take the BAFA. */
const disabledEmployeeInCaen = replace(employee, [
  demandeur("handicap", true),
  demandeur("salaire_net", months(1101.42)),
  demandeur("_interetBafa", true),
  { entityName: "menage", id: "menage", fieldName: "depcom", value: caen },
]);

async function resultsOf(answers: Answer[], ressourcesFiscales?: RessourcesFiscales) {
  const created = await app.inject({
    method: "POST",
    url: "/api/simulation",
    payload: {
      answers: { all: answers, current: answers },
      dateDeValeur: VALUE_DATE,
      ...(ressourcesFiscales ? { ressourcesFiscales } : {}),
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { _id, token } = created.json<{ _id: string; token: string }>();
  const response = await app.inject({
    url: `/api/simulation/${_id}/results`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  const droits = response.json<{ droitsEligibles: Droit[] }>().droitsEligibles;
  return new Map(droits.map((droit) => [droit.id, droit]));
}

describe("a guessed N-2 income never silently removes an aid", () => {
  it("shows the CAF du Calvados BAFA/BAFD aids as possible, with the ceiling and how to check", async () => {
    const droits = await resultsOf(disabledEmployeeInCaen);
    for (const id of BAFA_AIDS) {
      const droit = droits.get(id);
      expect(droit, id).toBeDefined();
      expect(droit?.status?.kind, id).toBe("possible");
      expect(droit?.status?.label).toBe("Possible, selon votre quotient familial CAF");
      // The ceiling of the aid, and our estimate.
      const ceiling = id === "caf_calvados_bafd" ? "1\u00a0000\u00a0€" : "850\u00a0€";
      expect(droit?.status?.conditions.join(" ")).toContain(`${ceiling} par mois`);
      expect(droit?.status?.conditions.join(" ")).toMatch(/1\u00a0026,9\d\u00a0€ par mois/);
      // Where to check the quotient, and where to declare the N-2 income.
      const urls = droit?.status?.links.map((link) => link.url) ?? [];
      expect(urls).toContain("/simulation/ressources/fiscales");
      expect(urls.some((url) => url.startsWith("https://") && url.includes("caf.fr"))).toBe(true);
    }
    // Their amounts are those of the aids.
    expect(droits.get("caf_calvados_aide_bafa_generale")?.montant).toBe(215);
    expect(droits.get("caf_calvados_bafd")?.montant).toBe(200);
  });

  it("decides for sure once the N-2 income is declared: eligible at 0 €", async () => {
    const droits = await resultsOf(disabledEmployeeInCaen, {
      demandeur: { salaire_imposable: 0 },
    });
    for (const id of BAFA_AIDS) {
      expect(droits.get(id), id).toBeDefined();
      expect(droits.get(id)?.status, id).toBeUndefined();
    }
  });

  it("decides for sure once the N-2 income is declared: eligible at 10,000 €, gone at 20,000 €", async () => {
    const low = await resultsOf(disabledEmployeeInCaen, {
      demandeur: { salaire_imposable: 10_000 },
    });
    for (const id of BAFA_AIDS) expect(low.get(id)?.status, id).toBeUndefined();
    for (const id of BAFA_AIDS) expect(low.has(id), id).toBe(true);
    const high = await resultsOf(disabledEmployeeInCaen, {
      demandeur: { salaire_imposable: 20_000 },
    });
    for (const id of BAFA_AIDS) expect(high.has(id), id).toBe(false);
  });

  it("leaves the benefits that read no guessed condition as they were", async () => {
    const droits = await resultsOf(disabledEmployeeInCaen);
    // The engine's benefits and the national BAFA aid (no quotient condition) carry no status.
    for (const id of ["aide_logement", "ppa", "caf_aide_nationale_bafa"]) {
      expect(droits.has(id), id).toBe(true);
      expect(droits.get(id)?.status, id).toBeUndefined();
    }
  });
});
