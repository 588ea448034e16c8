/**
 * Taxable incomes of the fiscal year and wealth (docs/product.md §3 "Simulation": `ressourcesFiscales`,
 * `patrimoine`). They are kept beside the answers, not as answers, and sent to the engine with
 * their own periods (docs/product.md §9).
 */
import { valueDates } from "./dates";
import type { EnumerationValue } from "./schema-names";

/** `true` when `A` and `B` are the same set of names. */
type SameNames<A extends string, B extends string> = [Exclude<A, B> | Exclude<B, A>] extends [never]
  ? true
  : false;

/** Tax-income categories (docs/product.md §3 Enumerations), declared for the fiscal year (N-2). */
export const TAX_INCOME_CATEGORIES = [
  "salaire_imposable",
  "chomage_imposable",
  "retraite_imposable",
  "frais_reels",
  "pensions_alimentaires_percues",
  "pensions_alimentaires_versees",
  "revenus_locatifs",
] as const satisfies readonly EnumerationValue<"ressources_fiscales">[];

export type TaxIncomeCategory = (typeof TAX_INCOME_CATEGORIES)[number];
/** The list is the schema's enumeration `ressources_fiscales`: one more or one less fails `tsc`. */
const TAX_INCOME_CATEGORIES_MATCH: SameNames<
  TaxIncomeCategory,
  EnumerationValue<"ressources_fiscales">
> = true;
void TAX_INCOME_CATEGORIES_MATCH;

/**
 * The engine's individual variable for each category. `pensions_alimentaires_versees` is a
 * foyer fiscal variable computed from tax boxes; the person's own input is the `_individu` one.
 */
const TAX_INCOME_VARIABLES: Record<TaxIncomeCategory, string> = {
  salaire_imposable: "salaire_imposable",
  chomage_imposable: "chomage_imposable",
  retraite_imposable: "retraite_imposable",
  frais_reels: "frais_reels",
  pensions_alimentaires_percues: "pensions_alimentaires_percues",
  pensions_alimentaires_versees: "pensions_alimentaires_versees_individu",
  revenus_locatifs: "revenus_locatifs",
};

/** Wealth items (docs/product.md §3 Enumerations), attached to the applicant. */
export const WEALTH_ITEMS = [
  "valeur_patrimoine_loue",
  "valeur_terrains_non_loues",
  "valeur_locative_terrains_non_loues",
  "valeur_immo_non_loue",
  "valeur_locative_immo_non_loue",
  "livret_a",
  "epargne_revenus_non_imposables",
  "epargne_revenus_imposables",
] as const satisfies readonly EnumerationValue<"patrimoine">[];

export type WealthItem = (typeof WEALTH_ITEMS)[number];
/** The list is the schema's enumeration `patrimoine`: one more or one less fails `tsc`. */
const WEALTH_ITEMS_MATCH: SameNames<WealthItem, EnumerationValue<"patrimoine">> = true;
void WEALTH_ITEMS_MATCH;

/** Yearly amounts of the fiscal year, by person id then category. */
export type RessourcesFiscales = Record<string, Partial<Record<TaxIncomeCategory, number>>>;

/** Current values, by wealth item. */
export type Patrimoine = Partial<Record<WealthItem, number>>;

/**
 * docs/product.md §9: wealth is sent for 120 months from January 2019, an OpenFisca period that covers
 * every value date the simulator uses without asking for a date of valuation.
 */
export const PATRIMOINE_PERIOD = "month:2019-01:120";

export const FISCAL_PERSON_IDS = ["demandeur", "conjoint"] as const;

export function isTaxIncomeCategory(value: string): value is TaxIncomeCategory {
  return (TAX_INCOME_CATEGORIES as readonly string[]).includes(value);
}

export function isWealthItem(value: string): value is WealthItem {
  return (WEALTH_ITEMS as readonly string[]).includes(value);
}

type EngineInputs = Record<string, Record<string, number>>;

/** One person's taxable incomes as engine inputs at the fiscal year (`{ "2024": 12000 }`). */
export function fiscalEngineInputs(
  incomes: RessourcesFiscales[string] | undefined,
  dateDeValeur: string,
): EngineInputs {
  const { fiscalYear } = valueDates(dateDeValeur);
  const inputs: EngineInputs = {};
  for (const category of TAX_INCOME_CATEGORIES) {
    const amount = incomes?.[category];
    if (typeof amount === "number")
      inputs[TAX_INCOME_VARIABLES[category]] = { [fiscalYear]: amount };
  }
  return inputs;
}

/** The applicant's wealth as engine inputs over the spec's patrimony period. */
export function patrimoineEngineInputs(patrimoine: Patrimoine | undefined): EngineInputs {
  const inputs: EngineInputs = {};
  for (const item of WEALTH_ITEMS) {
    const amount = patrimoine?.[item];
    if (typeof amount === "number") inputs[item] = { [PATRIMOINE_PERIOD]: amount };
  }
  return inputs;
}

/** Whether anything was declared: an empty declaration is not worth storing. */
export function hasFiscalValues(value: RessourcesFiscales | Patrimoine | undefined): boolean {
  if (!value) return false;
  return Object.values(value).some((entry) =>
    typeof entry === "number" ? true : Object.keys(entry ?? {}).length > 0,
  );
}
