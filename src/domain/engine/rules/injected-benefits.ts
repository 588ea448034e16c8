/**
 * Rule "benefits already received": a benefit of the catalogue that the visitor declared among
 * their incomes (the housing aid, the RSA, the prime d'activité, family benefits, the AAH…, or an
 * income type its `receivedAs` names: the student grant) is not recomputed: the CAF already
 * decided it. Its declared amounts go to the engine as inputs
 * like any income (other benefits count it), it is not asked as an output, and it is returned as
 * a `droitInjecte` with the amount of the current month, or of the latest month declared.
 *
 * A family-level benefit (`familles`) is received when the members' summed amounts are; an
 * individual one (`individus`) is read on the applicant, as the engine's output would be. A latest
 * amount of 0 means the visitor no longer receives it: the benefit is then computed as usual.
 */
import type { Benefit, Bundle } from "../../bundle";
import { valueDates } from "../../dates";
import type { Droit, Situation } from "../../types";
import { summedAmounts } from "../inputs";
import { isMonthKey, isPeriodMap } from "../periods";
import { toDroit } from "../outputs";
import { householdMembers, memberList } from "./members";

export interface ReceivedBenefit {
  benefit: Benefit;
  /** The amount of the current month, or of the latest month declared. */
  montant: number;
  /**
   * Declared under the benefit's own variable (then sent at the current month, never asked), or
   * as an income type of its `receivedAs` (a variable of its own: the benefit is still asked, and
   * the engine's amount shown beside the declared one).
   */
  ownVariable: boolean;
}

function monthlyAmounts(value: unknown): Record<string, number> {
  if (!isPeriodMap(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, number] => isMonthKey(entry[0]) && typeof entry[1] === "number",
    ),
  );
}

/** The current month's amount, or the latest declared one. */
export function currentOrLatest(
  amounts: Record<string, number>,
  thisMonth: string,
): number | undefined {
  if (thisMonth in amounts) return amounts[thisMonth];
  const latest = Object.keys(amounts)
    .filter((month) => month <= thisMonth)
    .sort()
    .at(-1);
  return latest === undefined ? undefined : amounts[latest];
}

/** The benefits among `benefits` that the visitor declared receiving, with their amount. */
export function receivedBenefits(
  bundle: Bundle,
  situation: Situation,
  benefits: readonly Benefit[] = bundle.benefits,
): ReceivedBenefit[] {
  const { thisMonth } = valueDates(situation.dateDeValeur);
  const members = householdMembers(situation);
  const received: ReceivedBenefit[] = [];
  for (const benefit of benefits) {
    if (benefit.type === "bool") continue;
    // The income type of the benefit's own variable first, then those of `receivedAs`.
    const types = bundle.incomeTypes
      .filter(
        (t) => t.engine.variable === benefit.engine.variable || benefit.receivedAs?.includes(t.id),
      )
      .sort(
        (a, b) =>
          Number(b.engine.variable === benefit.engine.variable) -
          Number(a.engine.variable === benefit.engine.variable),
      );
    for (const type of types) {
      let amounts: Record<string, number>;
      if (benefit.engine.entity === "familles")
        amounts = summedAmounts(memberList(members), type.id);
      else if (benefit.engine.entity === "individus")
        amounts = monthlyAmounts(members.demandeur[type.id]);
      else break;
      const montant = currentOrLatest(monthlyAmounts(amounts), thisMonth);
      if (montant === undefined || montant <= 0) continue;
      received.push({
        benefit,
        montant,
        ownVariable: type.engine.variable === benefit.engine.variable,
      });
      break;
    }
  }
  return received;
}

/** The benefits the visitor already receives, as shown beside the eligible ones. */
export function injectedDroits(
  bundle: Bundle,
  situation: Situation,
  options: { benefits?: readonly Benefit[] } = {},
): Droit[] {
  return receivedBenefits(bundle, situation, options.benefits).map(({ benefit, montant }) =>
    toDroit(bundle, benefit, Math.round(montant * 100) / 100),
  );
}
