import { describe, expect, it } from "vitest";
import {
  defaultFiscalIncomes,
  hasDeclaredFiscalIncomes,
} from "../../../../src/domain/engine/rules/fiscal-defaults";
import { salaryFromNet } from "../../../../src/domain/engine/rules/net-to-taxable";
import { a, student } from "../fixtures";
import { requestFor } from "./helpers";

const monthly = (amount: number, from = 2025 * 12 + 10, count = 13) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => {
      const index = from + i;
      return [`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`, amount];
    }),
  );

describe("rule: N-2 incomes default to the last 12 months", () => {
  it("knows whether anything was declared for a person", () => {
    expect(hasDeclaredFiscalIncomes(undefined, "demandeur")).toBe(false);
    expect(hasDeclaredFiscalIncomes({ demandeur: {} }, "demandeur")).toBe(false);
    expect(hasDeclaredFiscalIncomes({ conjoint: { salaire_imposable: 1 } }, "demandeur")).toBe(
      false,
    );
    expect(hasDeclaredFiscalIncomes({ demandeur: { frais_reels: 0 } }, "demandeur")).toBe(true);
  });

  it("sums the taxable amounts of M-12 to M-1 into the fiscal year", () => {
    const inputs = defaultFiscalIncomes(
      {
        // M-13 (carried back) and M are not part of the last 12 months.
        salaire_imposable: { ...monthly(1000), "2025-10": 999 },
        pensions_alimentaires_percues: { "2026-01": 150, "2026-02": 150 },
        chomage_imposable: { "2026-11": 700 },
        rpns_autres_revenus: { 2025: 8000 },
      },
      "2026-11-22",
    );
    expect(inputs).toEqual({
      salaire_imposable: { 2024: 12000 },
      pensions_alimentaires_percues: { 2024: 300 },
      rpns_autres_revenus: { 2024: 8000 },
    });
  });

  it("derives the N-2 taxable salary from the declared net salaries when nothing was declared", () => {
    const answers = [
      ...student,
      a("demandeur.ressources", ["salaire_net"]),
      a("demandeur.salaire_net", monthly(1000)),
    ];
    const { request } = requestFor(answers);
    const taxable = salaryFromNet(1000, "2026-01").taxable;
    const year = (request.individus.demandeur?.salaire_imposable as Record<string, number>)["2024"];
    expect(year).toBeCloseTo(12 * taxable, 1);
  });

  it("sends the declared taxable incomes as they are, without defaulting", () => {
    const answers = [
      ...student,
      a("demandeur.ressources", ["salaire_net", "chomage_net"]),
      a("demandeur.salaire_net", monthly(1000)),
      a("demandeur.chomage_net", monthly(300)),
    ];
    const { request } = requestFor(answers, {
      situation: { ressourcesFiscales: { demandeur: { salaire_imposable: 5000 } } },
    });
    const demandeur = request.individus.demandeur!;
    expect((demandeur.salaire_imposable as Record<string, number>)["2024"]).toBe(5000);
    // Not the 12 months' 3,600 €: nothing was declared for N-2 (0, rule undeclared-incomes).
    expect((demandeur.chomage_imposable as Record<string, number>)["2024"]).toBe(0);
  });
});
