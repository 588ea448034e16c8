import { describe, expect, it } from "vitest";
import {
  addGrossAndTaxable,
  pensionFromNet,
  salaryFromNet,
  smicMonthlyGross,
  unemploymentFromNet,
} from "../../../../src/domain/engine/rules/net-to-taxable";
import {
  buildEngineRequest,
  buildSituation,
  type Bundle,
  type EngineEntity,
  type Person,
} from "../../../../src/domain";
import { a, bundle, DATE, student } from "../fixtures";
import { requestFor } from "./helpers";

const person = (extra: Partial<Person> = {}): Person => ({
  id: "demandeur",
  _role: "demandeur",
  ...extra,
});

describe("rule: net to gross and net to taxable", () => {
  it("converts a salary with the engine's own result", () => {
    // The engine, for a 1,801.80 € gross salary in October 2025: 1,426.29 net, 1,477.63 taxable.
    const { gross, taxable } = salaryFromNet(1426.29, "2025-10");
    expect(gross).toBeCloseTo(1801.8, 0);
    expect(taxable).toBeCloseTo(1477.63, 0);
  });

  it("exempts an apprentice's pay up to the monthly gross SMIC", () => {
    expect(smicMonthlyGross("2025-10")).toBe(1801.84);
    expect(smicMonthlyGross("2026-07")).toBe(1867.06);
    expect(salaryFromNet(1000, "2025-10", true)).toEqual({ gross: 1000, taxable: 0 });
    expect(salaryFromNet(2000, "2025-10", true)).toEqual({ gross: 2000, taxable: 198.16 });
  });

  it("takes no CSG on an unemployment allowance up to the SMIC, the full rate above", () => {
    expect(unemploymentFromNet(1000, "2025-10")).toEqual({ gross: 1000, taxable: 1000 });
    const { gross, taxable } = unemploymentFromNet(2500, "2025-10");
    // net = gross − (6.2 % CSG + 0.5 % CRDS) × 98.25 %; taxable = gross − 3.8 % × 98.25 %.
    expect(gross * (1 - 0.9825 * 0.067)).toBeCloseTo(2500, 1);
    expect(taxable).toBeCloseTo(gross * (1 - 0.9825 * 0.038), 1);
  });

  it("converts a pension at the full rate", () => {
    const { gross, taxable } = pensionFromNet(1000);
    expect(gross * (1 - 0.083 - 0.005 - 0.003)).toBeCloseTo(1000, 1);
    expect(taxable).toBeCloseTo(gross * 0.941, 1);
  });

  it("adds gross and taxable amounts for each declared month, and the month before the oldest", () => {
    const entity: EngineEntity = {
      salaire_net: { "2025-11": 1000, "2025-12": 1100 },
      chomage_net: { "2025-12": 500 },
    };
    addGrossAndTaxable(entity, person(), "2026-11-22");
    expect(Object.keys(entity.salaire_de_base as object)).toEqual(["2025-11", "2025-12"]);
    expect(entity.salaire_imposable).toEqual({
      "2025-10": salaryFromNet(1000, "2025-11").taxable,
      "2025-11": salaryFromNet(1000, "2025-11").taxable,
      "2025-12": salaryFromNet(1100, "2025-12").taxable,
    });
    expect(entity.chomage_brut).toEqual({ "2025-12": 500 });
    expect(entity.chomage_imposable).toEqual({ "2025-11": 500, "2025-12": 500 });
    expect(entity.retraite_imposable).toBeUndefined();
  });

  it("leaves the month before to the fiscal year's amounts when it falls in N-2", () => {
    const entity: EngineEntity = { salaire_net: { "2025-01": 1000 } };
    addGrossAndTaxable(entity, person(), "2026-01-15");
    expect(Object.keys(entity.salaire_imposable as object)).toEqual(["2025-01"]);
  });

  it("applies to every person of the request, apprentices included", () => {
    const { request } = requestFor([
      ...student.filter((x) => x.fieldName !== "alternant"),
      a("demandeur.alternant", true),
      a("demandeur._contratAlternance", "apprenti"),
      a("demandeur.ressources", ["salaire_net"]),
      a("demandeur.salaire_net", { "2026-10": 900, "2026-11": 900 }),
    ]);
    expect(request.individus.demandeur?.salaire_net).toMatchObject({
      "2026-10": 900,
      "2026-11": 900,
    });
    expect(request.individus.demandeur?.salaire_de_base).toMatchObject({
      "2026-10": 900,
      "2026-11": 900,
    });
    expect(request.individus.demandeur?.salaire_imposable).toMatchObject({
      "2026-09": 0,
      "2026-10": 0,
      "2026-11": 0,
    });
  });

  it("knows an apprentice from the schema's derived table, not from code", () => {
    const answers = [
      ...student.filter((x) => x.fieldName !== "alternant"),
      a("demandeur.alternant", true),
      a("demandeur._contratAlternance", "professionnalisation"),
      a("demandeur.ressources", ["salaire_net"]),
      a("demandeur.salaire_net", { "2026-10": 900 }),
    ];
    expect(requestFor(answers).request.individus.demandeur?.salaire_imposable).not.toMatchObject({
      "2026-10": 0,
    });
    const edited: Bundle = {
      ...bundle,
      derived: bundle.derived.map((rule) =>
        rule.attribute === "_apprenti"
          ? {
              ...rule,
              map: {
                true: { from: "_contratAlternance", map: { professionnalisation: true } },
                false: null,
              },
            }
          : rule,
      ),
    };
    const situation = buildSituation(edited, answers, DATE);
    const { request } = buildEngineRequest(edited, situation);
    expect(request.individus.demandeur?.salaire_imposable).toMatchObject({ "2026-10": 0 });
  });
});
