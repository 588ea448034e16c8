/**
 * Taxable incomes of the fiscal year and wealth: validated by the schema-driven parser, stored
 * beside the answers and read back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSimulationInput } from "../../src/domain";
import { loadBundle } from "../../src/server/compose";
import { startTestApp, type TestContext } from "./helpers/test-app";

const bundle = loadBundle();
const answers = [
  { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2005-03-14" },
];
const base = { answers: { all: answers, current: answers }, dateDeValeur: "2026-01-15" };

describe("ressourcesFiscales and patrimoine", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({
      bundle,
      parseSimulationInput: (body) => parseSimulationInput(bundle, body),
    });
  });
  afterAll(() => ctx.close());

  it("stores them with the simulation and gives them back", async () => {
    const ressourcesFiscales = {
      demandeur: { salaire_imposable: 12000, frais_reels: 350 },
      conjoint: { chomage_imposable: 4200.5 },
    };
    const patrimoine = { livret_a: 3000, valeur_immo_non_loue: 0 };
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation",
      payload: { ...base, ressourcesFiscales, patrimoine },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { _id, token } = created.json<{ _id: string; token: string }>();
    const read = await ctx.app.inject({
      url: `/api/simulation/${_id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.json()).toMatchObject({ ressourcesFiscales, patrimoine });
  });

  it("reads back null when none were declared", async () => {
    const created = await ctx.app.inject({ method: "POST", url: "/api/simulation", payload: base });
    const { _id, token } = created.json<{ _id: string; token: string }>();
    const read = await ctx.app.inject({
      url: `/api/simulation/${_id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.json()).toMatchObject({ ressourcesFiscales: null, patrimoine: null });
  });

  it.each([
    [{ ressourcesFiscales: { demandeur: { salaire: 1 } } }, "ressourcesFiscales.demandeur.salaire"],
    [{ ressourcesFiscales: { voisin: { salaire_imposable: 1 } } }, "ressourcesFiscales.voisin"],
    [
      { ressourcesFiscales: { demandeur: { salaire_imposable: -5 } } },
      "ressourcesFiscales.demandeur.salaire_imposable",
    ],
    [{ ressourcesFiscales: [] }, "ressourcesFiscales"],
    [{ patrimoine: { livret_a: "3000" } }, "patrimoine.livret_a"],
    [{ patrimoine: { lingots: 3 } }, "patrimoine.lingots"],
  ])("rejects %j with a 400 naming %s", async (extra, path) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation",
      payload: { ...base, ...extra },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errors: { path: string; message: string }[] }>();
    expect(body.errors.map((error) => error.path)).toContain(path);
    for (const error of body.errors) expect(error.message).not.toMatch(/[A-Z][a-z]+ [a-z]+ key/);
  });
});
