/**
 * Rule "no past entitlement": some benefits are both computed by the engine and incomes of the
 * months before (the RSA and the prime d'activité count the AAH, the ASS or family benefits of the
 * last 3 months; the prime d'activité of a past month counts the housing aid of that month; the
 * youth engagement contract requires no RSA nor prime d'activité over the last 3 months…). Left
 * unset, the engine would compute them for those past months as if they had been claimed, and the
 * visitor's other benefits would shrink by money never received.
 *
 * The visitor was asked which incomes they received over the last 12 months, month by month. So
 * for every income type whose variable is a benefit of the catalogue (`float`, monthly), every
 * month of those 12 (M-12 to M-1) with no declared amount is sent as 0 — at the famille for the
 * family-level ones, for each member otherwise. The current month is left to the declaration or
 * to the engine (it is the benefit asked for).
 *
 * Except a benefit `presumedReceived`, paid without a means test to whoever the engine finds
 * eligible (the family allowances from the 2nd child): a parent who did not tick it surely
 * receives it, so its undeclared past months are left to the engine, which counts them in the
 * others' resources as the Caf does (docs/adr/0013-settled-amounts.md).
 */
import type { Bundle, IncomeType } from "../../bundle";
import { valueDates } from "../../dates";
import { setIfAbsent } from "../periods";
import { HOUSEHOLD_ID, type EngineRequest } from "../types";
import type { HouseholdMembers } from "./members";

/**
 * Income types that are also monthly amounts computed by the engine for a catalogue benefit, not
 * presumed received.
 */
export function benefitIncomeTypes(
  bundle: Bundle,
  missingVariables: ReadonlySet<string> = new Set(),
): IncomeType[] {
  const computed = new Set(
    bundle.benefits
      .filter(
        (benefit) =>
          benefit.type !== "bool" && benefit.engine.period === "month" && !benefit.presumedReceived,
      )
      .map((benefit) => benefit.engine.variable),
  );
  return bundle.incomeTypes.filter(
    (type) => computed.has(type.engine.variable) && !missingVariables.has(type.engine.variable),
  );
}

/** Sends 0 for each past month (M-12 to M-1) of a benefit income that nobody declared. */
export function zeroUndeclaredPastBenefits(
  request: EngineRequest,
  bundle: Bundle,
  members: HouseholdMembers,
  dateDeValeur: string,
  missingVariables?: ReadonlySet<string>,
): void {
  const months = valueDates(dateDeValeur).last12Months.map((month) => month.id);
  const people = [
    members.demandeur,
    ...(members.conjoint ? [members.conjoint] : []),
    ...members.enfants,
  ];
  for (const type of benefitIncomeTypes(bundle, missingVariables)) {
    const holders =
      type.engine.entity === "famille"
        ? [request.familles[HOUSEHOLD_ID]]
        : people.map((person) => request.individus[person.id]);
    for (const holder of holders) {
      if (!holder) continue;
      for (const month of months) setIfAbsent(holder, type.engine.variable, month, 0);
    }
  }
}
