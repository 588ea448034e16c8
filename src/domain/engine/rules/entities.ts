/**
 * Rule "entities and roles": the applicant's household as the engine's four entities.
 * - famille (the CAF's household): the applicant and partner are `parents`, the children `enfants`;
 * - foyer fiscal: the applicant and partner are `declarants`, the children `personnes_a_charge`
 *   (a dependent applicant is moved into the parents' foyer by the dependent-parents rule);
 * - ménage (the dwelling): the applicant is `personne_de_reference`, the partner `conjoint`, the
 *   children `enfants`.
 * All three group entities have the id `_`.
 */
import { HOUSEHOLD_ID, type EngineRequest } from "../types";
import type { HouseholdMembers } from "./members";

export function householdEntities(members: HouseholdMembers): EngineRequest {
  const adults = [members.demandeur.id, ...(members.conjoint ? [members.conjoint.id] : [])];
  const children = members.enfants.map((child) => child.id);
  return {
    individus: Object.fromEntries([...adults, ...children].map((id) => [id, {}])),
    familles: { [HOUSEHOLD_ID]: { parents: adults, enfants: children } },
    foyers_fiscaux: { [HOUSEHOLD_ID]: { declarants: adults, personnes_a_charge: children } },
    menages: {
      [HOUSEHOLD_ID]: {
        personne_de_reference: [members.demandeur.id],
        ...(members.conjoint ? { conjoint: [members.conjoint.id] } : {}),
        enfants: children,
      },
    },
  };
}
