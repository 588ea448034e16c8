/**
 * Batching and the cache against the real OpenFisca-France: several households merged into one
 * `/calculate` get exactly what each would get alone, one bad household does not fail the others,
 * and a cached answer is the computed one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../src/domain";
import { loadBundle } from "../../src/server/compose";
import {
  createBatchingCalculator,
  createEngineCompute,
  type Calculator,
} from "../../src/server/compute";
import {
  EngineRequestError,
  type CalculateRequest,
  type EngineSupervisor,
} from "../../src/server/engine";
import { createSimulationComputer, type PreparedComputation } from "../../src/server/results";
import type { Simulation } from "../../src/server/storage";
import { employee, months, student, VALUE_DATE } from "../fixtures/situations";
import { sharedEngine } from "./helpers/engine";

const bundle = loadBundle();
let engine: EngineSupervisor;

beforeAll(async () => {
  engine = await sharedEngine();
});

afterAll(async () => {
  await engine?.stop();
});

function replaced(answers: Answer[], fieldName: string, value: Answer["value"]): Answer[] {
  return answers.map((answer) => (answer.fieldName === fieldName ? { ...answer, value } : answer));
}

function simulationOf(answers: Answer[], id: string): Simulation {
  return {
    id,
    answers: { all: answers, current: answers },
    dateDeValeur: VALUE_DATE,
    version: null,
    status: "new",
    abtesting: null,
    modifiedFrom: null,
    finishedAt: null,
    ressourcesFiscales: null,
    patrimoine: null,
    createdAt: "",
    updatedAt: "",
  };
}

/** Six distinct households: students with other rents and parental incomes, employees with other pay. */
const situations: Simulation[] = [
  simulationOf(student, "student-450"),
  simulationOf(replaced(student, "loyer", 320), "student-320"),
  simulationOf(
    replaced(student, "bourse_criteres_sociaux_base_ressources_parentale", 32000),
    "student-rich-parents",
  ),
  simulationOf(employee, "employee-1100"),
  simulationOf(replaced(employee, "salaire_net", months(700)), "employee-700"),
  simulationOf(replaced(employee, "salaire_net", months(1600)), "employee-1600"),
];

const knownVariables = async () => new Set(Object.keys(await engine.client.variables()));

async function prepareAll(): Promise<PreparedComputation[]> {
  const computer = createSimulationComputer(bundle, engine.client, {
    engineVariables: knownVariables,
  });
  return Promise.all(situations.map((simulation) => computer.prepare(simulation)));
}

describe("batching against the real engine", () => {
  it("gives each household of a batch exactly what it gets alone", async () => {
    const prepared = await prepareAll();
    const requests = prepared.map((p) => p.request as unknown as CalculateRequest);
    // Distinct situations: distinct requests.
    expect(new Set(requests.map((r) => JSON.stringify(r))).size).toBe(requests.length);

    const alone = [];
    for (const request of requests) alone.push(await engine.client.calculate(request));

    const sizes: number[] = [];
    const batcher = createBatchingCalculator(engine.client, {
      concurrency: 1,
      maxBatchSize: 64,
      onSend: (size) => sizes.push(size),
    });
    const batched = await Promise.all(requests.map((request) => batcher.calculate(request)));
    // The first left alone; those that waited for the busy worker left together, the students
    // apart from the employees: they do not set the same inputs (inputSignature).
    expect(sizes).toEqual([1, 2, 3]);
    expect(batched).toEqual(alone);

    // The benefits found differ between households, so the comparison means something.
    const computer = createSimulationComputer(bundle, batcher, { engineVariables: knownVariables });
    const droits = await Promise.all(
      situations.map(async (simulation) =>
        (await computer.results(simulation)).droitsEligibles.map((d) => `${d.id}=${d.montant}`),
      ),
    );
    expect(new Set(droits.map((list) => list.join(","))).size).toBeGreaterThan(3);
  });

  it("computes the good households of a batch the engine rejects, and fails the bad one alone", async () => {
    const prepared = await prepareAll();
    const requests = prepared.map((p) => structuredClone(p.request) as unknown as CalculateRequest);
    const month = VALUE_DATE.slice(0, 7);
    const bad = requests[3] as CalculateRequest;
    (bad.individus.demandeur as Record<string, unknown>).activite = { [month]: "astronaute" };

    const sizes: number[] = [];
    const batcher = createBatchingCalculator(engine.client, {
      concurrency: 1,
      maxBatchSize: 64,
      onSend: (size) => sizes.push(size),
    });
    const outcomes = await Promise.allSettled(requests.map((r) => batcher.calculate(r)));
    expect(outcomes.map((o) => o.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    const error = (outcomes[3] as PromiseRejectedResult).reason as EngineRequestError;
    expect(error).toBeInstanceOf(EngineRequestError);
    expect(error.status).toBe(400);
    expect(JSON.stringify(error.body)).toContain("astronaute");
    // A student alone, the two other students together, the bad employee alone (its activity is
    // set at this month only, so it sets other inputs than the employees), the two employees.
    expect(sizes).toEqual([1, 2, 1, 2]);
    const good = await engine.client.calculate(requests[4] as CalculateRequest);
    expect((outcomes[4] as PromiseFulfilledResult<unknown>).value).toEqual(good);
  });
});

describe("cache against the real engine", () => {
  it("answers an identical computation from the cache, with identical results", async () => {
    let sent = 0;
    const counting: Calculator = {
      calculate: (request) => {
        sent++;
        return engine.client.calculate(request);
      },
    };
    const compute = createEngineCompute(
      {
        calculate: (request) => counting.calculate(request),
        variables: (options) => engine.client.variables(options),
        version: (options) => engine.client.version(options),
      },
      { workers: 2, cacheSize: 10 },
    );
    const computer = createSimulationComputer(bundle, compute.calculator, {
      engineVariables: () => compute.info.variables(),
    });
    const first = await computer.results(situations[0] as Simulation);
    const second = await computer.results(simulationOf(student, "same-answers-other-id"));
    expect(sent).toBe(1);
    expect(compute.cache.stats).toMatchObject({ computed: 1, hits: 1, shared: 0 });
    expect(second).toEqual(first);
    expect(first.droitsEligibles.map((d) => d.id)).toContain("bourse_criteres_sociaux");

    // Another household is computed, not served from the cache.
    await computer.results(situations[1] as Simulation);
    expect(sent).toBe(2);
    expect(await compute.info.version()).toMatch(
      /^openfisca-france@\d+\.\d+\.\d+ .*openfisca-paris/,
    );
  });
});
