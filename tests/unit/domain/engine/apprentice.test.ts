import { describe, expect, it } from "vitest";
import { a, student } from "../fixtures";
import { requestFor } from "./helpers";

/**
 * Issue 16, found by the official cases (ppa.yaml "PPA: apprenti non éligible (ressources <
 * plancher)"): an apprentice is an "apprenant" of the prime d'activité (L842-2 CSS), eligible only
 * above an earnings floor, like a student. The engine knows an apprentice from its `apprenti`
 * variable, which it otherwise derives from an apprenticeship start date we never ask: without it,
 * a salaried apprentice earning 890 € a month was granted the prime d'activité.
 */
describe("rule: an apprentice is an apprentice for the engine", () => {
  const salariedApprentice = (contract: string) => [
    a("demandeur.date_naissance", "2004-03-15"),
    a("demandeur.nationalite", "fr"),
    a("demandeur.activite", "salarie"),
    a("demandeur.alternant", true),
    a("demandeur._contratAlternance", contract),
    a("demandeur.ressources", ["salaire_net"]),
    a("demandeur.salaire_net", { "2026-08": 890, "2026-09": 890, "2026-10": 890 }),
  ];

  it("sends apprenti for the value month and the three before (the PPA's quarter)", () => {
    const { request } = requestFor(salariedApprentice("apprenti"));
    const apprenti = request.individus.demandeur?.apprenti as Record<string, boolean>;
    expect(apprenti).toMatchObject({
      "2026-08": true,
      "2026-09": true,
      "2026-10": true,
      "2026-11": true,
    });
  });

  it("also for a student in an apprenticeship", () => {
    const { request } = requestFor([
      ...student.filter((x) => x.fieldName !== "alternant"),
      a("demandeur.alternant", true),
      a("demandeur._contratAlternance", "apprenti"),
    ]);
    expect(request.individus.demandeur?.apprenti).toMatchObject({ "2026-11": true });
  });

  it("sends nothing for another work-study contract, nor for a plain student", () => {
    expect(
      requestFor(salariedApprentice("professionnalisation")).request.individus.demandeur,
    ).not.toHaveProperty("apprenti");
    expect(requestFor(student).request.individus.demandeur).not.toHaveProperty("apprenti");
  });
});
