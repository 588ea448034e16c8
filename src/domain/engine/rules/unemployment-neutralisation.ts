/**
 * Rule "own resources set aside in chômage non indemnisé" (docs/adr/0012): the housing aid does
 * not count the earnings and unemployment allowances of a person in total unemployment for at
 * least two months who gets no allowance, or only the minimum one, or the ASS; it counts those of
 * their partner: CCH R822-15, « il n'est tenu compte ni des revenus d'activité professionnelle, ni
 * des indemnités de chômage de l'intéressé ».
 *
 * The engine's `aide_logement_condition_neutralisation` (individu, MONTH) sets aside the resources
 * of every parent of the famille as soon as one of them is in that situation (it sums the
 * condition over the parents): a couple where one partner earns 2,600 € a month and the other is
 * a job seeker without allowance would get the housing aid of a household without income. So for
 * a couple where one partner is in that situation and the other is not, the condition is sent for
 * each partner at the current month, the month the housing aid is computed at (the months before
 * are inputs, rule "no past entitlement"): true for the one in chômage non indemnisé, false for
 * the other. Left to the engine otherwise, where it agrees with the law: a single applicant, both
 * partners unemployed, and a famille that received the RSA the month before, whose resources are
 * all set aside (CCH R822-17), whatever the partners' work.
 *
 * A person is in chômage non indemnisé, as the engine reckons it, when `activite` is `chomeur`,
 * registered (`date_debut_chomage`) before the first day of M-2, with no unemployment allowance
 * this month or with the ASS declared received.
 */
import { monthId } from "../../dates";
import { periodsOf } from "../periods";
import { HOUSEHOLD_ID, type EngineEntity, type EngineRequest } from "../types";

export const NEUTRALISATION_VARIABLE = "aide_logement_condition_neutralisation";

function amountAt(person: EngineEntity, variable: string, period: string): number {
  const value = periodsOf(person, variable)?.[period];
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** Whether this person of the request is in chômage non indemnisé at the month, as R822-15 says. */
export function inUnpaidUnemployment(person: EngineEntity, month: string): boolean {
  if (periodsOf(person, "activite")?.[month] !== "chomeur") return false;
  const since = periodsOf(person, "date_debut_chomage");
  const start = since?.[month] ?? since?.ETERNITY;
  // Registered before the first day of M-2: two whole months at least.
  if (typeof start !== "string" || !(start < `${monthId(`${month}-01`, -2)}-01`)) return false;
  return amountAt(person, "chomage_imposable", month) === 0 || amountAt(person, "ass", month) > 0;
}

/** Sends the condition per partner when the engine would set aside the wrong partner's resources. */
export function neutraliseOwnResourcesOnly(
  request: EngineRequest,
  dateDeValeur: string,
  missingVariables: ReadonlySet<string> = new Set(),
): void {
  if (missingVariables.has(NEUTRALISATION_VARIABLE)) return;
  const famille = request.familles[HOUSEHOLD_ID];
  const parents = famille?.parents;
  if (!famille || !Array.isArray(parents) || parents.length !== 2) return;
  const thisMonth = monthId(dateDeValeur, 0);
  // The RSA of the month before sets aside both partners' resources (R822-17): the engine's.
  if (amountAt(famille, "rsa", monthId(dateDeValeur, -1)) > 0) return;
  const people = parents.map((id) => request.individus[id]);
  const concerned = people.map((person) => !!person && inUnpaidUnemployment(person, thisMonth));
  if (concerned.every((value) => value) || concerned.every((value) => !value)) return;
  people.forEach((person, index) => {
    if (person) person[NEUTRALISATION_VARIABLE] = { [thisMonth]: concerned[index] ?? false };
  });
}
