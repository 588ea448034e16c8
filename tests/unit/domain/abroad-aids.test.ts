/**
 * Aids for a stay abroad are offered to those who plan one: the catalogue's aids whose label or
 * description speaks of going abroad carry the interest flag `_interetEtudesEtranger`, so that a
 * student who answered "Non" to "Prévoyez-vous de partir étudier à l’étranger ?" is not offered
 * them (docs/schema-format.md, "interestFlag": it holds on a yes only).
 */
import { describe, expect, it } from "vitest";
import catalogueJson from "../../../src/generated/catalogue.json";
import {
  buildSituation,
  eligibilityFacts,
  eligibilityHolds,
  type Answer,
  type Catalogue,
} from "../../../src/domain";
import { a, bornYearsAgo, bundle, DATE } from "./fixtures";

const catalogue = catalogueJson as unknown as Catalogue;
const ABROAD = /(?:à|a) l['’]étranger/i;

/**
 * B-Monde (Région Bretagne) is for lycéens and trainees too, who are never asked the question:
 * the flag would take it from them (an unasked flag does not hold). Until the question is asked
 * of them, it is shown whatever a student answered.
 */
const OPEN_TO_THE_UNASKED = ["bretagne_b_monde_individuel"];

const vannesStudent: Answer[] = [
  a("demandeur.date_naissance", bornYearsAgo(20)),
  a("demandeur.activite", "etudiant"),
  a("demandeur.scolarite", "enseignement_superieur"),
  a("demandeur.statuts_etablissement_scolaire", "public"),
  a("demandeur.annee_etude", "licence_2"),
  a("demandeur.alternant", false),
  a("menage.depcom", {
    code_insee: "56260",
    code_postal: "56000",
    nom: "Vannes",
    departement: "56",
    region: "53",
    epci: "200067932",
  }),
];

function holds(id: string, answers: Answer[]): boolean {
  const aid = catalogue.aids.find((candidate) => candidate.id === id);
  if (!aid) throw new Error(`${id} is not in the catalogue`);
  const situation = buildSituation(bundle, answers, DATE);
  const facts = eligibilityFacts(bundle, catalogue, answers, situation, {}, { dateDeValeur: DATE });
  return eligibilityHolds(aid.eligibility, facts);
}

describe("aids for a stay abroad", () => {
  it("carry the interest flag of studies abroad", () => {
    const abroad = catalogue.aids.filter((aid) => ABROAD.test(`${aid.label} ${aid.description}`));
    expect(abroad.length).toBeGreaterThanOrEqual(20);
    expect(
      abroad
        .filter((aid) => aid.interestFlag !== "_interetEtudesEtranger")
        .map((aid) => aid.id)
        .filter((id) => !OPEN_TO_THE_UNASKED.includes(id)),
    ).toEqual([]);
  });

  it("Vannes: not for a student who plans no stay abroad, for one who does", () => {
    const id = "ville_de_vannes_aide_aux_sejours_a_l_etranger";
    expect(holds(id, [...vannesStudent, a("demandeur._interetEtudesEtranger", false)])).toBe(false);
    expect(holds(id, [...vannesStudent, a("demandeur._interetEtudesEtranger", true)])).toBe(true);
  });
});
