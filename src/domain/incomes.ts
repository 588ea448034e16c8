import type { Bundle, IncomeType } from "./bundle";
import { monthOptions, valueDates, type PeriodOption } from "./dates";
import { evaluate, type PredicateContext } from "./predicates";

/** The periods asked for an income type (docs/product.md §5 "Income periods"), oldest first. */
export function incomePeriods(type: IncomeType, dateDeValeur: string): PeriodOption[] {
  switch (type.periodKind) {
    case "monthly":
      return monthOptions(dateDeValeur, 13);
    case "one_off":
      return monthOptions(dateDeValeur, 12, -1);
    case "annual": {
      const year = valueDates(dateDeValeur).lastYear;
      return [{ id: year, label: year }];
    }
  }
}

/** Income types relevant to the person in `context.self` (docs/product.md §5 "Income relevance"). */
export function relevantIncomeTypes(bundle: Bundle, context: PredicateContext): IncomeType[] {
  return bundle.incomeTypes.filter((type) => evaluate(type.when, context));
}

/** The types offered on the person's income types screen: relevant, and not asked elsewhere. */
export function offeredIncomeTypes(bundle: Bundle, context: PredicateContext): IncomeType[] {
  return relevantIncomeTypes(bundle, context).filter((type) => !type.hidden);
}

/** The type's label for the person in `context.self`: the first conditional one that holds. */
export function incomeLabel(type: IncomeType, context: PredicateContext): string {
  return type.labels?.find((label) => evaluate(label.when, context))?.text ?? type.label;
}
