import {
  TAX_INCOME_CATEGORIES,
  onFirstUse,
  WEALTH_ITEMS,
  valueDates,
  type Patrimoine,
  type RessourcesFiscales,
} from "../../domain";
import { TAX_INCOME_LABELS, WEALTH_LABELS } from "../simulation/fiscal/labels";
import { FISCAL_PATH, PATRIMOINE_PATH } from "../simulation/paths";
import type { RecapRow } from "./sections";

const euros = onFirstUse(
  () => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }),
);
const OWNERS: Record<string, string> = {
  demandeur: "vous",
  conjoint: "votre conjoint ou conjointe",
};

/** The declared taxable incomes and wealth, as recap rows. */
export function fiscalRows(
  ressourcesFiscales: RessourcesFiscales | undefined,
  patrimoine: Patrimoine | undefined,
  dateDeValeur: string,
): RecapRow[] {
  const { fiscalYear } = valueDates(dateDeValeur);
  const incomes = Object.entries(ressourcesFiscales ?? {}).flatMap(([personId, amounts]) =>
    TAX_INCOME_CATEGORIES.flatMap((category) => {
      const amount = amounts[category];
      if (amount === undefined) return [];
      const owner = OWNERS[personId] ?? personId;
      return [
        {
          key: `fiscal#${personId}.${category}`,
          path: FISCAL_PATH,
          question: `${TAX_INCOME_LABELS[category].label} en ${fiscalYear} (${owner})`,
          value: euros().format(amount),
        },
      ];
    }),
  );
  const wealth = WEALTH_ITEMS.flatMap((item) => {
    const amount = patrimoine?.[item];
    if (amount === undefined) return [];
    return [
      {
        key: `patrimoine#${item}`,
        path: PATRIMOINE_PATH,
        question: WEALTH_LABELS[item].label,
        value: euros().format(amount),
      },
    ];
  });
  return [...incomes, ...wealth];
}
