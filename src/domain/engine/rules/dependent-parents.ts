/**
 * Rule "dependent young person": an applicant attached to their parents' tax return (the
 * dependent-child answer, for the current year) whose parents can be reached (their situation
 * answered, neither `decedes` nor `sans_autorite`) belongs to the parents' foyer fiscal, not to
 * one of their own. The engine reads that foyer's tax figures of year N-2 for the grant on social
 * criteria (autonomous students), the youth engagement contract (income-tax bracket), the Pass
 * Colo (reference tax income and shares)…
 *
 * The parents are synthetic individuals (`parent1`, and `parent2` when they live together and so
 * file together), with their own famille and ménage (`parents`): the applicant keeps their own
 * famille and ménage, since they live on their own for the CAF. Their foyer fiscal (`_`) has the
 * parents as declarants and the applicant (and the applicant's children who are tax dependants)
 * as dependants, with the parental-resources answers at the fiscal year N-2:
 * - `rfr`: the parents' reference tax income (`parents.rfr`);
 * - `nbptr`: their number of tax shares (`parents.nbptr`);
 * - `rbg`: their revenu brut global (`bourse_criteres_sociaux_base_ressources_parentale`, the
 *   students' question);
 * - `rni`: when only the reference tax income is known, the taxable net income is taken equal to
 *   it, so that the income-tax bracket follows the parents' income rather than an empty return.
 * A partner of a dependent applicant files alone (own foyer fiscal `conjoint`).
 */
import type { DerivedAttribute } from "../../schema-names";
import { valueDates } from "../../dates";
import type { Situation } from "../../types";
import { isPeriodMap } from "../periods";
import {
  HOUSEHOLD_ID,
  PARENT_IDS,
  PARENTS_ID,
  type EngineEntity,
  type EngineRequest,
  type PeriodValues,
} from "../types";
import { isTaxDependant } from "./entities";
import type { HouseholdMembers } from "./members";

/**
 * Set by the schema (`derived:` in `schema/journey.yaml`) on the parents the applicant can be
 * declared by (docs/product.md §2 "Parents block"): an answered situation, not deceased nor
 * out of touch.
 */
const PARENTS_REACHABLE = "_foyerFiscalParents" satisfies DerivedAttribute;

/** Set by the schema on parents who file one joint return (living together). */
const PARENTS_JOINT_RETURN = "_declarationCommuneParents" satisfies DerivedAttribute;

/** Whether the applicant belongs to their parents' foyer fiscal. */
export function isDependentOfParents(situation: Situation): boolean {
  const { thisYear } = valueDates(situation.dateDeValeur);
  const dependent = situation.demandeur.enfant_a_charge;
  return (
    isPeriodMap(dependent) &&
    dependent[thisYear] === true &&
    situation.parents[PARENTS_REACHABLE] === true
  );
}

function positive(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The parents' foyer fiscal inputs at the fiscal year N-2, from the parental-resources answers. */
export function parentsTaxInputs(situation: Situation): Record<string, PeriodValues> {
  const { fiscalYear } = valueDates(situation.dateDeValeur);
  const rfr = positive(situation.parents.rfr);
  const nbptr = positive(situation.parents.nbptr);
  const rbg = positive(situation.demandeur.bourse_criteres_sociaux_base_ressources_parentale);
  const inputs: Record<string, PeriodValues> = {};
  if (rfr !== undefined) inputs.rfr = { [fiscalYear]: rfr };
  if (nbptr !== undefined) inputs.nbptr = { [fiscalYear]: nbptr };
  if (rbg !== undefined) inputs.rbg = { [fiscalYear]: rbg };
  else if (rfr !== undefined) inputs.rni = { [fiscalYear]: rfr };
  return inputs;
}

/** The synthetic parents: their ids, one or two. */
export function parentIds(situation: Situation): string[] {
  return situation.parents[PARENTS_JOINT_RETURN] === true ? [...PARENT_IDS] : [PARENT_IDS[0]];
}

/** Moves a dependent applicant into their parents' foyer fiscal; no-op otherwise. */
export function addDependentParents(
  request: EngineRequest,
  situation: Situation,
  members: HouseholdMembers,
): void {
  if (!isDependentOfParents(situation)) return;
  const { fiscalYear } = valueDates(situation.dateDeValeur);
  const parents = parentIds(situation);
  for (const id of parents) {
    const parent: EngineEntity = {};
    // Two declarants of one return are married or in a civil partnership.
    if (parents.length === 2) parent.statut_marital = { [fiscalYear]: "marie" };
    request.individus[id] = parent;
  }
  request.familles[PARENTS_ID] = { parents: parents, enfants: [] };
  request.menages[PARENTS_ID] = {
    personne_de_reference: [parents[0] as string],
    ...(parents[1] ? { conjoint: [parents[1]] } : {}),
    enfants: [],
  };

  const {
    declarants: _d,
    personnes_a_charge: _p,
    ...own
  } = request.foyers_fiscaux[HOUSEHOLD_ID] ?? {};
  request.foyers_fiscaux[HOUSEHOLD_ID] = {
    ...own,
    declarants: parents,
    personnes_a_charge: [
      members.demandeur.id,
      ...members.enfants
        .filter((child) => isTaxDependant(child, situation.dateDeValeur))
        .map((child) => child.id),
    ],
    ...parentsTaxInputs(situation),
  };
  if (members.conjoint) {
    request.foyers_fiscaux[members.conjoint.id] = {
      declarants: [members.conjoint.id],
      personnes_a_charge: [],
    };
  }
}
