import { describe, expect, it } from "vitest";
import { applicantInterested, buildSituation, type Bundle } from "../../../src/domain";
import { a, bundle, DATE, student } from "./fixtures";

const menageAnswers = (menage: Record<string, string | boolean>) =>
  Object.entries(menage).map(([name, value]) => a(`menage.${name}`, value));

describe("occupation status, from the schema's derived table", () => {
  it.each([
    [{ _logementType: "proprietaire", _primoAccedant: true }, "primo_accedant"],
    [{ _logementType: "proprietaire", _primoAccedant: false }, "proprietaire"],
    [{ _logementType: "proprietaire" }, "proprietaire"],
    [{ _logementType: "locataire", _locationType: "vide" }, "locataire_vide"],
    [{ _logementType: "locataire", _locationType: "meuble" }, "locataire_meuble"],
    [{ _logementType: "locataire", _locationType: "foyer" }, "locataire_foyer"],
    [{ _logementType: "locataire" }, "locataire_vide"],
    [{ _logementType: "heberge" }, "loge_gratuitement"],
    [{ _logementType: "sansDomicile" }, "sans_domicile"],
    [{}, undefined],
  ])("%o gives %s", (menage, expected) => {
    const situation = buildSituation(bundle, menageAnswers(menage), DATE);
    expect(situation.menage.statut_occupation_logement).toBe(expected);
  });

  it("reads the table from the bundle, not from code", () => {
    const edited: Bundle = {
      ...bundle,
      derived: bundle.derived.map((rule) =>
        rule.attribute === "statut_occupation_logement"
          ? { ...rule, map: { ...rule.map, heberge: "sans_domicile" } }
          : rule,
      ),
    };
    const situation = buildSituation(edited, menageAnswers({ _logementType: "heberge" }), DATE);
    expect(situation.menage.statut_occupation_logement).toBe("sans_domicile");
  });
});

describe("health and social training, from the schema's derived tables", () => {
  const training = (specialty: string) => [a("demandeur.groupe_specialites_formation", specialty)];
  const withSpecialty = (specialty: string): Bundle => ({
    ...bundle,
    derived: bundle.derived.map((rule) =>
      rule.entity === "individu" && rule.from === "groupe_specialites_formation"
        ? { ...rule, map: { [specialty]: true } }
        : rule,
    ),
  });

  it("sets the training flag and the interest for the schema's specialty only", () => {
    const situation = buildSituation(bundle, training("groupe_330"), DATE);
    expect(situation.demandeur._formationSanitaireSociale).toBe(true);
    expect(situation.demandeur._interetAidesSanitaireSocial).toBe(true);
    expect(
      applicantInterested(bundle, training("groupe_330"), "_interetAidesSanitaireSocial"),
    ).toBe(true);
    const other = buildSituation(bundle, training("groupe_230"), DATE);
    expect(other.demandeur._formationSanitaireSociale).toBeUndefined();
    expect(
      applicantInterested(bundle, training("groupe_230"), "_interetAidesSanitaireSocial"),
    ).toBe(false);
  });

  it("follows an edited table", () => {
    const edited = withSpecialty("groupe_230");
    expect(
      buildSituation(edited, training("groupe_230"), DATE).demandeur._interetAidesSanitaireSocial,
    ).toBe(true);
    expect(
      applicantInterested(edited, training("groupe_230"), "_interetAidesSanitaireSocial"),
    ).toBe(true);
    expect(
      applicantInterested(edited, training("groupe_330"), "_interetAidesSanitaireSocial"),
    ).toBe(false);
  });

  it("keeps an interest answered yes when the table gives no value", () => {
    const answers = [...training("aucun"), a("demandeur._interetAidesSanitaireSocial", true)];
    expect(applicantInterested(bundle, answers, "_interetAidesSanitaireSocial")).toBe(true);
  });
});

describe("buildSituation", () => {
  it("stores the dependent-child answer for the current year", () => {
    const situation = buildSituation(bundle, student, DATE);
    expect(situation.demandeur.enfant_a_charge).toEqual({ 2026: true });
    expect(situation.demandeur._role).toBe("demandeur");
  });

  it("derives the housing status and the housing-aid loan date default", () => {
    const situation = buildSituation(
      bundle,
      [a("menage._logementType", "locataire"), a("menage._locationType", "meuble")],
      DATE,
    );
    expect(situation.menage.statut_occupation_logement).toBe("locataire_meuble");
    expect(situation.menage.aide_logement_date_pret_conventionne).toBe("2018-12-31");
  });

  it("takes the housing-aid loan date from the schema's constant, not from code", () => {
    const edited: Bundle = {
      ...bundle,
      derived: bundle.derived.map((rule) =>
        rule.attribute === "aide_logement_date_pret_conventionne"
          ? { ...rule, value: "2015-06-30" }
          : rule,
      ),
    };
    expect(buildSituation(edited, [], DATE).menage.aide_logement_date_pret_conventionne).toBe(
      "2015-06-30",
    );
  });

  it("sets the health-social interest from the training specialty", () => {
    const situation = buildSituation(
      bundle,
      [a("demandeur.groupe_specialites_formation", "groupe_330")],
      DATE,
    );
    expect(situation.demandeur._interetAidesSanitaireSocial).toBe(true);
  });

  it("gives each selected income type its amounts, empty until entered, and drops unselected ones", () => {
    const situation = buildSituation(
      bundle,
      [
        a("demandeur.ressources", ["salaire_net", "chomage_net"]),
        a("demandeur.salaire_net", { "2026-10": 900 }),
        a("demandeur.indemnites_stage", { "2026-10": 600 }),
      ],
      DATE,
    );
    expect(situation.demandeur.salaire_net).toEqual({ "2026-10": 900 });
    expect(situation.demandeur.chomage_net).toEqual({});
    expect(situation.demandeur.indemnites_stage).toBeUndefined();
  });

  it("keeps the schema version as fourth positional argument", () => {
    expect(buildSituation(bundle, student, DATE, "v7").version).toBe("v7");
    expect(buildSituation(bundle, student, DATE).version).toBeUndefined();
  });

  it("attaches the declared taxable incomes and wealth given as options, not empty ones", () => {
    const situation = buildSituation(bundle, student, DATE, {
      version: "v7",
      ressourcesFiscales: { demandeur: { salaire_imposable: 12000 } },
      patrimoine: { livret_a: 3000 },
    });
    expect(situation.version).toBe("v7");
    expect(situation.ressourcesFiscales).toEqual({ demandeur: { salaire_imposable: 12000 } });
    expect(situation.patrimoine).toEqual({ livret_a: 3000 });
    const empty = buildSituation(bundle, student, DATE, {
      ressourcesFiscales: { demandeur: {} },
      patrimoine: {},
    });
    expect(empty.ressourcesFiscales).toBeUndefined();
    expect(empty.patrimoine).toBeUndefined();
  });
});
