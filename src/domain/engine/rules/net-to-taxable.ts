/**
 * Rule "net to gross and net to taxable": the visitor declares what they receive (net amounts:
 * `salaire_net`, `chomage_net`, `retraite_nette`), which the RSA and the prime d'activité read
 * directly. Other formulas read the gross or the taxable amounts, which the engine would otherwise
 * compute from a gross salary or allowance nobody gave it (so as 0):
 * - the housing aid counts the taxable salaries, unemployment allowances and pensions of the 12
 *   months ending two months before the current one (M-13 to M-2);
 * - the AAH, the ASS and the PAJE read taxable salaries; the ASPA/ASI, the CEJ-related and local
 *   aids read the gross salary (`salaire_de_base`), pension (`retraite_brute`) or allowance
 *   (`chomage_brut`).
 * For each declared month, the gross and taxable amounts are sent beside the net one, derived with
 * the engine's own rates (pinned openfisca-france, parameters under
 * `prelevements_sociaux.contributions_sociales` and `marche_travail.salaire_minimum.smic`):
 * - salary: gross = net / 0.7916 (the engine's net-to-gross ratio for a private-sector
 *   non-executive employee, measured on the engine in 2025 at 1 to 2 SMIC); taxable = net + the
 *   non-deductible CSG (2.4 %) and the CRDS (0.5 %) on 98.25 % of the gross (= net × 1.036, the
 *   engine's own result). An apprentice's pay is exempt of contributions (gross = net) and of
 *   income tax up to the SMIC: taxable = net − the monthly gross SMIC, floored at 0;
 * - unemployment allowance: no CSG nor CRDS when the allowance is not above the monthly gross SMIC
 *   (the contribution may not bring it under the SMIC); above it, the full rate: CSG 6.2 % of
 *   which 3.8 % deductible, CRDS 0.5 %, on 98.25 % of the gross;
 * - pension: the full rate (CSG 8.3 % of which 5.9 % deductible, CRDS 0.5 %, CASA 0.3 %); reduced
 *   rates and exemptions depend on the household's reference tax income and are not modelled.
 * The month before the oldest declared one (M-13) is part of the housing aid's rolling year but is
 * not asked: its taxable amount is taken equal to the oldest declared month's, unless that month
 * belongs to the fiscal year N-2, whose yearly amounts apply.
 */
import { monthId, valueDates } from "../../dates";
import type { DerivedAttribute } from "../../schema-names";
import type { Person } from "../../types";
import { isMonthKey, periodsOf, setIfAbsent } from "../periods";
import type { EngineEntity } from "../types";

/** Rates of the pinned engine (openfisca-france 176), with their parameter paths. */
export const RATES = {
  /** csg.activite.imposable */
  csgActiviteImposable: 0.024,
  /** csg.activite.deductible */
  csgActiviteDeductible: 0.068,
  /** crds */
  crds: 0.005,
  /** csg.activite.abattement (up to 4 PSS): the CSG and CRDS base is 98.25 % of the gross */
  abattementAssiette: 0.0175,
  /** csg.remplacement.allocations_chomage.imposable.taux_plein */
  csgChomageImposable: 0.024,
  /** csg.remplacement.allocations_chomage.deductible.taux_plein */
  csgChomageDeductible: 0.038,
  /** csg.remplacement.pensions_retraite_invalidite.imposable.taux_plein */
  csgRetraiteImposable: 0.024,
  /** csg.remplacement.pensions_retraite_invalidite.deductible.taux_plein */
  csgRetraiteDeductible: 0.059,
  /** cotisations_securite_sociale_regime_general.casa.pensions_retraite_preretraite_invalidite */
  casa: 0.003,
} as const;

/** salaire_net / salaire_de_base computed by the engine (private sector, non-executive, 2025). */
export const SALARY_NET_TO_GROSS = 0.7916;

/** marche_travail.salaire_minimum.smic.nb_heures_travail_mensuel */
const SMIC_MONTHLY_HOURS = 151.67;

