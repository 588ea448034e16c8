import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { extractDroits, type Benefit, type Bundle } from "../../../../src/domain";
import { a, bundle, student } from "../fixtures";
import { requestFor } from "./helpers";

const base = bundle.benefits.find((b) => b.id === "aide_logement")!;
const benefit = (id: string, extra: object): Benefit =>
  ({ ...base, id, ...extra }) as unknown as Benefit;
const flag = benefit("flag", {
  type: "bool",
  engine: { variable: "flag_v", entity: "individus", period: "month" },
});
const yearly = benefit("yearly", {
  engine: { variable: "yearly_v", entity: "menages", period: "year" },
});
const mixed = benefit("mixed", {
  type: "mixed",
  engine: {
    variable: "mixed_v",
    entity: "familles",
    period: "month",
    eligibleAtZero: "mixed_zero",
  },
});
const custom: Bundle = { ...bundle, benefits: [base, flag, yearly, mixed] };

describe("outputs: the benefits asked and read back", () => {
  it("asks only the given benefits, each at its own period and entity", () => {
    const { request, outputs } = requestFor(student, { benefits: [flag, yearly, mixed] });
    expect(outputs).toEqual([
      {
        benefitId: "flag",
        entity: "individus",
        id: "demandeur",
        variable: "flag_v",
        period: "2026-11",
      },
      { benefitId: "yearly", entity: "menages", id: "_", variable: "yearly_v", period: "2026" },
      {
        benefitId: "mixed",
        entity: "familles",
        id: "_",
        variable: "mixed_v",
        period: "2026-11",
        eligibleAtZero: "mixed_zero",
      },
    ]);
    expect(request.individus.demandeur?.flag_v).toEqual({ "2026-11": null });
    expect(request.menages._?.yearly_v).toEqual({ 2026: null });
    expect(request.familles._?.mixed_zero).toEqual({ "2026-11": null });
    // Not asked (its past months are still sent as 0, see the past-benefits rule).
    expect(request.familles._?.aide_logement).not.toHaveProperty("2026-11");
  });

  it("never asks a variable the engine lacks", () => {
    const { request, outputs } = requestFor(student, {
      benefits: [flag, mixed],
      missingVariables: new Set(["flag_v", "mixed_zero"]),
    });
    expect(outputs.map((o) => [o.benefitId, o.eligibleAtZero])).toEqual([["mixed", undefined]]);
    expect(request.individus.demandeur?.flag_v).toBeUndefined();
    expect(request.familles._?.mixed_zero).toBeUndefined();
  });

  it("keeps a true bool, a non-zero amount, and a mixed 0 granted by its flag", () => {
    const { outputs } = requestFor(student, { benefits: custom.benefits });
    const read = (response: unknown) =>
      extractDroits(custom, outputs, response).map((d) => [d.id, d.montant]);
    expect(
      read({
        individus: { demandeur: { flag_v: { "2026-11": true } } },
        menages: { _: { yearly_v: { 2026: 12.345 } } },
        familles: {
          _: {
            aide_logement: { "2026-11": 0 },
            mixed_v: { "2026-11": 0 },
            mixed_zero: { "2026-11": true },
          },
        },
      }),
    ).toEqual([
      ["flag", true],
      ["yearly", 12.35],
      ["mixed", 0],
    ]);
    expect(
      read({
        individus: { demandeur: { flag_v: { "2026-11": false } } },
        menages: { _: { yearly_v: { 2026: 0 } } },
        familles: {
          _: {
            aide_logement: { "2026-11": 10 },
            mixed_v: { "2026-11": 0 },
            mixed_zero: { "2026-11": false },
          },
        },
      }),
    ).toEqual([["aide_logement", 10]]);
    expect(
      read({ familles: { _: { mixed_v: { "2026-11": 31.5 }, mixed_zero: { "2026-11": false } } } }),
    ).toEqual([["mixed", 31.5]]);
  });

  it("keeps the benefit's links and institution label", () => {
    const { outputs } = requestFor(student, { benefits: [base] });
    const [droit] = extractDroits(bundle, outputs, {
      familles: { _: { aide_logement: { "2026-11": 99 } } },
    });
    expect(droit?.institution).toBe(
      bundle.institutions.find((i) => i.id === base.institution)?.label,
    );
    expect(Object.values(droit?.links ?? {}).every((url) => typeof url === "string")).toBe(true);
  });
});

