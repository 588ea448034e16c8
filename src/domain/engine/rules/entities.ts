/**
 * Rule "entities and roles": the applicant's household as the engine's four entities.
 * - famille (the CAF's household): the applicant and partner are `parents`, the children `enfants`
 *   (whether a child is a dependant for a family benefit, the RSA or the housing aid is the
 *   engine's to judge, from their age and income: it is not the tax answer);
 * - foyer fiscal: the applicant and partner are `declarants`, the children answered as tax
 *   dependants `personnes_a_charge`; a child answered not a dependant this year (`enfant_a_charge`
 *   false) files their own return, as the declarant of a foyer fiscal of their own (id: the
 *   child's), so neither the parents' tax shares nor their incomes count them (a dependent
 *   applicant is moved into the parents' foyer by the dependent-parents rule);
 * - ménage (the dwelling): the applicant is `personne_de_reference`, the partner `conjoint`, the
 *   children `enfants`.
 * All three group entities of the applicant have the id `_`.
 */
import { valueDates } from "../../dates";
import type { Person } from "../../types";
import { isPeriodMap } from "../periods";
import { HOUSEHOLD_ID, type EngineRequest } from "../types";
import type { HouseholdMembers } from "./members";

/** Whether a child is on the parents' tax return: unless answered not a dependant this year. */
export function isTaxDependant(child: Person, dateDeValeur: string): boolean {
  const { thisYear } = valueDates(dateDeValeur);
  const answer = child.enfant_a_charge;
  return !(isPeriodMap(answer) && answer[thisYear] === false);
}

export function householdEntities(members: HouseholdMembers, dateDeValeur: string): EngineRequest {
  const adults = [members.demandeur.id, ...(members.conjoint ? [members.conjoint.id] : [])];
  const children = members.enfants.map((child) => child.id);
  const dependants = members.enfants.filter((child) => isTaxDependant(child, dateDeValeur));
  const ownReturns = members.enfants.filter((child) => !dependants.includes(child));
  return {
    individus: Object.fromEntries([...adults, ...children].map((id) => [id, {}])),
    familles: { [HOUSEHOLD_ID]: { parents: adults, enfants: children } },
    foyers_fiscaux: {
      [HOUSEHOLD_ID]: {
        declarants: adults,
        personnes_a_charge: dependants.map((child) => child.id),
      },
      ...Object.fromEntries(
        ownReturns.map((child) => [child.id, { declarants: [child.id], personnes_a_charge: [] }]),
      ),
    },
    menages: {
      [HOUSEHOLD_ID]: {
        personne_de_reference: [members.demandeur.id],
        ...(members.conjoint ? { conjoint: [members.conjoint.id] } : {}),
        enfants: children,
      },
    },
  };
}
