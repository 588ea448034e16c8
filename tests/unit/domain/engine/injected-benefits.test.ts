import { describe, expect, it } from "vitest";
import { buildSituation, injectedDroits, receivedBenefits } from "../../../../src/domain";
import { currentOrLatest } from "../../../../src/domain/engine/rules/injected-benefits";
import { a, bundle, DATE, student } from "../fixtures";
import { requestFor } from "./helpers";

const withPartner = [
  ...student,
  a("famille.en_couple", true),
  a("conjoint.date_naissance", "2004-01-01"),
];

describe("rule: benefits already received are inputs, not outputs", () => {
  it("reads the current month's amount, or the latest declared", () => {
    expect(currentOrLatest({ "2026-10": 100, "2026-11": 120 }, "2026-11")).toBe(120);
    expect(currentOrLatest({ "2026-09": 80, "2026-10": 100 }, "2026-11")).toBe(100);
    expect(currentOrLatest({}, "2026-11")).toBeUndefined();
  });

  it("sums the members' amounts of a family-level benefit", () => {
    const situation = buildSituation(
      bundle,
      [
        ...withPartner,
        a("demandeur.ressources", ["aide_logement"]),
        a("demandeur.aide_logement", { "2026-10": 100, "2026-11": 100 }),
        a("conjoint.ressources", ["aide_logement"]),
        a("conjoint.aide_logement", { "2026-11": 50.5 }),
      ],
      DATE,
    );
    expect(receivedBenefits(bundle, situation).map((r) => [r.benefit.id, r.montant])).toEqual([
      ["aide_logement", 150.5],
    ]);
    const [droit] = injectedDroits(bundle, situation);
    expect(droit).toMatchObject({
      id: "aide_logement",
      montant: 150.5,
      label: bundle.benefits.find((b) => b.id === "aide_logement")?.label,
    });
  });

  it("reads an individual benefit on the applicant only", () => {
    const partnerOnly = buildSituation(
      bundle,
      [
        ...withPartner,
        a("conjoint.ressources", ["contrat_engagement_jeune"]),
        a("conjoint.contrat_engagement_jeune", { "2026-11": 500 }),
      ],
      DATE,
    );
    expect(injectedDroits(bundle, partnerOnly)).toEqual([]);
  });

  it("does not count a benefit whose latest amount is 0", () => {
    const stopped = buildSituation(
      bundle,
      [
        ...student,
        a("demandeur.ressources", ["rsa"]),
        a("demandeur.rsa", { "2026-05": 400, "2026-06": 0 }),
      ],
      DATE,
    );
    expect(injectedDroits(bundle, stopped)).toEqual([]);
  });

  it("sends a received benefit as input at the current month and does not ask for it", () => {
    const { request, outputs } = requestFor([
      ...student,
      a("demandeur.ressources", ["aide_logement", "rsa"]),
      a("demandeur.aide_logement", { "2026-10": 210 }),
      a("demandeur.rsa", { "2026-10": 0, "2026-11": 0 }),
    ]);
    expect(request.familles._?.aide_logement).toMatchObject({ "2026-10": 210, "2026-11": 210 });
    expect(outputs.map((o) => o.benefitId)).not.toContain("aide_logement");
    // A declared 0 this month: not received, so asked (the 0 gives way to the output).
    expect(outputs.map((o) => o.benefitId)).toContain("rsa");
    expect(request.familles._?.rsa).toMatchObject({ "2026-10": 0, "2026-11": null });
  });

  it("sends a received benefit at the current month even when it is not among those asked", () => {
    const ppa = bundle.benefits.find((b) => b.id === "ppa")!;
    const { request, outputs } = requestFor(
      [
        ...student,
        a("demandeur.ressources", ["aide_logement"]),
        a("demandeur.aide_logement", { "2026-10": 90 }),
      ],
      { benefits: [ppa] },
    );
    expect(outputs.map((o) => o.benefitId)).toEqual(["ppa"]);
    expect(request.familles._?.aide_logement).toMatchObject({ "2026-11": 90 });
  });

  it("takes an income type of the benefit's receivedAs as the benefit received, still asked", () => {
    // The student grant declared as « Bourse de l'enseignement supérieur » (schema/benefits).
    const answers = [
      ...student,
      a("demandeur.ressources", ["bourse_enseignement_sup"]),
      a("demandeur.bourse_enseignement_sup", { "2026-10": 300, "2026-11": 300 }),
    ];
    const situation = buildSituation(bundle, answers, DATE);
    expect(
      receivedBenefits(bundle, situation).map((r) => [r.benefit.id, r.montant, r.ownVariable]),
    ).toEqual([["bourse_criteres_sociaux", 300, false]]);
    const { request, outputs } = requestFor(answers);
    // Its own variable is not sent (the income is, as such); the engine's amount is asked.
    expect(request.individus.demandeur?.bourse_criteres_sociaux).toEqual({ "2026-11": null });
    expect(
      outputs.find((o) => o.benefitId === "bourse_criteres_sociaux")?.received,
    ).toBeUndefined();
  });

  it("asks what a received RSA becomes once the aids found are paid, never the RSA itself", () => {
    const { request, outputs } = requestFor([
      ...student,
      a("demandeur.ressources", ["rsa"]),
      a("demandeur.rsa", { "2026-10": 600, "2026-11": 600 }),
    ]);
    expect(request.familles._?.rsa).toMatchObject({ "2026-11": 600 });
    expect(request.familles._?.rsa_montant).toEqual({ "2026-11": null });
    const ref = outputs.find((o) => o.benefitId === "rsa");
    expect(ref).toMatchObject({ received: true, settled: "rsa_montant" });
  });
});