describe("outputs: the amount once the aids claimed with it are paid (engine.settled)", () => {
  const prime = benefit("prime", {
    type: "float",
    engine: {
      variable: "prime_v",
      entity: "familles",
      period: "month",
      settled: {
        variable: "prime_later",
        minimumPaid: 15,
        after: "une fois versées",
        since: "2016-01-01",
      },
    },
  });
  const withPrime: Bundle = { ...bundle, benefits: [prime] };
  const read = (first: number, later: unknown) => {
    const { outputs } = requestFor(student, { benefits: [prime] });
    const [droit] = extractDroits(withPrime, outputs, {
      familles: { _: { prime_v: { "2026-11": first }, prime_later: { "2026-11": later } } },
    });
    return droit;
  };

  it("asks the settled variable at the benefit's own place and period", () => {
    const { request, outputs } = requestFor(student, { benefits: [prime] });
    expect(outputs[0]?.settled).toBe("prime_later");
    expect(request.familles._?.prime_later).toEqual({ "2026-11": null });
  });

  it("does not ask it before its first date, nor when the engine lacks it", () => {
    const early = requestFor(student, { benefits: [prime], date: "2015-06-01" });
    expect(early.outputs[0]?.settled).toBeUndefined();
    expect(early.request.familles._?.prime_later).toBeUndefined();
    const missing = requestFor(student, {
      benefits: [prime],
      missingVariables: new Set(["prime_later"]),
    });
    expect(missing.outputs[0]?.settled).toBeUndefined();
  });

  it("reads a different amount, 0 under the minimum paid, and nothing within a euro", () => {
    expect(read(581.634, 314.536)?.settled).toEqual({ montant: 314.54, after: "une fois versées" });
    expect(read(120, 14.99)?.settled).toEqual({ montant: 0, after: "une fois versées" });
    expect(read(120, 120.99)?.settled).toBeUndefined();
    expect(read(120, null)?.settled).toBeUndefined();
    expect(read(120, 0)?.settled).toEqual({ montant: 0, after: "une fois versées" });
  });

  it("says nothing when what must not change did change over the 3 months before", () => {
    const steady = benefit("steady", {
      type: "float",
      engine: {
        variable: "prime_v",
        entity: "familles",
        period: "month",
        settled: { variable: "prime_later", after: "une fois versées", unchanged: ["earnings"] },
      },
    });
    const { request, outputs } = requestFor(student, { benefits: [steady] });
    expect(request.familles._?.earnings).toEqual({
      "2026-08": null,
      "2026-09": null,
      "2026-10": null,
      "2026-11": null,
    });
    const settledWith = (earnings: Record<string, number>) =>
      extractDroits({ ...bundle, benefits: [steady] }, outputs, {
        familles: {
          _: { prime_v: { "2026-11": 300 }, prime_later: { "2026-11": 200 }, earnings },
        },
      })[0]?.settled;
    const months = ["2026-08", "2026-09", "2026-10", "2026-11"];
    const same = Object.fromEntries(months.map((month) => [month, 900]));
    expect(settledWith(same)).toEqual({ montant: 200, after: "une fois versées" });
    expect(settledWith({ ...same, "2026-11": 900.5 })?.montant).toBe(200);
    // A job that ended this month: the prime falls for that reason, not the aids'.
    expect(settledWith({ ...same, "2026-11": 0 })).toBeUndefined();
    expect(settledWith({ "2026-11": 900 })).toBeUndefined();
  });
});

describe("rule: the value date drives every period", () => {
  const answers = [
    ...student,
    a("parents._situation", "en_couple"),
    a("parents.nbptr", 3),
    a("demandeur.ressources", ["salaire_net"]),
    a("demandeur.salaire_net", { "2025-11": 400, "2026-10": 400, "2027-02": 400 }),
  ];

  /** Every period key of the request, sorted. */
  const periodKeys = (date: string) => {
    const { request } = requestFor(answers, { date });
    const keys = new Set<string>();
    for (const group of Object.values(request) as Record<string, Record<string, unknown>>[]) {
      for (const entity of Object.values(group)) {
        for (const value of Object.values(entity)) {
          if (value && typeof value === "object" && !Array.isArray(value)) {
            for (const key of Object.keys(value)) keys.add(key);
          }
        }
      }
    }
    return [...keys].sort();
  };

  it("dates a request of November 2026 from November 2026", () => {
    const { request, outputs } = requestFor(answers, { date: "2026-11-22" });
    expect(outputs.find((o) => o.benefitId === "aide_logement")?.period).toBe("2026-11");
    expect(request.foyers_fiscaux._?.nbptr).toEqual({ 2024: 3 });
    expect(request.individus.demandeur?.enfant_a_charge).toEqual({ 2026: true });
    expect(request.individus.demandeur?.activite).toEqual({
      "2026-08": "etudiant",
      "2026-09": "etudiant",
      "2026-10": "etudiant",
      "2026-11": "etudiant",
    });
  });

  it("dates the same answers of March 2027 from March 2027", () => {
    const { request, outputs } = requestFor(answers, { date: "2027-03-01" });
    expect(outputs.find((o) => o.benefitId === "aide_logement")?.period).toBe("2027-03");
    expect(request.foyers_fiscaux._?.nbptr).toEqual({ 2025: 3 });
    expect(request.individus.demandeur?.enfant_a_charge).toEqual({ 2027: true });
    expect(Object.keys(request.individus.demandeur?.activite as object).sort()).toEqual([
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
    ]);
    // The 12 months before March 2027 are those set to 0 when not declared.
    expect(Object.keys(request.familles._?.rsa as object).sort()[0]).toBe("2026-03");
  });

  it("gives each value date its own periods, and no other", () => {
    const november = periodKeys("2026-11-22");
    const march = periodKeys("2027-03-01");
    expect(november).not.toEqual(march);
    // M+1: the zero salary of months nobody declared (rule undeclared-incomes).
    expect(november.filter((key) => /^\d{4}-\d{2}$/.test(key) && key > "2026-11")).toEqual([
      "2026-12",
      "2027-02",
    ]);
    expect(march.filter((key) => /^\d{4}-\d{2}$/.test(key) && key > "2027-03")).toEqual([
      "2027-04",
    ]);
  });

  it("never reads the clock", () => {
    const root = join(__dirname, "../../../../src/domain/engine");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".ts"),
    );
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const source = readFileSync(join(root, file), "utf8");
      expect(source, file).not.toMatch(/new Date\(|Date\.now|todayIso/);
    }
  });
});
