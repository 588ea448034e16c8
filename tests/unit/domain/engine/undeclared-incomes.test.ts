import { describe, expect, it } from "vitest";
import { zeroUndeclaredIncomes } from "../../../../src/domain/engine/rules/undeclared-incomes";
import { periodsOf } from "../../../../src/domain/engine/periods";
import type { EngineEntity, EngineRequest } from "../../../../src/domain/engine/types";
import { a, student } from "../fixtures";
import { requestFor } from "./helpers";

const DATE = "2026-11-22";

function request(individus: EngineRequest["individus"]): EngineRequest {
  return { individus, familles: {}, foyers_fiscaux: {}, menages: {} };
}

/** The period values of a variable (`{}` when absent). */
const at = (entity: EngineEntity | undefined, variable: string) =>
  (entity && periodsOf(entity, variable)) ?? {};

const months = (year: number, from = 1, to = 12) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${year}-${String(from + i).padStart(2, "0")}`);

describe("rule: no undeclared salary, allowance or pension", () => {
  it("sends a yearly 0 from N-4 to the year of M+1 when nobody gave anything", () => {
    const built = request({ demandeur: {} });
    zeroUndeclaredIncomes(built, DATE);
    const zeros = { 2022: 0, 2023: 0, 2024: 0, 2025: 0, 2026: 0 };
    for (const variable of [
      "salaire_de_base",
      "salaire_imposable",
      "salaire_net",
      "chomage_brut",
      "chomage_imposable",
      "chomage_net",
      "retraite_brute",
      "retraite_imposable",
      "retraite_nette",
    ]) {
      expect(at(built.individus.demandeur, variable)).toEqual(zeros);
    }
  });

  it("reaches M+1 in the next year when the value date is in December", () => {
    const built = request({ demandeur: {} });
    zeroUndeclaredIncomes(built, "2026-12-05");
    expect(Object.keys(at(built.individus.demandeur, "salaire_net"))).toEqual([
      "2022",
      "2023",
      "2024",
      "2025",
      "2026",
      "2027",
    ]);
  });

  it("goes month by month in a year where a member has a month, for every member", () => {
    const built = request({
      demandeur: { salaire_net: { "2026-03": 900 }, salaire_imposable: { "2026-02": 930 } },
      conjoint: {},
    });
    zeroUndeclaredIncomes(built, DATE);
    const demandeur = built.individus.demandeur!;
    // A month where one variable of the chain is given is left to the engine for the others.
    expect(demandeur.salaire_net).toEqual({
      ...Object.fromEntries(months(2026, 1, 12).map((m) => [m, 0])),
      "2026-02": undefined,
      "2026-03": 900,
      2022: 0,
      2023: 0,
      2024: 0,
      2025: 0,
    });
    expect(at(demandeur, "salaire_net")["2026-02"]).toBeUndefined();
    expect(at(demandeur, "salaire_de_base")["2026-03"]).toBeUndefined();
    expect(at(demandeur, "salaire_de_base")["2026-01"]).toBe(0);
    expect(at(demandeur, "salaire_imposable")["2026-02"]).toBe(930);
    expect(at(demandeur, "salaire_net")["2026"]).toBeUndefined();
    // The partner has nothing that year, but OpenFisca keeps one array per period: months too.
    expect(Object.keys(at(built.individus.conjoint, "salaire_net")).sort()).toEqual([
      "2022",
      "2023",
      "2024",
      "2025",
      ...months(2026),
    ]);
    // The other chains are untouched by the salary: yearly zeros.
    expect(built.individus.conjoint?.chomage_net).toEqual({
      2022: 0,
      2023: 0,
      2024: 0,
      2025: 0,
      2026: 0,
    });
  });

  it("stops the months at M+1", () => {
    const built = request({ demandeur: { chomage_net: { "2026-05": 400 } } });
    zeroUndeclaredIncomes(built, "2026-08-10");
    const keys = Object.keys(at(built.individus.demandeur, "chomage_net"));
    expect(keys.filter((key) => key.startsWith("2026-")).sort()).toEqual(months(2026, 1, 9));
  });

  it("leaves a year given as a whole (N-2 incomes) to the engine", () => {
    const built = request({ demandeur: { salaire_imposable: { 2024: 12000 } } });
    zeroUndeclaredIncomes(built, DATE);
    expect(at(built.individus.demandeur, "salaire_imposable")["2024"]).toBe(12000);
    expect(at(built.individus.demandeur, "salaire_net")["2024"]).toBeUndefined();
    expect(at(built.individus.demandeur, "salaire_de_base")["2024"]).toBeUndefined();
    expect(at(built.individus.demandeur, "salaire_net")["2023"]).toBe(0);
  });

  it("sends nothing of a chain the engine lacks", () => {
    const built = request({ demandeur: {} });
    zeroUndeclaredIncomes(built, DATE, new Set(["retraite_brute"]));
    expect(built.individus.demandeur?.retraite_nette).toBeUndefined();
    expect(built.individus.demandeur?.salaire_net).toBeDefined();
  });

  it("is applied to the built request, declared months kept", () => {
    const { request: built } = requestFor([
      ...student,
      a("demandeur.ressources", ["salaire_net"]),
      a("demandeur.salaire_net", { "2026-10": 300 }),
    ]);
    const demandeur = built.individus.demandeur!;
    expect(at(demandeur, "salaire_net")["2026-10"]).toBe(300);
    // M-13 of the oldest month carries its taxable amount (rule net-to-taxable): left as is.
    expect(at(demandeur, "salaire_imposable")["2026-09"]).toBe(
      at(demandeur, "salaire_imposable")["2026-10"],
    );
    expect(at(demandeur, "salaire_net")["2026-09"]).toBeUndefined();
    expect(at(demandeur, "salaire_net")["2026-08"]).toBe(0);
    expect(at(demandeur, "salaire_imposable")["2026-08"]).toBe(0);
    expect(demandeur.retraite_nette).toMatchObject({ 2024: 0, 2026: 0 });
  });
});
