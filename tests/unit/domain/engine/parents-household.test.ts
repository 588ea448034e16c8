import { describe, expect, it } from "vitest";
import { buildEngineRequest, buildSituation } from "../../../../src/domain";
import { PARENTS_CHILD_ID } from "../../../../src/domain/engine/rules/parents-household";
import { a, bundle } from "../fixtures";

const DATE = "2026-11-15";

/** A lycéenne of 17, dependent on her parents (a couple, 3 shares, RBG 12,000 €). */
const lyceenne = (children?: number) => [
  a("demandeur.date_naissance", "2009-05-30"),
  a("demandeur.activite", "etudiant"),
  a("demandeur.scolarite", "lycee"),
  a("demandeur.annee_etude", "terminale"),
  a("demandeur.statuts_etablissement_scolaire", "public"),
  a("demandeur.alternant", false),
  a("demandeur.enfant_a_charge", true),
  a("famille.en_couple", false),
  a("parents._situation", "en_couple"),
  ...(children !== undefined
    ? [a("famille.bourse_criteres_sociaux_nombre_enfants_a_charge", children)]
    : []),
  a("demandeur.bourse_criteres_sociaux_base_ressources_parentale", 12000),
  a("parents.nbptr", 3),
];

const build = (answers: ReturnType<typeof lyceenne>) =>
  buildEngineRequest(bundle, buildSituation(bundle, answers, DATE));

describe("rule: benefits paid to the parents for the young person", () => {
  it("makes the applicant and her brother or sister the children of her parents' household", () => {
    const { request, outputs } = build(lyceenne(2));
    expect(request.familles.parents).toMatchObject({
      parents: ["parent1", "parent2"],
      enfants: [PARENTS_CHILD_ID, "fratrie_1"],
    });
    expect(request.menages.parents?.enfants).toEqual([PARENTS_CHILD_ID, "fratrie_1"]);
    // A pupil: her birth date and schooling; she stays the parent of her own famille.
    expect(request.individus[PARENTS_CHILD_ID]).toMatchObject({
      date_naissance: { ETERNITY: "2009-05-30" },
      scolarite: { "2026-11": "lycee" },
    });
    expect(request.familles._?.parents).toEqual(["demandeur"]);
    // Her parents' return keeps its shares and income; the children are on no return of theirs.
    expect(request.foyers_fiscaux._).toMatchObject({
      declarants: ["parent1", "parent2"],
      personnes_a_charge: ["demandeur"],
      nbptr: { 2024: 3 },
      rbg: { 2024: 12000 },
    });
    expect(request.foyers_fiscaux[PARENTS_CHILD_ID]).toEqual({
      declarants: [PARENTS_CHILD_ID],
      personnes_a_charge: [],
    });
    // The family benefits' resources: the parents' declared income.
    expect(request.familles.parents?.prestations_familiales_base_ressources).toEqual({
      "2026-01": 12000,
    });
    // The benefits paid to the parents are read on their famille, the others on hers.
    const where = Object.fromEntries(outputs.map((ref) => [ref.benefitId, ref.id]));
    expect(where).toMatchObject({ bourse_lycee: "parents", ars: "parents", aide_logement: "_" });
  });

  it("counts the applicant alone without the answer of how many children the parents have", () => {
    const { request } = build(lyceenne());
    expect(request.familles.parents?.enfants).toEqual([PARENTS_CHILD_ID]);
  });

  it("leaves an applicant who is nobody's dependant the parent of those benefits' famille", () => {
    const answers = lyceenne(2).map((answer) =>
      answer.fieldName === "enfant_a_charge" ? { ...answer, value: false } : answer,
    );
    const { request, outputs } = build(answers);
    expect(request.familles.parents).toBeUndefined();
    expect(request.individus[PARENTS_CHILD_ID]).toBeUndefined();
    expect(outputs.find((ref) => ref.benefitId === "bourse_lycee")?.id).toBe("_");
  });

  it("leaves the parents' famille without children for a student past the pupils' age", () => {
    const answers = lyceenne(2).map((answer) =>
      answer.fieldName === "date_naissance"
        ? { ...answer, value: "2005-03-15" }
        : answer.fieldName === "scolarite"
          ? { ...answer, value: "enseignement_superieur" }
          : answer,
    );
    const { request, outputs } = build(answers);
    expect(request.familles.parents?.enfants).toEqual([]);
    expect(request.individus[PARENTS_CHILD_ID]).toBeUndefined();
    expect(outputs.find((ref) => ref.benefitId === "bourse_lycee")?.id).toBe("_");
  });
});
