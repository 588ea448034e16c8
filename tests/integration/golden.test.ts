/**
 * Golden situations (tests/golden/*.yaml) replayed through the real app and the real engine: each
 * is posted as a visitor would (`POST /api/simulation`), its results read back with the token,
 * and the whole benefit maps compared with the file's `expected` block. When amounts move, the
 * diff names them; `npm run golden:update` rewrites the expected values.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBundle } from "../../src/server/compose";
import {
  loadGoldenSituations,
  questionnaireGaps,
  resultsThroughApi,
  simulationPayload,
} from "../golden/golden";
import { startSimulator, type RunningSimulator } from "./helpers/simulator";

const bundle = loadBundle();
const situations = loadGoldenSituations();
let simulator: RunningSimulator;
let app: FastifyInstance;

beforeAll(async () => {
  simulator = await startSimulator("golden");
  ({ app } = simulator);
});

afterAll(async () => {
  await simulator?.close();
});

it("has at least 25 golden situations, each with expected values", () => {
  expect(situations.length).toBeGreaterThanOrEqual(25);
  expect(situations.filter((s) => !s.expected).map((s) => s.name)).toEqual([]);
});

describe("golden situations through the real engine", () => {
  it.each(situations.map((s) => [s.name, s] as const))("%s", async (_name, situation) => {
    const actual = await resultsThroughApi(app, simulationPayload(situation));
    expect(actual).toEqual(situation.expected ?? { droitsEligibles: {}, droitsInjectes: {} });
  });
});

describe("golden situations are questionnaires a visitor could complete", () => {
  it.each(situations.map((s) => [s.name, s] as const))("%s", async (_name, situation) => {
    const response = await app.inject({
      url: `/api/openfisca/parameters/${situation.dateDeValeur}`,
    });
    expect(response.statusCode).toBe(200);
    const { parameters } = response.json<{ parameters: Record<string, number> }>();
    expect(questionnaireGaps(bundle, situation, parameters)).toEqual({
      unanswered: [],
      pruned: [],
    });
  });
});
