/**
 * Dates and periods derived from the simulation's value date (docs/product.md §9). Dates are ISO strings
 * (`YYYY-MM-DD`) handled as calendar dates, never through the local time zone.
 */
import { onFirstUse } from "./on-first-use";

export interface PeriodOption {
  id: string;
  label: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseIsoDate(
  iso: string,
): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(iso);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return undefined;
  }
  return { year, month, day };
}

export function isIsoDate(value: unknown): value is string {
  return typeof value === "string" && parseIsoDate(value) !== undefined;
}

export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Age in whole years on `at`; a person turns N on their birthday. */
export function ageAt(birthDate: string, at: string): number | null {
  const birth = parseIsoDate(birthDate);
  const on = parseIsoDate(at);
  if (!birth || !on) return null;
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** The month `offset` months after the value date's month, as `YYYY-MM`. */
export function monthId(dateDeValeur: string, offset = 0): string {
  const parsed = parseIsoDate(dateDeValeur);
  if (!parsed) throw new Error(`Invalid value date: ${dateDeValeur}`);
  const index = parsed.year * 12 + (parsed.month - 1) + offset;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** The date `months` whole months before `dateDeValeur`, the day clamped to the month's length. */
export function monthsBefore(dateDeValeur: string, months: number): string {
  const parsed = parseIsoDate(dateDeValeur);
  if (!parsed) throw new Error(`Invalid value date: ${dateDeValeur}`);
  const [year, month] = monthId(dateDeValeur, -Math.round(months)).split("-").map(Number) as [
    number,
    number,
  ];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(parsed.day, lastDay))}`;
}

const monthFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }),
);

/** 'MMMM YYYY' in French, e.g. "octobre 2026". */
export function monthLabel(id: string): string {
  const [year, month] = id.split("-").map(Number);
  return monthFormatter().format(new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, 1)));
}

export function monthOption(id: string): PeriodOption {
  return { id, label: monthLabel(id) };
}

/** The `count` months ending `endOffset` months from the value date's month, oldest first. */
export function monthOptions(dateDeValeur: string, count: number, endOffset = 0): PeriodOption[] {
  return Array.from({ length: count }, (_, i) =>
    monthOption(monthId(dateDeValeur, endOffset - count + 1 + i)),
  );
}

export interface ValueDates {
  today: string;
  thisMonth: string;
  oneMonthAgo: string;
  twoMonthsAgo: string;
  threeMonthsAgo: string;
  twelveMonthsAgo: string;
  last3Months: PeriodOption[];
  last12Months: PeriodOption[];
  thisYear: string;
  lastYear: string;
  fiscalYear: string;
  previousFiscalYear: string;
  threeYearsAgo: string;
}

/** Period helpers of docs/product.md §9: fiscal year = current year − 2, previous fiscal year − 3, last year − 1. */
export function valueDates(dateDeValeur: string): ValueDates {
  // Read for every answer while a request is built: computed once per value date (month labels
  // go through Intl, which costs microseconds each), shared frozen.
  let dates = valueDatesCache.get(dateDeValeur);
  if (!dates) {
    if (valueDatesCache.size >= VALUE_DATES_CACHE_SIZE) valueDatesCache.clear();
    dates = deepFreeze(computeValueDates(dateDeValeur));
    valueDatesCache.set(dateDeValeur, dates);
  }
  return dates;
}

const VALUE_DATES_CACHE_SIZE = 64;
const valueDatesCache = new Map<string, ValueDates>();

function deepFreeze(dates: ValueDates): ValueDates {
  for (const option of [...dates.last3Months, ...dates.last12Months]) Object.freeze(option);
  Object.freeze(dates.last3Months);
  Object.freeze(dates.last12Months);
  return Object.freeze(dates);
}

function computeValueDates(dateDeValeur: string): ValueDates {
  const parsed = parseIsoDate(dateDeValeur);
  if (!parsed) throw new Error(`Invalid value date: ${dateDeValeur}`);
  const year = parsed.year;
  return {
    today: dateDeValeur,
    thisMonth: monthId(dateDeValeur),
    oneMonthAgo: monthId(dateDeValeur, -1),
    twoMonthsAgo: monthId(dateDeValeur, -2),
    threeMonthsAgo: monthId(dateDeValeur, -3),
    twelveMonthsAgo: monthId(dateDeValeur, -12),
    last3Months: monthOptions(dateDeValeur, 3, -1),
    last12Months: monthOptions(dateDeValeur, 12, -1),
    thisYear: String(year),
    lastYear: String(year - 1),
    fiscalYear: String(year - 2),
    previousFiscalYear: String(year - 3),
    threeYearsAgo: String(year - 3),
  };
}
