/**
 * Rule "no undeclared salary, allowance or pension": the engine reads a person's salary,
 * unemployment allowance and pension at many periods (the housing aid M-13…M-2, the ASS and the
 * complementary health cover M-12…M-1, the AAH and the reference tax income of N-2, the youth
 * engagement contract M-3…M-1, the tax income of N-4 and N-3 for others…). Where nobody gave
 * them, it derives each from a gross amount of 0 through every employee contribution, CSG and
 * CRDS formula: 0, after about 0.5 s of a cold computation spent on 60 months of contributions
 * per person (issue 19 §2, docs/adr/0008-cold-computation.md).
 *
 * So each chain of `NET_INCOMES` (gross → taxable → net, the engine's own formulas) is sent as 0
 * at every period from January N-4 to M+1 where none of its three variables is given for
 * the person: what the engine would compute, without the walk. A period where one of
 * them is given (a declared month and its derived amounts, a yearly N-2 amount) is left to the
 * engine, since the others derive from it. A whole year is sent as one yearly 0 (the engine
 * spreads it over the months, the later ones included) unless some member has a month of that
 * chain in that year: OpenFisca keeps one array per variable and period for everyone, so that year
 * then goes month by month, up to M+1.
 * Applied last, once every other rule has set its inputs.
 */
import { monthId, valueDates } from "../../dates";
import { periodsOf } from "../periods";
import type { EngineEntity, EngineRequest } from "../types";
import { NET_INCOMES } from "./net-to-taxable";

/** Years before the value date's year from which the zeros are sent (N-4: the oldest read). */
const YEARS_BEFORE = 4;

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

function givenAt(person: EngineEntity, chain: readonly string[], period: string): boolean {
  return chain.some((variable) => periodsOf(person, variable)?.[period] !== undefined);
}

function hasMonthIn(person: EngineEntity, chain: readonly string[], year: string): boolean {
  return chain.some((variable) =>
    Object.keys(periodsOf(person, variable) ?? {}).some((period) => period.startsWith(`${year}-`)),
  );
}

function setZero(person: EngineEntity, variable: string, period: string): void {
  const periods = periodsOf(person, variable);
  if (periods) periods[period] = 0;
  else person[variable] = { [period]: 0 };
}

/** Sends 0 for each salary, allowance and pension chain at the periods nobody gave it. */
export function zeroUndeclaredIncomes(
  request: EngineRequest,
  dateDeValeur: string,
  missingVariables: ReadonlySet<string> = new Set(),
): void {
  const first = Number(valueDates(dateDeValeur).thisYear) - YEARS_BEFORE;
  const nextMonth = monthId(dateDeValeur, 1);
  const last = Number(nextMonth.slice(0, 4));
  const people = Object.values(request.individus);
  for (const income of NET_INCOMES) {
    const chain = [income.gross, income.taxable, income.net];
    if (chain.some((variable) => missingVariables.has(variable))) continue;
    for (let y = first; y <= last; y++) {
      const year = String(y);
      const monthly = people.some((person) => hasMonthIn(person, chain, year));
      for (const person of people) {
        if (givenAt(person, chain, year)) continue;
        if (!monthly) {
          for (const variable of chain) setZero(person, variable, year);
          continue;
        }
        for (const month of MONTHS) {
          const period = `${year}-${month}`;
          if (period > nextMonth) break;
          if (givenAt(person, chain, period)) continue;
          for (const variable of chain) setZero(person, variable, period);
        }
      }
    }
  }
}
