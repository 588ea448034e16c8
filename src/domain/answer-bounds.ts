/**
 * The bounds a posted answer must stay within, derived from the simulation's value date (README
 * "The answer format"). They keep every accepted simulation computable by the engine and cheap to
 * turn into a request: no period the engine cannot compute (a year 0 or 10000), no amount that
 * overflows, no period map longer than the journey ever asks.
 */
import { monthId } from "./dates";

/** The earliest plausible date of any date question (the app's date fields say the same). */
export const MIN_DATE = "1900-01-01";

/**
 * The largest amount of one period of an income (a month, or a year for annual types), in euros.
 * Money questions without a `max` of their own in the schema take it too.
 */
export const MAX_PERIOD_AMOUNT = 10_000_000;

/**
 * The most period amounts (one month or one year of one income) a simulation may hold in all.
 * A household of six declaring ten incomes each over the 13 months asked holds 780; a real
 * journey holds a few dozen. The bound keeps the work of preparing one computation to a few
 * milliseconds of event loop (issue 15: a simulation at the body limit with every income over
 * the whole window took about 100 ms, and 3,000 amounts still up to 100 ms on a loaded machine).
 */
export const MAX_PERIOD_VALUES = 1000;

/** How many period amounts the answers hold (the keys of their period maps). */
export function periodValueCount(answers: readonly { value: unknown }[]): number {
  let count = 0;
  for (const { value } of answers) {
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const _key in value) count++;
    }
  }
  return count;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

/**
 * The periods an answer may be keyed by. The journey asks the 13 months M-12 to M of monthly
 * incomes, M-12 to M-1 of one-off ones and the year N-1 of annual ones; the window accepted is a
 * little wider, from January of the fiscal year N-2 (the oldest period the engine reads from the
 * answers) to the value date's month (the newest), for years from N-2 to N.
 */
export interface PeriodWindow {
  firstMonth: string;
  lastMonth: string;
  firstYear: string;
  lastYear: string;
  /** How many distinct periods the window holds: the most entries a period map may have. */
  size: number;
}

/** Dates answered describe the past: from `MIN_DATE` to the value date. */
export interface DateWindow {
  first: string;
  last: string;
}

export interface AnswerBounds {
  periods: PeriodWindow;
  dates: DateWindow;
}

/** The bounds at a value date (`YYYY-MM-DD`, already checked); computed for every posted simulation. */
export function answerBounds(dateDeValeur: string): AnswerBounds {
  // `valueDates` would say the same, with month labels this does not need.
  const thisMonth = monthId(dateDeValeur);
  const year = Number(thisMonth.slice(0, 4));
  // January of N-2 to the value date's month: two whole years, then this year's months.
  const months = 24 + Number(thisMonth.slice(5, 7));
  return {
    periods: {
      firstMonth: `${year - 2}-01`,
      lastMonth: thisMonth,
      firstYear: String(year - 2),
      lastYear: String(year),
      size: months + 3,
    },
    dates: { first: MIN_DATE, last: dateDeValeur },
  };
}

/** What is wrong with a period key, if anything (French, for a 400). */
export function periodProblem(key: string, window: PeriodWindow): string | undefined {
  if (MONTH.test(key)) {
    return key >= window.firstMonth && key <= window.lastMonth
      ? undefined
      : `la période «\u00a0${key}\u00a0» est hors de la fenêtre acceptée (mois de ${window.firstMonth} à ${window.lastMonth})`;
  }
  if (YEAR.test(key)) {
    return key >= window.firstYear && key <= window.lastYear
      ? undefined
      : `la période «\u00a0${key}\u00a0» est hors de la fenêtre acceptée (années de ${window.firstYear} à ${window.lastYear})`;
  }
  return `la période «\u00a0${key.slice(0, 20)}\u00a0» doit être un mois AAAA-MM ou une année AAAA`;
}

/**
 * What is wrong with the amount of one period of an income, if anything. No income type has a
 * negative amount: the app refuses one too, and a deficit (of a self-employed activity, say) is
 * not asked.
 */
export function periodAmountProblem(key: string, amount: unknown): string | undefined {
  if (typeof amount !== "number" || !Number.isFinite(amount)) {
    return `le montant de «\u00a0${key}\u00a0» doit être un nombre`;
  }
  if (amount < 0) return `le montant de «\u00a0${key}\u00a0» doit être positif ou nul`;
  if (amount > MAX_PERIOD_AMOUNT) {
    return `le montant de «\u00a0${key}\u00a0» doit être inférieur ou égal à ${MAX_PERIOD_AMOUNT}`;
  }
  return undefined;
}
