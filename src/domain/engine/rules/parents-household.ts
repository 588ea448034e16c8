/**
 * Rule "benefits paid to the parents for the young person" (docs/adr/0012): the bourse de lycée,
 * the bourse de collège and the allocation de rentrée scolaire of a dependent applicant are paid
 * to their parents, on the parents' household: their reference income, their children. Computed
 * on the applicant's own famille, where the applicant is a parent without children, they are
 * never found.
 *
 * So, when the parents' household is in the request (rule "dependent young person"), such a
 * benefit (`paidTo: parents` in the schema) is asked and the applicant may be the pupil it is for
 * (at collège or lycée, or 18 at most), the parents' famille and ménage (`parents`)
 * get their children: the applicant, as a second individual (`jeune`: an individual belongs to one
 * famille only, and the applicant is the parent of their own), with the answers that make a
 * pupil (birth date, schooling, school status, activity, disability), and the brothers and
 * sisters the parents have in their charge (`fratrie_1`…), from the students' question of how
 * many children the parents have in their charge, the applicant included; without that answer,
 * the applicant alone. Their ages are not asked: the engine counts them as children of the
 * famille (the bourses' ceilings rise with the number of children) but, of unknown age, not as
 * children of an age to be in the parents' charge for the family benefits (the allocation de
 * rentrée scolaire's ceiling counts only the applicant), which may understate it, never overstate.
 * Each of them files no return of their own in fact; they are sent as declarants of an empty
 * foyer fiscal so that the parents' return keeps its declared shares and income.
 *
 * The family benefits' resources (`prestations_familiales_base_ressources`, CSS R532-3: the net
 * categorical incomes of N-2) are those of the parents' return: its revenu brut global when the
 * student's question gave it, else its reference income. The synthetic parents have no incomes of
 * their own, and the engine would otherwise find 0.
 */
import { ageAt, valueDates } from "../../dates";
import type { FieldName } from "../../schema-names";
import type { Benefit } from "../../bundle";
import type { Situation } from "../../types";
import { PARENTS_ID, type EngineEntity, type EngineRequest } from "../types";
import { parentsTaxInputs } from "./dependent-parents";
import type { HouseholdMembers } from "./members";

/** The applicant as their parents' child. */
export const PARENTS_CHILD_ID = "jeune";
const SIBLING_PREFIX = "fratrie_";

/** The answers that make the applicant a pupil in the parents' famille. */
const PUPIL_VARIABLES = [
  "date_naissance",
  "scolarite",
  "annee_etude",
  "statuts_etablissement_scolaire",
  "activite",
  "handicap",
  "taux_incapacite",
] as const;

/** The students' question: the parents' dependent children, the applicant included. */
const CHILDREN_OF_PARENTS = "bourse_criteres_sociaux_nombre_enfants_a_charge" satisfies FieldName;

/** Most children the answer allows (the question's maximum). */
const MAX_CHILDREN = 20;

/** Above this age (whole years at the value date) the ARS is no longer paid (CSS R543-2). */
const MAX_PUPIL_AGE = 18;

/**
 * Whether the applicant can be the pupil those benefits are for: at collège or lycée (the
 * bourses), or 18 at most (the ARS). Older students are not: their parents' famille is left
 * without children, and the engine does not compute them twice.
 */
export function mayBeParentsPupil(situation: Situation): boolean {
  const { scolarite, date_naissance: birth } = situation.demandeur;
  if (scolarite === "college" || scolarite === "lycee") return true;
  const age = typeof birth === "string" ? ageAt(birth, situation.dateDeValeur) : null;
  return age !== null && age <= MAX_PUPIL_AGE;
}

/** The number of the parents' dependent children, the applicant included (1 when not asked). */
export function childrenOfParents(situation: Situation): number {
  const answer = situation.famille[CHILDREN_OF_PARENTS];
  if (typeof answer !== "number" || !Number.isInteger(answer) || answer < 1) return 1;
  return Math.min(answer, MAX_CHILDREN);
}

/** Adds the applicant and their brothers and sisters as the parents' children; no-op otherwise. */
export function addParentsChildren(
  request: EngineRequest,
  situation: Situation,
  members: HouseholdMembers,
  benefits: readonly Benefit[],
): void {
  const famille = request.familles[PARENTS_ID];
  const menage = request.menages[PARENTS_ID];
  if (!famille || !menage) return;
  if (!benefits.some((benefit) => benefit.paidTo?.who === "parents")) return;
  if (!mayBeParentsPupil(situation)) return;

  const applicant = request.individus[members.demandeur.id] ?? {};
  const jeune: EngineEntity = {};
  for (const variable of PUPIL_VARIABLES) {
    const values = applicant[variable];
    if (values !== undefined && !Array.isArray(values)) jeune[variable] = { ...values };
  }
  const siblings = Array.from(
    { length: childrenOfParents(situation) - 1 },
    (_, i) => `${SIBLING_PREFIX}${i + 1}`,
  );
  const children = [PARENTS_CHILD_ID, ...siblings];
  request.individus[PARENTS_CHILD_ID] = jeune;
  for (const id of siblings) request.individus[id] = {};
  famille.enfants = children;
  menage.enfants = children;
  for (const id of children)
    request.foyers_fiscaux[id] = { declarants: [id], personnes_a_charge: [] };

  const base = familyBenefitResources(situation);
  if (base !== undefined) {
    const { thisYear } = valueDates(situation.dateDeValeur);
    // The allocation de rentrée scolaire reads them at January of its year.
    famille.prestations_familiales_base_ressources = { [`${thisYear}-01`]: base };
  }
}

/** The parents' revenu brut global, else reference income, of N-2 (their return's inputs). */
export function familyBenefitResources(situation: Situation): number | undefined {
  const { fiscalYear } = valueDates(situation.dateDeValeur);
  const inputs = parentsTaxInputs(situation);
  const value = inputs.rbg?.[fiscalYear] ?? inputs.rfr?.[fiscalYear];
  return typeof value === "number" ? value : undefined;
}
