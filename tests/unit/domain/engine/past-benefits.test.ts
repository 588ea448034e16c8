import { describe, expect, it } from "vitest";
import { benefitIncomeTypes } from "../../../../src/domain/engine/rules/past-benefits";
import type { Bundle } from "../../../../src/domain";
import { a, bundle, student } from "../fixtures";
import { requestFor } from "./helpers";

const last12 = [
  "2025-11",
  "2025-12",
  "2026-01",
  "2026-02",
  "2026-03",
  "2026-04",
  "2026-05",
  "2026-06",
  "2026-07",
  "2026-08",
  "2026-09",
  "2026-10",
];
const zeros = Object.fromEntries(last12.map((month) => [month, 0]));

describe("rule: no past entitlement to benefits not declared", () => {
  it("concerns the income types computed by the engine for a monthly amount benefit", () => {
    const ids = benefitIncomeTypes(bundle).map((type) => type.id);
    expect(ids).toEqual(
      expect.arrayContaining(["aide_logement", "rsa", "ppa", "contrat_engagement_jeune"]),
    );
    // Incomes the engine does not compute, and benefits the engine lacks, are left alone.
    expect(ids).not.toContain("salaire_net");
    expect(benefitIncomeTypes(bundle, new Set(["rsa"])).map((type) => type.id)).not.toContain(
      "rsa",
    );
    const boolOnly: Bundle = {
      ...bundle,
      benefits: bundle.benefits.map((benefit) =>
        benefit.id === "ppa" ? { ...benefit, type: "bool" as const } : benefit,
      ),
    };
    expect(benefitIncomeTypes(boolOnly).map((type) => type.id)).not.toContain("ppa");
  });

  it("sends 0 for the 12 past months, the current month being asked", () => {
    const { request } = requestFor(student);
    expect(request.familles._?.aide_logement).toEqual({ ...zeros, "2026-11": null });
    expect(request.familles._?.rsa).toEqual({ ...zeros, "2026-11": null });
    expect(request.individus.demandeur?.contrat_engagement_jeune).toEqual({
      ...zeros,
      "2026-11": null,
    });
  });

  it("keeps the declared months and fills the others with 0", () => {
    const { request } = requestFor([
      ...student,
      a("demandeur.ressources", ["rsa"]),
      a("demandeur.rsa", { "2026-07": 0, "2026-08": 300, "2026-09": 300 }),
    ]);
    // The latest amount declared is 300: received, so sent at the current month too.
    expect(request.familles._?.rsa).toEqual({
      ...zeros,
      "2026-08": 300,
      "2026-09": 300,
      "2026-11": 300,
    });
  });

  it("leaves the past months of a benefit presumed received to the engine", () => {
    // The family allowances are paid from the 2nd child without a means test
    // (docs/adr/0013-settled-amounts.md): not ticked, they are not taken as not received.
    expect(bundle.benefits.find((benefit) => benefit.id === "af")?.presumedReceived).toBe(true);
    expect(benefitIncomeTypes(bundle).map((type) => type.id)).not.toContain("af");
    const { request } = requestFor(student);
    expect(request.familles._?.af).toEqual({ "2026-11": null });
    // Declared months are still sent as declared.
    const declared = requestFor([
      ...student,
      a("demandeur.ressources", ["af"]),
      a("demandeur.af", { "2026-09": 150, "2026-10": 150, "2026-11": 150 }),
    ]).request;
    expect(declared.familles._?.af).toEqual({ "2026-09": 150, "2026-10": 150, "2026-11": 150 });
  });

  it("never sends a benefit the engine lacks", () => {
    const { request } = requestFor(student, { missingVariables: new Set(["aide_logement"]) });
    expect(request.familles._?.aide_logement).toBeUndefined();
  });
});
