/**
 * Rule "children over 25": a child older than 25 at the value date who is not disabled is no
 * longer a dependant for family benefits, the RSA or the housing aid, and is attached to the tax
 * household only when 25 or under (or disabled). Such a child is left out of every entity rather
 * than sent as a member the engine would count.
 */
import { ageAt } from "../../dates";
import type { Person, Situation } from "../../types";

/** Above this age (in whole years at the value date) a child who is not disabled is left out. */
export const MAX_CHILD_AGE = 25;

/** Whether a child is kept in the engine's entities (no birth date yet: kept). */
export function isChildKept(child: Person, dateDeValeur: string): boolean {
  if (child.handicap === true) return true;
  const birth = child.date_naissance;
  const age = typeof birth === "string" ? ageAt(birth, dateDeValeur) : null;
  return age === null || age <= MAX_CHILD_AGE;
}

/** The people of the applicant's household sent to the engine. */
export interface HouseholdMembers {
  demandeur: Person;
  conjoint?: Person;
  enfants: Person[];
}

export function householdMembers(situation: Situation): HouseholdMembers {
  return {
    demandeur: situation.demandeur,
    ...(situation.conjoint ? { conjoint: situation.conjoint } : {}),
    enfants: situation.enfants.filter((child) => isChildKept(child, situation.dateDeValeur)),
  };
}

/** Every member, applicant first. */
export function memberList(members: HouseholdMembers): Person[] {
  return [members.demandeur, ...(members.conjoint ? [members.conjoint] : []), ...members.enfants];
}
