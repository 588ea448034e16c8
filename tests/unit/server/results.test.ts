import { describe, expect, it } from "vitest";
import type { Simulation } from "../../../src/server/storage";
import {
  createResultsComputer,
  createSimulationComputer,
  missingBenefitVariables,
} from "../../../src/server/results";
import { a, bornYearsAgo, bundle, DATE, student } from "../domain/fixtures";

/** A 26-year-old employee in work-study: asked only while 26 is within the engine's age limit. */
const answers = [
  a("demandeur.date_naissance", bornYearsAgo(26)),
  a("demandeur.activite", "salarie"),
  a("demandeur.alternant", true),
];

const simulation: Simulation = {
  id: "s",
  answers: { all: answers, current: answers },
  dateDeValeur: DATE,
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

function engineSpy() {
  const requests: { individus: Record<string, Record<string, unknown>> }[] = [];
  return {
    requests,
    calculate: async (request: unknown) => {
      requests.push(request as (typeof requests)[number]);
      return request;
    },
  };
}

describe("results computer", () => {
  it("judges the steps with the engine parameters at the value date, as the browser does", async () => {
    const engine = engineSpy();
    const compute = createResultsComputer(bundle, engine, async (date) => ({
      date,
      source: "openfisca",
      parameters: { carte_des_metiers_age_maximal: 26, aah_taux_incapacite: 0.8 },
    }));
    await compute(simulation);
    expect(engine.requests[0]?.individus.demandeur?.alternant).toBeDefined();
  });

  it("uses the schema's fallbacks without parameters", async () => {
    const engine = engineSpy();
    const withFallback25 = {
      ...bundle,
      parameters: bundle.parameters.map((p) =>
        p.name === "carte_des_metiers_age_maximal" ? { ...p, fallback: 25 } : p,
      ),
    };
    await createResultsComputer(withFallback25, engine)(simulation);
    // Under a limit of 25 the work-study answer belongs to an inactive step.
    expect(engine.requests[0]?.individus.demandeur?.alternant).toBeUndefined();
  });
});

/** Every variable named anywhere in a request, role lists aside. */
function variablesOf(request: unknown): Set<string> {
  const names = new Set<string>();
  for (const instances of Object.values(request as Record<string, Record<string, object>>)) {
    for (const instance of Object.values(instances)) {
      for (const [key, value] of Object.entries(instance)) {
        if (!Array.isArray(value)) names.add(key);
      }
    }
  }
  return names;
}

/** Outputs asked for: the variables sent as `null`. */
function outputsOf(request: unknown): Set<string> {
  const names = new Set<string>();
  for (const instances of Object.values(request as Record<string, Record<string, object>>)) {
    for (const instance of Object.values(instances)) {
      for (const [key, value] of Object.entries(instance)) {
        if (!Array.isArray(value) && Object.values(value as object).includes(null)) names.add(key);
      }
    }
  }
  return names;
}

const studentSimulation: Simulation = {
  ...simulation,
  answers: { all: student, current: student },
};

describe("simulation computer", () => {
  it("asks only for the benefits the pre-filter keeps", async () => {
    const engine = engineSpy();
    await createSimulationComputer(bundle, engine).results(studentSimulation);
    const outputs = outputsOf(engine.requests[0]);
    expect(outputs.has("bourse_criteres_sociaux")).toBe(true);
    // A 20-year-old: the old-age minimum (60 or more) is not worth asking.
    expect(bundle.benefits.some((b) => b.engine.variable === "aspa")).toBe(true);
    expect(outputs.has("aspa")).toBe(false);
    expect(outputs.size).toBeLessThan(bundle.benefits.length);
  });

  it("neither asks for nor sends a variable the engine lacks", async () => {
    const engine = engineSpy();
    const catalogue = new Set(bundle.benefits.map((b) => b.engine.variable));
    const first = engineSpy();
    await createSimulationComputer(bundle, first).results(studentSimulation);
    const everything = new Set([...variablesOf(first.requests[0]), ...catalogue]);
    const lacking = "bourse_criteres_sociaux";
    const known = new Set([...everything].filter((name) => name !== lacking));
    await createSimulationComputer(bundle, engine, {
      engineVariables: async () => known,
    }).results(studentSimulation);
    expect(variablesOf(engine.requests[0]).has(lacking)).toBe(false);
    expect(outputsOf(engine.requests[0]).has("aide_logement")).toBe(true);
    expect([...missingBenefitVariables(bundle, known)]).toEqual([lacking]);
  });

  it("gives the situation, the engine request and the engine response", async () => {
    const engine = engineSpy();
    const computer = createSimulationComputer(bundle, engine);
    const situation = (await computer.representation(studentSimulation, "situation")) as {
      dateDeValeur: string;
    };
    expect(situation.dateDeValeur).toBe(DATE);
    const request = await computer.representation(studentSimulation, "openfisca_request");
    expect(engine.requests).toHaveLength(0);
    expect(outputsOf(request).has("bourse_criteres_sociaux")).toBe(true);
    const response = await computer.representation(studentSimulation, "openfisca_response");
    expect(engine.requests).toHaveLength(1);
    expect(response).toEqual(request);
  });

  it("gives the situation even when the engine cannot be reached", async () => {
    const down = async (): Promise<ReadonlySet<string>> => {
      throw Object.assign(new Error("down"), { name: "EngineUnavailableError" });
    };
    const computer = createSimulationComputer(bundle, engineSpy(), { engineVariables: down });
    await expect(computer.representation(studentSimulation, "situation")).resolves.toMatchObject({
      dateDeValeur: DATE,
    });
    await expect(
      computer.representation(studentSimulation, "openfisca_request"),
    ).rejects.toMatchObject({ name: "EngineUnavailableError" });
  });

  it("passes the engine's errors on", async () => {
    const failing = {
      calculate: async () => {
        throw Object.assign(new Error("down"), { name: "EngineUnavailableError" });
      },
    };
    await expect(
      createSimulationComputer(bundle, failing).results(studentSimulation),
    ).rejects.toMatchObject({ name: "EngineUnavailableError" });
  });
});
