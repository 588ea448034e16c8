import { describe, expect, it } from "vitest";
import {
  buildEngineRequest,
  buildSituation,
  isDependentOfParents,
  type Bundle,
} from "../../../../src/domain";
import { parentsTaxInputs } from "../../../../src/domain/engine/rules/dependent-parents";
import { NET_INCOMES } from "../../../../src/domain/engine/rules/net-to-taxable";
import { a, bundle, DATE, student } from "../fixtures";
import { requestFor } from "./helpers";

const studentOfCouple = [
  ...student,
  a("parents._situation", "en_couple"),
  a("demandeur.bourse_criteres_sociaux_base_ressources_parentale", 24000),
  a("parents.nbptr", 3),
];

const NET_INCOME_VARIABLES = new Set<string>(
  NET_INCOMES.flatMap((income) => [income.net, income.gross, income.taxable]),
);

describe("rule: a dependent young person joins the parents' foyer fiscal", () => {
  it("applies to a dependant whose parents can be reached", () => {
    const situation = (answers: typeof student) => buildSituation(bundle, answers, DATE);
    expect(isDependentOfParents(situation(studentOfCouple))).toBe(true);
    for (const unreachable of ["decedes", "sans_autorite"]) {
      expect(
        isDependentOfParents(situation([...student, a("parents._situation", unreachable)])),
      ).toBe(false);
    }
    // Parents' situation not answered.
    expect(isDependentOfParents(situation(student))).toBe(false);
    // Files their own return.
    expect(
      isDependentOfParents(
        situation([
          ...studentOfCouple.filter((x) => x.fieldName !== "enfant_a_charge"),
          a("demandeur.enfant_a_charge", false),
        ]),
      ),
    ).toBe(false);
  });

  it("reads reachable parents and a joint return from the schema's derived tables, not from code", () => {
    const separated = [
      ...studentOfCouple.filter((x) => x.fieldName !== "_situation"),
      a("parents._situation", "separes"),
    ];
    const edited: Bundle = {
      ...bundle,
      derived: bundle.derived.map((rule) =>
        rule.attribute === "_foyerFiscalParents"
          ? { ...rule, map: { ...rule.map, separes: null } }
          : rule,
      ),
    };
    expect(isDependentOfParents(buildSituation(bundle, separated, DATE))).toBe(true);
    expect(isDependentOfParents(buildSituation(edited, separated, DATE))).toBe(false);
    const request = (b: Bundle, answers: typeof student) =>
      buildEngineRequest(b, buildSituation(b, answers, DATE)).request;
    expect(Object.keys(request(bundle, separated).individus)).toEqual(["demandeur", "parent1"]);
    const editedJoint: Bundle = {
      ...bundle,
      derived: bundle.derived.map((rule) =>
        rule.attribute === "_declarationCommuneParents"
          ? { ...rule, map: { separes: true } }
          : rule,
      ),
    };
    expect(Object.keys(request(editedJoint, separated).individus)).toEqual([
      "demandeur",
      "parent1",
      "parent2",
    ]);
  });

  it("adds two parents living together, in their own famille and ménage, declaring the applicant", () => {
    const { request } = requestFor(studentOfCouple);
    expect(Object.keys(request.individus)).toEqual(["demandeur", "parent1", "parent2"]);
    expect(request.familles._).toMatchObject({ parents: ["demandeur"], enfants: [] });
    expect(request.familles.parents).toEqual({ parents: ["parent1", "parent2"], enfants: [] });
    expect(request.menages._?.personne_de_reference).toEqual(["demandeur"]);
    expect(request.menages.parents).toEqual({
      personne_de_reference: ["parent1"],
      conjoint: ["parent2"],
      enfants: [],
    });
    expect(request.foyers_fiscaux).toEqual({
      _: {
        declarants: ["parent1", "parent2"],
        personnes_a_charge: ["demandeur"],
        rbg: { 2024: 24000 },
        nbptr: { 2024: 3 },
      },
    });
    expect(request.individus.parent1?.statut_marital).toEqual({ 2024: "marie" });
  });

  it("adds one parent when separated or single", () => {
    for (const situation of ["separes", "celibataire"]) {
      const { request } = requestFor([
        ...studentOfCouple.filter((x) => x.fieldName !== "_situation"),
        a("parents._situation", situation),
      ]);
      expect(request.foyers_fiscaux._?.declarants).toEqual(["parent1"]);
      expect(request.individus.parent2).toBeUndefined();
      // Nothing but the zero salary, allowance and pension of rule undeclared-incomes.
      expect(
        Object.keys(request.individus.parent1 ?? {}).filter(
          (key) => !NET_INCOME_VARIABLES.has(key),
        ),
      ).toEqual([]);
      expect(request.menages.parents).toEqual({ personne_de_reference: ["parent1"], enfants: [] });
    }
  });

  it("takes the reference tax income as taxable net income when the revenu brut global is unknown", () => {
    const situation = buildSituation(
      bundle,
      [
        ...student,
        a("parents._situation", "separes"),
        a("parents.rfr", 31000),
        a("parents.nbptr", 2),
      ],
      DATE,
    );
    expect(parentsTaxInputs(situation)).toEqual({
      rfr: { 2024: 31000 },
      nbptr: { 2024: 2 },
      rni: { 2024: 31000 },
    });
  });

  it("attaches the applicant's children to the parents' return; the partner files alone", () => {
    const { request } = requestFor([
      ...studentOfCouple,
      a("famille.en_couple", true),
      a("conjoint.date_naissance", "2004-01-01"),
      a("enfants.enfants", ["enfant_0"]),
      a("enfant_0.date_naissance", "2025-01-01"),
    ]);
    expect(request.foyers_fiscaux._?.personnes_a_charge).toEqual(["demandeur", "enfant_0"]);
    expect(request.foyers_fiscaux.conjoint).toEqual({
      declarants: ["conjoint"],
      personnes_a_charge: [],
    });
    expect(request.familles._?.parents).toEqual(["demandeur", "conjoint"]);
  });

  it("leaves an independent applicant as declarant of their own return", () => {
    const { request } = requestFor([...student, a("parents._situation", "decedes")]);
    expect(request.foyers_fiscaux).toEqual({
      _: { declarants: ["demandeur"], personnes_a_charge: [] },
    });
    expect(request.individus.parent1).toBeUndefined();
  });
});
