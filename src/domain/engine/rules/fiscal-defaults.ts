/**
 * Rule "N-2 incomes by default": many benefits read the tax household's incomes of the fiscal year
 * N-2 (the youth engagement contract its income-tax bracket, the AAH and the PAJE their resources,
 * the housing aid self-employed profits…). The visitor may declare them (`ressourcesFiscales`,
 * sent as is by `fiscalEngineInputs`). When nothing was declared for a person, their N-2 taxable
 * incomes are taken equal to those of the last 12 months (M-12 to M-1), the only recent figures we
 * have: the taxable amounts derived from the net ones (net-to-taxable rule), alimony received and
 * paid, rental income; a self-employed income declared for last year stands for N-2.
 */
import { valueDates } from "../../dates";
import type { RessourcesFiscales } from "../../fiscal";
import { amountAt, periodsOf } from "../periods";
import type { EngineEntity, PeriodValues } from "../types";

/** Monthly variables summed over the last 12 months into the fiscal year. */
export const MONTHLY_TAX_INCOMES: readonly string[] = [
  "salaire_imposable",
  "chomage_imposable",
  "retraite_imposable",
  "pensions_alimentaires_percues",
  "pensions_alimentaires_versees_individu",
  "revenus_locatifs",
];

/** Yearly self-employed incomes (declared for last year), carried to the fiscal year. */
export const YEARLY_TAX_INCOMES: readonly string[] = [
  "rpns_micro_entreprise_CA_bic_vente_imp",
  "rpns_micro_entreprise_CA_bic_service_imp",
  "rpns_micro_entreprise_CA_bnc_imp",
  "rpns_benefice_exploitant_agricole",
  "rpns_autres_revenus",
];

/** Whether the visitor declared any N-2 taxable income for this person. */
export function hasDeclaredFiscalIncomes(
  ressourcesFiscales: RessourcesFiscales | undefined,
  personId: string,
): boolean {
  const declared = ressourcesFiscales?.[personId];
  return Object.values(declared ?? {}).some((amount) => typeof amount === "number");
}

/** A person's N-2 taxable incomes derived from their recent declared incomes. */
export function defaultFiscalIncomes(
  person: EngineEntity,
  dateDeValeur: string,
): Record<string, PeriodValues> {
  const { fiscalYear, lastYear, last12Months } = valueDates(dateDeValeur);
  const inputs: Record<string, PeriodValues> = {};
  for (const variable of MONTHLY_TAX_INCOMES) {
    const periods = periodsOf(person, variable);
    const total = last12Months.reduce((sum, month) => sum + amountAt(periods, month.id), 0);
    if (total !== 0) inputs[variable] = { [fiscalYear]: Math.round(total * 100) / 100 };
  }
  for (const variable of YEARLY_TAX_INCOMES) {
    const amount = periodsOf(person, variable)?.[lastYear];
    if (typeof amount === "number" && amount !== 0) inputs[variable] = { [fiscalYear]: amount };
  }
  return inputs;
}
