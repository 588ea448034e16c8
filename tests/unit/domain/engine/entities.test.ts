import { describe, expect, it } from "vitest";
import { householdEntities } from "../../../../src/domain/engine/rules/entities";
import { householdMembers } from "../../../../src/domain/engine/rules/members";
import { buildSituation } from "../../../../src/domain";
import { a, bundle, bornYearsAgo, DATE, student } from "../fixtures";

const child = (id: string, years: number) => [
  a(`${id}.date_naissance`, bornYearsAgo(years)),
  a(`${id}.handicap`, false),
];

describe("rule: entities and roles", () => {
  it("makes a young person living alone the parent, declarant and reference person of their own entities", () => {
    const members = householdMembers(buildSituation(bundle, student, DATE));
    expect(householdEntities(members, DATE)).toEqual({
      individus: { demandeur: {} },
      familles: { _: { parents: ["demandeur"], enfants: [] } },
      foyers_fiscaux: { _: { declarants: ["demandeur"], personnes_a_charge: [] } },
      menages: { _: { personne_de_reference: ["demandeur"], enfants: [] } },
    });
  });

  it("gives the partner and the children their role in each entity", () => {
    const answers = [
      ...student,
      a("famille.en_couple", true),
      a("conjoint.date_naissance", "2004-01-01"),
      a("conjoint.statut_marital", "marie"),
      a("enfants.enfants", ["enfant_0", "enfant_1"]),
      ...child("enfant_0", 3),
      ...child("enfant_1", 1),
    ];
    const entities = householdEntities(
      householdMembers(buildSituation(bundle, answers, DATE)),
      DATE,
    );
    expect(Object.keys(entities.individus)).toEqual([
      "demandeur",
      "conjoint",
      "enfant_0",
      "enfant_1",
    ]);
    expect(entities.familles._).toEqual({
      parents: ["demandeur", "conjoint"],
      enfants: ["enfant_0", "enfant_1"],
    });
    expect(entities.foyers_fiscaux._).toEqual({
      declarants: ["demandeur", "conjoint"],
      personnes_a_charge: ["enfant_0", "enfant_1"],
    });
    expect(entities.menages._).toEqual({
      personne_de_reference: ["demandeur"],
      conjoint: ["conjoint"],
      enfants: ["enfant_0", "enfant_1"],
    });
  });

  it("leaves a grown child answered not a dependant out of the parents' tax return: they file their own", () => {
    // A couple with two children, the older (25) not a tax dependant: 2.5 shares, not 3.
    const answers = [
      ...student,
      a("famille.en_couple", true),
      a("conjoint.date_naissance", "1975-01-01"),
      a("conjoint.statut_marital", "pacse"),
      a("enfants.enfants", ["enfant_0", "enfant_1"]),
      ...child("enfant_0", 25),
      a("enfant_0.enfant_a_charge", false),
      ...child("enfant_1", 15),
      a("enfant_1.enfant_a_charge", true),
    ];
    const entities = householdEntities(
      householdMembers(buildSituation(bundle, answers, DATE)),
      DATE,
    );
    expect(entities.foyers_fiscaux).toEqual({
      _: { declarants: ["demandeur", "conjoint"], personnes_a_charge: ["enfant_1"] },
      enfant_0: { declarants: ["enfant_0"], personnes_a_charge: [] },
    });
    // Still a child of the family and of the dwelling: the engine judges CAF dependency.
    expect(entities.familles._?.enfants).toEqual(["enfant_0", "enfant_1"]);
    expect(entities.menages._?.enfants).toEqual(["enfant_0", "enfant_1"]);
  });

  describe("tax households as CGI art. 6 makes them", () => {
    const couple = (status?: string) =>
      householdEntities(
        householdMembers(
          buildSituation(
            bundle,
            [
              ...student,
              a("famille.en_couple", true),
              a("conjoint.date_naissance", "2000-01-01"),
              ...(status ? [a("conjoint.statut_marital", status)] : []),
              a("enfants.enfants", ["enfant_0"]),
              ...child("enfant_0", 2),
            ],
            DATE,
          ),
        ),
        DATE,
      );

    it.each(["marie", "pacse"])("has a couple %s file one joint return", (status) => {
      expect(couple(status).foyers_fiscaux).toEqual({
        _: { declarants: ["demandeur", "conjoint"], personnes_a_charge: ["enfant_0"] },
      });
    });

    it("has partners in union libre each file their own return, the children on the applicant's", () => {
      const entities = couple("celibataire");
      expect(entities.foyers_fiscaux).toEqual({
        _: { declarants: ["demandeur"], personnes_a_charge: ["enfant_0"] },
        conjoint: { declarants: ["conjoint"], personnes_a_charge: [] },
      });
      // Still one family for the CAF and one dwelling.
      expect(entities.familles._?.parents).toEqual(["demandeur", "conjoint"]);
      expect(entities.menages._?.conjoint).toEqual(["conjoint"]);
    });

    it("has partners whose status is not answered yet file alone, the law's default", () => {
      expect(couple().foyers_fiscaux.conjoint).toEqual({
        declarants: ["conjoint"],
        personnes_a_charge: [],
      });
    });
  });
});
