import { describe, expect, it } from "vitest";
import type { Simulation } from "../../../src/server/storage";
import { createResultsComputer } from "../../../src/server/results";
import { a, bornYearsAgo, bundle, DATE } from "../domain/fixtures";

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
