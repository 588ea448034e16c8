import { describe, expect, it } from "vitest";
import {
  buildEngineRequest,
  buildSituation,
  fiscalEngineInputs,
  patrimoineEngineInputs,
  PATRIMOINE_PERIOD,
  type Bundle,
} from "../../../src/domain";
import { a, bundle, DATE, student } from "./fixtures";

describe("fiscal inputs", () => {
  it("sends taxable incomes at the fiscal year, the value date's year minus 2", () => {
    expect(
      fiscalEngineInputs({ salaire_imposable: 12000, pensions_alimentaires_versees: 600 }, DATE),
    ).toEqual({
      salaire_imposable: { 2024: 12000 },
      // The foyer fiscal's variable is computed from tax boxes: the person's input is this one.
      pensions_alimentaires_versees_individu: { 2024: 600 },
    });
    expect(fiscalEngineInputs(undefined, DATE)).toEqual({});
  });

  it("sends wealth over the spec's patrimony period", () => {
    expect(PATRIMOINE_PERIOD).toBe("month:2019-01:120");
    expect(patrimoineEngineInputs({ livret_a: 3000, valeur_immo_non_loue: 0 })).toEqual({
      livret_a: { "month:2019-01:120": 3000 },
      valeur_immo_non_loue: { "month:2019-01:120": 0 },
    });
  });

  it("adds them to the engine request of the people present, beside monthly incomes", () => {
    // An income type that the engine also reads at the fiscal year.
    const withRent: Bundle = {
      ...bundle,
      incomeTypes: [
        ...bundle.incomeTypes.filter((type) => type.id !== "revenus_locatifs"),
        {
          id: "revenus_locatifs",
          category: "patrimoine",
          label: "Revenus locatifs",
          periodKind: "monthly",
          engine: { variable: "revenus_locatifs" },
        },
      ],
    };
    const answers = [
      ...student,
      a("demandeur.ressources", ["revenus_locatifs"]),
      a("demandeur.revenus_locatifs", { "2026-10": 300, "2026-11": 300 }),
    ];
    const situation = {
      ...buildSituation(withRent, answers, DATE),
      ressourcesFiscales: {
        demandeur: { revenus_locatifs: 2400, salaire_imposable: 9000 },
        conjoint: { salaire_imposable: 20000 },
      },
      patrimoine: { livret_a: 1500 },
    };
    const { request } = buildEngineRequest(withRent, situation);
    const demandeur = request.individus.demandeur!;
    expect(demandeur.revenus_locatifs).toEqual({ 2024: 2400, "2026-10": 300, "2026-11": 300 });
    expect(demandeur.salaire_imposable).toMatchObject({ 2024: 9000 });
    expect(demandeur.livret_a).toEqual({ "month:2019-01:120": 1500 });
    // No partner in this household: the partner's declaration is not sent.
    expect(request.individus.conjoint).toBeUndefined();
  });
});
