/**
 * Rule "entities and roles": the applicant's household as the engine's four entities.
 * - famille (the CAF's household): the applicant and partner are `parents`, the children `enfants`
 *   (whether a child is a dependant for a family benefit, the RSA or the housing aid is the
 *   engine's to judge, from their age and income: it is not the tax answer);
 * - foyer fiscal (CGI art. 6): a married or PACS couple files one joint return, both
 *   `declarants`; partners in union libre (concubinage) each file their own, the partner as the
 *   declarant of a foyer fiscal of their own (id: the partner's) (docs/adr/0012). The children
 *   answered as tax dependants are `personnes_a_charge` of the applicant's return; a child
 *   answered not a dependant this year (`enfant_a_charge` false) files their own return, as the
 *   declarant of a foyer fiscal of their own (id: the child's), so neither the parents' tax
 *   shares nor their incomes count them (a dependent applicant is moved into the parents' foyer
 *   by the dependent-parents rule);
 * - ménage (the dwelling): the applicant is `personne_de_reference`, the partner `conjoint`, the
 *   children `enfants`.
 * All three group entities of the applicant have the id `_`.
 */
import { valueDates } from "../../dates";
import type { FieldName } from "../../schema-names";
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

/** The couple's status, the partner's answer copied on the applicant (`src/domain/situation.ts`). */
const MARITAL_STATUS = "statut_marital" satisfies FieldName;

/**
 * Whether the couple files one joint return: married or PACS (CGI art. 6, 1), whatever the month
 * the status was answered at. Partners in union libre, or whose status is not answered yet, file
 * alone: the law's default.
 */
export function filesJointly(members: HouseholdMembers): boolean {
  if (!members.conjoint) return false;
  const status = members.demandeur[MARITAL_STATUS] ?? members.conjoint[MARITAL_STATUS];
  return status === "marie" || status === "pacse";
}

export function householdEntities(members: HouseholdMembers, dateDeValeur: string): EngineRequest {
  const adults = [members.demandeur.id, ...(members.conjoint ? [members.conjoint.id] : [])];
  const ownReturnPartner =
    members.conjoint && !filesJointly(members) ? members.conjoint : undefined;
  const declarants = ownReturnPartner ? [members.demandeur.id] : adults;
  const children = members.enfants.map((child) => child.id);
  const dependants = members.enfants.filter((child) => isTaxDependant(child, dateDeValeur));
  const ownReturns = members.enfants.filter((child) => !dependants.includes(child));
  return {
    individus: Object.fromEntries([...adults, ...children].map((id) => [id, {}])),
    familles: { [HOUSEHOLD_ID]: { parents: adults, enfants: children } },
    foyers_fiscaux: {
      [HOUSEHOLD_ID]: {
        declarants,
        personnes_a_charge: dependants.map((child) => child.id),
      },
      ...Object.fromEntries(
        [...(ownReturnPartner ? [ownReturnPartner] : []), ...ownReturns].map((child) => [
          child.id,
          { declarants: [child.id], personnes_a_charge: [] },
        ]),
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
