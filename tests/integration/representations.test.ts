/**
 * `GET /api/simulation/:id/{situation|openfisca_request|openfisca_response}` with the real engine:
 * the owner's bearer token opens them, as it opens the results.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { student, VALUE_DATE } from "../fixtures/situations";
import { startSimulator, type RunningSimulator } from "./helpers/simulator";

let simulator: RunningSimulator;
let app: FastifyInstance;
let id: string;
let token: string;

type Entities = Record<string, Record<string, Record<string, unknown>>>;

beforeAll(async () => {
  simulator = await startSimulator("representations");
  ({ app } = simulator);
  const created = await app.inject({
    method: "POST",
    url: "/api/simulation",
    payload: { answers: { all: student, current: student }, dateDeValeur: VALUE_DATE },
  });
  expect(created.statusCode, created.body).toBe(200);
  ({ _id: id, token } = created.json<{ _id: string; token: string }>());
});

afterAll(async () => {
  await simulator?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  app.inject({ url: `/api/simulation/${path}`, headers });
const owner = () => ({ authorization: `Bearer ${token}` });

describe("representations with the owner's token", () => {
  it("gives the situation derived from the answers", async () => {
    const response = await get(`${id}/situation`, owner());
    expect(response.statusCode, response.body).toBe(200);
    const situation = response.json<{ dateDeValeur: string; demandeur: { id: string } }>();
    expect(situation.dateDeValeur).toBe(VALUE_DATE);
    expect(situation.demandeur.id).toBe("demandeur");
  });

  it("gives the engine request, outputs asked as null", async () => {
    const response = await get(`${id}/openfisca_request`, owner());
    expect(response.statusCode, response.body).toBe(200);
    const request = response.json<Entities>();
    expect(Object.keys(request).sort()).toEqual([
      "familles",
      "foyers_fiscaux",
      "individus",
      "menages",
    ]);
    expect(request.individus?.demandeur?.bourse_criteres_sociaux).toEqual({ "2025-10": null });
  });

  it("gives the engine response, the outputs computed", async () => {
    const response = await get(`${id}/openfisca_response`, owner());
    expect(response.statusCode, response.body).toBe(200);
    const computed = response.json<Entities>();
    const grant = computed.individus?.demandeur?.bourse_criteres_sociaux as Record<string, number>;
    expect(grant["2025-10"]).toBeGreaterThan(0);
    // The same figure as the results.
    const results = await get(`${id}/results`, owner());
    const droits = results.json<{ droitsEligibles: { id: string; montant: number }[] }>();
    const droit = droits.droitsEligibles.find((d) => d.id === "bourse_criteres_sociaux");
    expect(droit?.montant).toBe(Math.round((grant["2025-10"] ?? 0) * 100) / 100);
  });
});

describe("representations without the owner's token", () => {
  it.each(["situation", "openfisca_request", "openfisca_response"])(
    "refuses %s without a token or with another one",
    async (name) => {
      const none = await get(`${id}/${name}`);
      expect(none.statusCode).toBe(403);
      expect(none.json<{ message: string }>().message).toBe(
        "Vous n’avez pas accès à cette simulation.",
      );
      const wrong = await get(`${id}/${name}`, { authorization: "Bearer not-the-token" });
      expect(wrong.statusCode).toBe(403);
    },
  );

  it("answers 404 for an unknown simulation", async () => {
    const response = await get("AAAAAAAAAAAAAAAAAAAAAA/situation", owner());
    expect(response.statusCode).toBe(404);
  });

  it("answers 404 naming the field for an unknown representation", async () => {
    const response = await get(`${id}/everything`, owner());
    expect(response.statusCode).toBe(404);
    const body = response.json<{ message: string; errors: { path: string; message: string }[] }>();
    expect(body.errors).toEqual([{ path: "representation", message: body.message }]);
    expect(body.message).toMatch(/situation, openfisca_request ou openfisca_response/);
  });
});
