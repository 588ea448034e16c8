import { describe, expect, it } from "vitest";
import {
  buildEngineRequest,
  buildSituation,
  confirmChildren,
  localFieldKeys,
  parseSimulationInput,
  splitLocalAnswers,
  type Answer,
  type Bundle,
} from "../../../src/domain";
import { a, bundle, DATE, student } from "./fixtures";

const partner = [
  a("famille.en_couple", true),
  a("conjoint.date_naissance", "2004-01-01"),
  a("conjoint.activite", "salarie"),
  a("conjoint.statut_marital", "pacse"),
];
const children = [
  a("enfants.enfants", ["enfant_0", "enfant_1"]),
  a("enfant_0.date_naissance", "2020-01-01"),
  a("enfant_1.date_naissance", "2023-06-01"),
];

describe("couple (docs/product.md §4)", () => {
  it("mirrors the partner's marital status onto the applicant", () => {
    const situation = buildSituation(bundle, [...student, ...partner], DATE);
    expect(situation.conjoint?.statut_marital).toBe("pacse");
    expect(situation.demandeur.statut_marital).toBe("pacse");
  });

  it("makes a single applicant celibataire and drops any partner", () => {
    const answers = [...student, ...partner.slice(1), a("famille.en_couple", false)];
    const situation = buildSituation(bundle, answers, DATE);
    expect(situation.demandeur.statut_marital).toBe("celibataire");
    expect(situation.conjoint).toBeUndefined();
  });

  it("takes the single applicant's status from the schema's derived table, for the applicant only", () => {
    const edited: Bundle = {
      ...bundle,
      derived: bundle.derived.map((rule) =>
        rule.attribute === "statut_marital"
          ? { ...rule, map: { ...rule.map, false: "marie" } }
          : rule,
      ),
    };
    const answers = [...student, a("famille.en_couple", false), ...children.slice(0, 2)];
    const situation = buildSituation(edited, answers, DATE);
    expect(situation.demandeur.statut_marital).toBe("marie");
    expect(situation.enfants[0]?.statut_marital).toBeUndefined();
    expect(buildSituation(bundle, answers, DATE).enfants[0]?.statut_marital).toBeUndefined();
    expect(
      buildSituation(edited, [...student, a("famille.en_couple", true)], DATE).demandeur
        .statut_marital,
    ).toBeUndefined();
  });
});

describe("engine request of a family", () => {
  const answers: Answer[] = [
    ...student,
    ...partner,
    ...children,
    a("famille.rsa_isolement_recent", false),
    a("demandeur.ressources", ["af", "salaire_net"]),
    a("demandeur.af", { "2026-10": 100, "2026-11": 100 }),
    a("demandeur.salaire_net", { "2026-10": 500 }),
    a("conjoint.ressources", ["af"]),
    a("conjoint.af", { "2026-10": 40 }),
  ];
  const { request } = buildEngineRequest(bundle, buildSituation(bundle, answers, DATE));

  it("puts the partner among the parents, the declarants and the household's partner", () => {
    expect(request.familles._?.parents).toEqual(["demandeur", "conjoint"]);
    expect(request.familles._?.enfants).toEqual(["enfant_0", "enfant_1"]);
    expect(request.foyers_fiscaux._?.declarants).toEqual(["demandeur", "conjoint"]);
    expect(request.foyers_fiscaux._?.personnes_a_charge).toEqual(["enfant_0", "enfant_1"]);
    expect(request.menages._?.personne_de_reference).toEqual(["demandeur"]);
    expect(request.menages._?.conjoint).toEqual(["conjoint"]);
    expect(request.menages._?.enfants).toEqual(["enfant_0", "enfant_1"]);
    expect(request.individus.conjoint?.statut_marital).toMatchObject({ "2026-11": "pacse" });
    expect(request.individus.enfant_1?.date_naissance).toEqual({ ETERNITY: "2023-06-01" });
  });

  it("sums the members' family-level incomes into the famille", () => {
    expect(request.familles._?.af).toMatchObject({ "2026-10": 140, "2026-11": 100 });
    expect(request.individus.demandeur?.af).toBeUndefined();
    expect(request.individus.demandeur?.salaire_net).toMatchObject({ "2026-10": 500 });
  });

  it("sends the recent isolation and never the couple answer itself", () => {
    const single = buildEngineRequest(
      bundle,
      buildSituation(
        bundle,
        [
          ...student,
          ...children,
          a("famille.en_couple", false),
          a("famille.rsa_isolement_recent", true),
        ],
        DATE,
      ),
    ).request;
    expect(single.familles._?.rsa_isolement_recent).toMatchObject({ "2026-11": true });
    expect(single.familles._?.parents).toEqual(["demandeur"]);
    expect(single.menages._?.conjoint).toBeUndefined();
    expect(single.familles._?.en_couple).toBeUndefined();
  });

  it("sends the projects the engine knows at their own periods", () => {
    const projects = [
      ...student,
      a("demandeur.sortie_region_academique", true),
      a("demandeur.boursier", true),
      a("demandeur._interetBafa", true),
    ];
    const demandeur = buildEngineRequest(bundle, buildSituation(bundle, projects, DATE)).request
      .individus.demandeur;
    expect(demandeur?.sortie_region_academique).toEqual({ ETERNITY: true });
    expect(demandeur?.boursier).toEqual({ "2026-11": true });
    expect(demandeur?._interetBafa).toBeUndefined();
  });
});

describe("contact details (storage: local)", () => {
  const contact = [
    a("demandeur.prenom", "Camille"),
    a("demandeur.nom", "Martin"),
    a("demandeur.email", "camille@example.fr"),
    a("demandeur.telephone", "0612345678"),
  ];

  it("are the four fields kept in the browser", () => {
    expect([...localFieldKeys(bundle)].sort()).toEqual(
      ["individu.email", "individu.nom", "individu.prenom", "individu.telephone"].sort(),
    );
    const { shared, local } = splitLocalAnswers(bundle, [...student, ...contact]);
    expect(local).toEqual(contact);
    expect(shared).toEqual(student);
  });

  it("are refused by the server", () => {
    const all = [...student, ...contact];
    const result = parseSimulationInput(bundle, {
      answers: { all, current: [] },
      dateDeValeur: DATE,
    });
    expect(result.ok).toBe(false);
    const paths = !result.ok ? result.errors.map((e) => e.path) : [];
    expect(paths).toEqual(contact.map((_, i) => `answers.all[${student.length + i}].fieldName`));
    expect(!result.ok && result.errors[0]?.message).toBe(
      "individu.prenom reste dans le navigateur du visiteur : il ne doit jamais être envoyé",
    );
  });

  it("leave every other new answer acceptable", () => {
    const answers = [
      ...confirmChildren(student),
      ...partner,
      ...children,
      a("enfant_0._firstName", "Léa"),
      a("enfant_0._hasRessources", false),
      a("demandeur.ressources", ["rpns_autres_revenus"]),
      a("demandeur.rpns_autres_revenus", { "2025": 12000 }),
      a("demandeur.tns_autres_revenus_type_activite", "bnc"),
      a("demandeur._interetsAidesVelo", ["velo_electrique"]),
      a("demandeur._dureeMoisEtudesEtranger", 6),
      a("famille.bourse_lycee", false),
    ];
    const result = parseSimulationInput(bundle, {
      answers: { all: answers, current: answers },
      dateDeValeur: DATE,
    });
    expect(result.ok ? [] : result.errors).toEqual([]);
  });
});