/** marche_travail.salaire_minimum.smic.smic_b_horaire, by start date. */
const SMIC_HOURLY_GROSS: readonly [start: string, value: number][] = [
  ["2022-01-01", 10.57],
  ["2022-05-01", 10.85],
  ["2022-08-01", 11.07],
  ["2023-01-01", 11.27],
  ["2023-05-01", 11.52],
  ["2024-01-01", 11.65],
  ["2024-11-01", 11.88],
  ["2026-01-01", 12.02],
  ["2026-06-01", 12.31],
];

/** The monthly gross SMIC in force on the first day of a month (`YYYY-MM`). */
export function smicMonthlyGross(month: string): number {
  const day = `${month}-01`;
  let hourly = SMIC_HOURLY_GROSS[0]?.[1] ?? 0;
  for (const [start, value] of SMIC_HOURLY_GROSS) if (start <= day) hourly = value;
  return Math.round(hourly * SMIC_MONTHLY_HOURS * 100) / 100;
}

const round = (value: number) => Math.round(value * 100) / 100;
const base = 1 - RATES.abattementAssiette;

export interface GrossAndTaxable {
  gross: number;
  taxable: number;
}

export function salaryFromNet(net: number, month: string, apprentice = false): GrossAndTaxable {
  if (apprentice)
    return { gross: round(net), taxable: round(Math.max(0, net - smicMonthlyGross(month))) };
  const gross = net / SALARY_NET_TO_GROSS;
  return {
    gross: round(gross),
    taxable: round(net + (RATES.csgActiviteImposable + RATES.crds) * base * gross),
  };
}

export function unemploymentFromNet(net: number, month: string): GrossAndTaxable {
  if (net <= smicMonthlyGross(month)) return { gross: round(net), taxable: round(net) };
  const gross =
    net / (1 - base * (RATES.csgChomageImposable + RATES.csgChomageDeductible + RATES.crds));
  return { gross: round(gross), taxable: round(gross * (1 - base * RATES.csgChomageDeductible)) };
}

export function pensionFromNet(net: number): GrossAndTaxable {
  const gross =
    net / (1 - RATES.csgRetraiteImposable - RATES.csgRetraiteDeductible - RATES.crds - RATES.casa);
  return { gross: round(gross), taxable: round(gross * (1 - RATES.csgRetraiteDeductible)) };
}

/** Each net income variable with the gross and taxable variables derived from it. */
export const NET_INCOMES = [
  { net: "salaire_net", gross: "salaire_de_base", taxable: "salaire_imposable" },
  { net: "chomage_net", gross: "chomage_brut", taxable: "chomage_imposable" },
  { net: "retraite_nette", gross: "retraite_brute", taxable: "retraite_imposable" },
] as const;

/** The flag set on an apprentice by the schema (`derived:` in `schema/journey.yaml`). */
const APPRENTICE = "_apprenti" satisfies DerivedAttribute;

/** An apprentice: in work-study under an apprenticeship contract. */
export function isApprentice(person: Person): boolean {
  return person[APPRENTICE] === true;
}

function convert(net: string, amount: number, month: string, apprentice: boolean): GrossAndTaxable {
  switch (net) {
    case "salaire_net":
      return salaryFromNet(amount, month, apprentice);
    case "chomage_net":
      return unemploymentFromNet(amount, month);
    default:
      return pensionFromNet(amount);
  }
}

/** Adds the gross and taxable amounts of each declared month of a person's net incomes. */
export function addGrossAndTaxable(
  entity: EngineEntity,
  person: Person,
  dateDeValeur: string,
): void {
  const { fiscalYear } = valueDates(dateDeValeur);
  const apprentice = isApprentice(person);
  for (const income of NET_INCOMES) {
    const declared = periodsOf(entity, income.net);
    if (!declared) continue;
    const months = Object.keys(declared).filter(isMonthKey).sort();
    for (const month of months) {
      const amount = declared[month];
      if (typeof amount !== "number") continue;
      const { gross, taxable } = convert(income.net, amount, month, apprentice);
      setIfAbsent(entity, income.gross, month, gross);
      setIfAbsent(entity, income.taxable, month, taxable);
    }
    const oldest = months[0];
    if (!oldest) continue;
    const before = monthId(`${oldest}-01`, -1);
    const taxable = periodsOf(entity, income.taxable)?.[oldest];
    if (!before.startsWith(fiscalYear) && typeof taxable === "number") {
      setIfAbsent(entity, income.taxable, before, taxable);
    }
  }
}
