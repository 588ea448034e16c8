/**
 * Rule "stable answers over the last 3 months": the answers describe the visitor now, but the
 * engine computes some benefits from the months before. The prime d'activité of month M is the
 * average of a fictitious prime computed for M-3, M-2 and M-1 (`ppa_fictive` over
 * `period.last_3_months`), each with that month's eligibility, household, housing flat-rate and
 * resources; the RSA neutralises resources that stopped between M-1 and M; the youth engagement
 * contract reads the RSA and prime d'activité of the last 3 months. An answer sent at M only would
 * read as its default (not a student, no rent, commune unknown…) for those months.
 *
 * The answers listed in `STABLE_OVER_LAST_3_MONTHS` are taken to hold over the last 3 months and
 * copied from M to M-1, M-2 and M-3. Every other answer mapped at a month is listed in
 * `CURRENT_MONTH_ONLY` with why: a unit test checks that each month-mapped variable of the schema
 * is in one of the two lists, so a new question is classified on purpose. Monthly amounts are not
 * concerned: they are declared month by month.
 */
import { valueDates } from "../../dates";
import { periodsOf, previousMonths, setIfAbsent } from "../periods";
import type { EngineEntity, EngineRequest } from "../types";

/** How many months before the value date's month the stable answers are copied to. */
export const LOOKBACK_MONTHS = 3;

/** Engine variables whose value at the value date's month is also sent for the 3 months before. */
export const STABLE_OVER_LAST_3_MONTHS: readonly string[] = [
  // individu: who the person is and what they do
  "nationalite",
  "statut_marital",
  "activite",
  "scolarite",
  "annee_etude",
  "statuts_etablissement_scolaire",
  "stagiaire",
  "alternant",
  "groupe_specialites_formation",
  "service_civique",
  "date_debut_chomage",
  "contrat_de_travail_debut",
  "peec_employeur",
  "ass_precondition_remplie",
  "inapte_travail",
  "handicap",
  "taux_incapacite",
  "aah_restriction_substantielle_durable_acces_emploi",
  "garde_alternee",
  "enfant_place",
  "enceinte",
  "rsa_jeune_condition_heures_travail_remplie",
  "gir",
  "regime_securite_sociale",
  "habite_chez_parents",
  // famille
  "rsa_isolement_recent",
  "proprietaire_proche_famille",
  "parisien",
  // ménage: the dwelling
  "depcom",
  "statut_occupation_logement",
  "loyer",
  "charges_locatives",
  "coloc",
  "logement_chambre",
  "logement_crous",
  "etat_logement_foyer",
  "participation_frais",
  "date_entree_logement",
];

/** Month-mapped variables sent at the value date's month only, and why. */
export const CURRENT_MONTH_ONLY: Readonly<Record<string, string>> = {
  bourse_criteres_sociaux_base_ressources_parentale:
    "the grant on social criteria is computed for the current month only",
  bourse_criteres_sociaux_nombre_enfants_a_charge:
    "the grant on social criteria is computed for the current month only",
  bourse_criteres_sociaux_nombre_enfants_a_charge_dans_enseignement_superieur:
    "the grant on social criteria is computed for the current month only",
  bourse_criteres_sociaux_distance_domicile_familial:
    "the grant on social criteria is computed for the current month only",
  boursier: "the student's grant this academic year, read by mobility aids of the current month",
  tns_autres_revenus_type_activite:
    "describes a self-employed income declared for a calendar year, not the recent months",
};

/** Copies each stable answer of every entity from the value date's month to the 3 months before. */
export function copyStableAnswers(request: EngineRequest, dateDeValeur: string): void {
  const { thisMonth } = valueDates(dateDeValeur);
  const months = previousMonths(dateDeValeur, LOOKBACK_MONTHS);
  const groups: Record<string, EngineEntity>[] = Object.values(request);
  for (const group of groups) {
    for (const entity of Object.values(group)) {
      for (const variable of STABLE_OVER_LAST_3_MONTHS) {
        const periods = periodsOf(entity, variable);
        if (!periods || !(thisMonth in periods)) continue;
        for (const month of months) setIfAbsent(entity, variable, month, periods[thisMonth]);
      }
    }
  }
}
