/**
 * Issue 16 §4, inputs we guess (`guesses:` in schema/journey.yaml): which guesses are made for a
 * situation, and what becomes of the condition-based aids whose eligibility flips on them, with the
 * real schema and catalogue. The engine facts are given by hand (the Caen case: the reference tax
 * income the engine derives from 1,101.42 € net a month, 12,323.74 € for 1 share, i.e. a family
 * quotient of 1,026.98 € a month; tests/integration/guessed-inputs.test.ts runs it on the engine).
 */
import { describe, expect, it } from "vitest";
import catalogueJson from "../../../src/generated/catalogue.json";
import {
  aidVerdict,
  buildSituation,
  eligibilityFacts,
  eligibleAids,
  explainBenefit,
  guessedInputs,
  type Answer,
  type Catalogue,
  type EngineFacts,
  type RessourcesFiscales,
} from "../../../src/domain";
import { a, bornYearsAgo, bundle, DATE } from "./fixtures";

const catalogue = catalogueJson as unknown as Catalogue;

const caen = {
  code_insee: "14118",
  code_postal: "14000",
  nom: "Caen",
  departement: "14",
  region: "28",
  epci: "200065597",
};

const employeeInCaen: Answer[] = [
  a("demandeur.date_naissance", bornYearsAgo(45)),
  a("demandeur.activite", "salarie"),
  a("demandeur.handicap", true),
  a("demandeur._interetBafa", true),
  a("menage._logementType", "locataire"),
  a("menage._locationType", "vide"),
  a("menage.depcom", caen),
];

const CAEN_GUESSED: EngineFacts = { rfr: 12_323.74, nbptr: 1 };
const BAFA = "caf_calvados_aide_bafa_generale";
const BAFD = "caf_calvados_bafd";

function setup(answers: Answer[], engine: EngineFacts, ressourcesFiscales?: RessourcesFiscales) {
  const situation = buildSituation(bundle, answers, DATE, {
    ...(ressourcesFiscales ? { ressourcesFiscales } : {}),
  });
  const facts = eligibilityFacts(bundle, catalogue, answers, situation, engine, {
    dateDeValeur: DATE,
  });
  return { situation, facts, droits: eligibleAids(bundle, catalogue, facts) };
}

const aid = (id: string) => catalogue.aids.find((candidate) => candidate.id === id)!;

describe("the guesses made for a situation", () => {
  it("guesses the N-2 income of an applicant who declared none, and the scheme above 25", () => {
    const { situation } = setup(employeeInCaen, CAEN_GUESSED);
    expect(guessedInputs(bundle, situation)).toEqual([
      "revenus_fiscaux_n2",
      "regime_securite_sociale",
      "prestations_passees",
    ]);
  });

  it("does not guess what was declared or answered", () => {
    const answered = [...employeeInCaen, a("demandeur.regime_securite_sociale", "regime_general")];
    const { situation } = setup(answered, CAEN_GUESSED, { demandeur: { salaire_imposable: 0 } });
    expect(guessedInputs(bundle, situation)).toEqual(["prestations_passees"]);
  });

  it("guesses the N-2 income of a couple when one partner declared none", () => {
    const couple = [
      ...employeeInCaen,
      a("famille.en_couple", true),
      a("conjoint.statut_marital", "marie"),
    ];
    const { situation } = setup(couple, CAEN_GUESSED, { demandeur: { salaire_imposable: 9000 } });
    expect(situation.conjoint).toBeDefined();
    expect(guessedInputs(bundle, situation)).toContain("revenus_fiscaux_n2");
  });

  it("does not guess from a partner in union libre, who files their own return (CGI art. 6)", () => {
    const couple = [
      ...employeeInCaen,
      a("famille.en_couple", true),
      a("conjoint.statut_marital", "celibataire"),
    ];
    const { situation } = setup(couple, CAEN_GUESSED, { demandeur: { salaire_imposable: 9000 } });
    expect(guessedInputs(bundle, situation)).not.toContain("revenus_fiscaux_n2");
  });

  it("does not guess the N-2 income of a dependant, whose parents' figures are asked", () => {
    const dependant = [
      ...employeeInCaen.filter((answer) => answer.fieldName !== "date_naissance"),
      a("demandeur.date_naissance", bornYearsAgo(20)),
      a("demandeur.enfant_a_charge", true),
      a("parents._situation", "en_couple"),
      a("parents.rfr", 30_000),
      a("parents.nbptr", 3),
    ];
    const { situation } = setup(dependant, { rfr: 30_000, nbptr: 3 });
    expect(guessedInputs(bundle, situation)).not.toContain("revenus_fiscaux_n2");
  });
});

