import bundleJson from "../../../src/generated/bundle.json";
import type { Answer, AnswerValue, Bundle } from "../../../src/domain";

export const bundle = bundleJson as unknown as Bundle;
export const DATE = "2026-11-22";

type Key = [Answer["entityName"], string, string];

export function answer([entityName, id, fieldName]: Key, value: AnswerValue): Answer {
  return { entityName, id, fieldName, value };
}

/** Shorthand: `a("demandeur.activite", "etudiant")`, `a("menage.loyer", 450)`. */
export function a(key: string, value: AnswerValue): Answer {
  const [owner, fieldName] = key.split(/\.(.*)/s) as [string, string];
  const household = ["menage", "famille", "parents", "enfants"].includes(owner);
  return answer(
    [household ? (owner as Answer["entityName"]) : "individu", owner, fieldName],
    value,
  );
}

/** A birth date giving exactly `years` years on DATE, `dayOffset` days later (positive: younger). */
export function bornYearsAgo(years: number, dayOffset = 0): string {
  const date = new Date(Date.UTC(2026 - years, 10, 22 + dayOffset));
  return date.toISOString().slice(0, 10);
}

export const student: Answer[] = [
  a("demandeur.date_naissance", "2006-03-15"),
  a("demandeur.nationalite", "fr"),
  a("demandeur.activite", "etudiant"),
  a("demandeur.scolarite", "enseignement_superieur"),
  a("demandeur.annee_etude", "licence_2"),
  a("demandeur.statuts_etablissement_scolaire", "public"),
  a("demandeur.mention_baccalaureat", "non_renseignee"),
  a("demandeur.stagiaire", false),
  a("demandeur.alternant", false),
  a("demandeur.groupe_specialites_formation", "aucun"),
  a("demandeur._restaurantUniversitaireProche", "oui"),
  a("demandeur.service_civique", false),
  a("demandeur.handicap", false),
  a("demandeur.enfant_a_charge", true),
  a("demandeur.regime_securite_sociale", "regime_general"),
  a("demandeur.enceinte", false),
];
