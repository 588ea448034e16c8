/**
 * The prime d'activité's two amounts (docs/engine-notes.md, "No past entitlement"), against a
 * computation by hand from the legal formula (article L842-3 du code de la sécurité sociale) and
 * the scale of the pinned engine's parameter files, not from our output.
 *
 * Issue 18's single mother (tests/oracle/hand-computed/mere-isolee-marseille.yaml), December 2026:
 * - montant forfaitaire 638,28 €, increased for a parent alone with a child under 3
 *   (128,412 % + 42,804 % per child): 1 092,84 €;
 * - 59,85 % of her earnings: 538,65 €;
 * - individual bonus, between 59 and 138 hourly SMIC (12,31 €), at most 37,7 % of the montant
 *   forfaitaire: 240,63 × (900 − 726,29) / (1 698,78 − 726,29) = 42,98 €.
 *
 * The first months average September to November, when she received no other benefit:
 * 1 092,84 + 42,98 + 538,65 − max(900, 1 092,84) = 581,63 €.
 * Once her housing aid, ASF and PAJE are paid, her resources count the PAJE (199,15 €), the ASF at
 * its flat rate (107,59 €) and the housing flat rate of a household of two (153,19 €):
 * 1 092,84 + 42,98 + 538,65 − (900 + 199,15 + 107,59 + 153,19) = 314,54 €.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { parse } from "yaml";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadBundle } from "../../src/server/compose";
import type { Droit } from "../../src/domain";
import { parseGolden, questionnaireGaps, simulationPayload } from "../golden/golden";
import { startSimulator, type RunningSimulator } from "./helpers/simulator";

const file = join(import.meta.dirname, "../oracle/hand-computed/mere-isolee-marseille.yaml");
const situation = parseGolden(readFileSync(file, "utf8"), file);
const bundle = loadBundle();
let simulator: RunningSimulator;
let app: FastifyInstance;

beforeAll(async () => {
  simulator = await startSimulator("ppa-settled");
  ({ app } = simulator);
});

afterAll(async () => {
  await simulator?.close();
});

async function droitsOf(yaml = readFileSync(file, "utf8")): Promise<Droit[]> {
  const created = await app.inject({
    method: "POST",
    url: "/api/simulation",
    payload: simulationPayload(parseGolden(yaml, file)),
  });
  expect(created.statusCode).toBe(200);
  const { _id, token } = created.json<{ _id: string; token: string }>();
  const results = await app.inject({
    url: `/api/simulation/${_id}/results`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(results.statusCode).toBe(200);
  return results.json<{ droitsEligibles: Droit[] }>().droitsEligibles;
}

it("is a questionnaire a visitor could complete", async () => {
  const response = await app.inject({ url: `/api/openfisca/parameters/${situation.dateDeValeur}` });
  const { parameters } = response.json<{ parameters: Record<string, number> }>();
  expect(questionnaireGaps(bundle, situation, parameters)).toEqual({ unanswered: [], pruned: [] });
});

it("gives the single mother's prime of the first months and the one once her other aids are paid", async () => {
  const droits = await droitsOf();
  const ids = droits.map((droit) => droit.id);
  // The aids whose payment lowers the prime are found for her, so the lower amount is hers.
  expect(ids).toEqual(expect.arrayContaining(["aide_logement", "asf", "paje_base"]));
  const ppa = droits.find((droit) => droit.id === "ppa");
  expect(ppa?.montant).toBeCloseTo(581.63, 2);
  expect(ppa?.settled?.montant).toBeCloseTo(314.54, 2);
  expect(ppa?.settled?.after).toBe("une fois vos autres aides de la Caf versées");
});

it("pays nothing under the engine's own minimum, as the schema says", () => {
  // The schema's `minimumPaid` must be the pinned engine's seuil de non-versement.
  const sitePackages = readdirSync(".venv/lib").map((python) => join(".venv/lib", python));
  const yamlPath = join(
    sitePackages.find((dir) => dir.startsWith(".venv/lib/python"))!,
    "site-packages/openfisca_france/parameters/prestations_sociales/solidarite_insertion",
    "minima_sociaux/ppa/pa_m/montant_minimum_verse.yaml",
  );
  const { values } = parse(readFileSync(yamlPath, "utf8")) as {
    values: Record<string, { value: number }>;
  };
  const latest = Object.entries(values)
    .sort(([a], [b]) => a.localeCompare(b))
    .at(-1)![1].value;
  const ppa = bundle.benefits.find((benefit) => benefit.id === "ppa");
  expect(ppa?.engine.settled?.minimumPaid).toBe(latest);
});

it("says nothing of what the prime becomes when her earnings changed this month", async () => {
  // Her job ended this month: the prime of the first months still counts the 3 months before,
  // and it falls for that reason, which the sentence on the aids would not say.
  const yaml = readFileSync(file, "utf8").replace(
    "{ 2025-12..2026-12: 900 }",
    "{ 2025-12..2026-11: 900, 2026-12: 0 }",
  );
  expect(yaml).not.toBe(readFileSync(file, "utf8"));
  const ppa = (await droitsOf(yaml)).find((droit) => droit.id === "ppa");
  expect(ppa?.montant).toBeCloseTo(581.63, 2);
  expect(ppa?.settled).toBeUndefined();
});