describe("aids whose eligibility flips on a guess", () => {
  it("shows the Calvados BAFA/BAFD aids as possible when the estimated quotient excludes them", () => {
    const { droits } = setup(employeeInCaen, CAEN_GUESSED);
    for (const id of [BAFA, "caf_calvados_aide_bafa_approfondissement", BAFD]) {
      const droit = droits.find((candidate) => candidate.id === id);
      expect(droit?.status, id).toMatchObject({
        kind: "possible",
        label: "Possible, selon votre quotient familial CAF",
      });
      expect(droit?.status?.links.map((link) => link.url)).toContain(
        "/simulation/ressources/fiscales",
      );
    }
    const bafd = droits.find((droit) => droit.id === BAFD)!;
    // The quotient excludes it; the scheme assumed grants it: only the quotient is at stake.
    expect(bafd.status?.conditions).toEqual([
      "Avoir un quotient familial (revenu fiscal de référence du foyer divisé par son nombre de parts) inférieur ou égal à 1\u00a0000\u00a0€ par mois. D’après notre estimation, le vôtre est de 1\u00a0026,98\u00a0€ par mois.",
    ]);
  });

  it("grants them, the quotient and the assumed scheme to check, when the estimate grants them", () => {
    const { droits } = setup(employeeInCaen, { rfr: 6_000, nbptr: 1 });
    const bafd = droits.find((droit) => droit.id === BAFD)!;
    expect(bafd.status).toBeUndefined();
    expect(bafd.toCheck).toEqual([
      expect.stringMatching(
        /^Avoir un quotient familial .* le vôtre est de 500\u00a0€ par mois\. Nous avons estimé les revenus déclarés par votre foyer il y a deux ans d’après vos revenus des 12 derniers mois\.$/,
      ),
      "Être affilié ou affiliée au régime général. Nous avons supposé\u00a0: régime général. Nous ne vous l’avons pas demandé.",
    ]);
  });

  it("decides for sure from declared incomes: granted below the ceiling, absent above", () => {
    const answered = [...employeeInCaen, a("demandeur.regime_securite_sociale", "regime_general")];
    const declared = { demandeur: { salaire_imposable: 10_000 } };
    const low = setup(answered, { rfr: 9_000, nbptr: 1 }, declared).droits;
    expect(low.find((droit) => droit.id === BAFD)).toMatchObject({ montant: 200 });
    expect(low.find((droit) => droit.id === BAFD)?.status).toBeUndefined();
    expect(low.find((droit) => droit.id === BAFD)?.toCheck).toBeUndefined();
    const high = setup(answered, CAEN_GUESSED, declared).droits;
    expect(high.map((droit) => droit.id)).not.toContain(BAFD);
  });

  it("never makes possible an aid a guess cannot make eligible", () => {
    // Haute-Savoie's BAFA aid reads the quotient too, but the visitor lives in Caen.
    const { facts, droits } = setup(employeeInCaen, CAEN_GUESSED);
    expect(droits.map((droit) => droit.id)).not.toContain("aide_bafa_generale_caf_haute_savoie");
    expect(aidVerdict(aid("aide_bafa_generale_caf_haute_savoie"), facts, bundle.guesses)).toEqual({
      holds: false,
      dependsOn: [],
    });
  });

  it("changes nothing without the schema's guesses", () => {
    const { facts } = setup(employeeInCaen, CAEN_GUESSED);
    const droits = eligibleAids({ ...bundle, guesses: [] }, catalogue, facts);
    expect(droits.map((droit) => droit.id)).not.toContain(BAFA);
  });

  it("tells the why-not explanation that a possible aid is possible", () => {
    const { facts, droits } = setup(employeeInCaen, CAEN_GUESSED);
    expect(explainBenefit(bundle, catalogue, facts, droits, BAFA)).toMatchObject({
      eligible: false,
      possible: true,
      reason: expect.stringContaining("1\u00a0026,98"),
    });
  });
});
