import { MESSAGES } from "./messages";

/**
 * A known date typed as day, month and year (the DSFR's date pattern): reading the three inputs
 * into the stored `YYYY-MM-DD` answer, and the French message naming what is wrong.
 */

/** What a date field holds while it is edited: the three inputs as typed. */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export type DatePart = keyof DateParts;

export const DATE_PARTS: readonly DatePart[] = ["day", "month", "year"];

export type DateCheck =
  | { ok: true; value: string }
  /** `parts`: the inputs to mark and the first one to focus, in the order shown. */
  | { ok: false; message: string; parts: DatePart[] };

const MONTHS = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

const PART_NAMES: Record<DatePart, string> = { day: "le jour", month: "le mois", year: "l’année" };

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** `DD/MM/YYYY` of an ISO date. */
export function formatDateFr(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${day}/${month}/${year}`;
}

export function isDateParts(value: unknown): value is DateParts {
  return (
    typeof value === "object" &&
    value !== null &&
    DATE_PARTS.every((part) => typeof (value as Record<string, unknown>)[part] === "string")
  );
}

/** The inputs of a stored `YYYY-MM-DD` answer, without leading zeros ("1", "3", "2004"). */
export function toDateParts(iso: unknown): DateParts {
  const match = typeof iso === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!match) return { day: "", month: "", year: "" };
  return { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1]! };
}

/** Strips spaces and accepts only digits: a phone keyboard may add a space or a dot. */
function digits(raw: string): string | undefined {
  const text = raw.replace(/[\s.\u00a0\u202f]/g, "");
  return /^\d+$/.test(text) ? text : undefined;
}

function listParts(parts: DatePart[]): string {
  const names = parts.map((part) => PART_NAMES[part]);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} et ${names.at(-1)}` : names[0]!;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Reads the three inputs as a date between `min` and `max` (both `YYYY-MM-DD`). The message names
 * the first problem: an empty date: a missing part, a part that
 * is not a number in its range, a day the month does not have, a date after `max` or before `min`.
 */
export function checkDateParts(parts: DateParts, bounds: { min: string; max: string }): DateCheck {
  const missing = DATE_PARTS.filter((part) => !parts[part].trim());
  if (missing.length === DATE_PARTS.length)
    return { ok: false, message: MESSAGES.requiredDate, parts: ["day"] };
  if (missing.length > 0) {
    return { ok: false, message: MESSAGES.missingDateParts(listParts(missing)), parts: missing };
  }
  const [day, month, year] = DATE_PARTS.map((part) => digits(parts[part]));
  const minYear = Number(bounds.min.slice(0, 4));
  const maxYear = Number(bounds.max.slice(0, 4));
  if (day === undefined || Number(day) < 1 || Number(day) > 31)
    return { ok: false, message: MESSAGES.invalidDay, parts: ["day"] };
  if (month === undefined || Number(month) < 1 || Number(month) > 12)
    return { ok: false, message: MESSAGES.invalidMonth, parts: ["month"] };
  if (year === undefined || year.length !== 4)
    return { ok: false, message: MESSAGES.invalidYear, parts: ["year"] };
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  if (y < minYear || y > maxYear)
    return { ok: false, message: MESSAGES.yearRange(minYear, maxYear), parts: ["year"] };
  const days = daysInMonth(y, m);
  if (d > days)
    return { ok: false, message: MESSAGES.impossibleDate(MONTHS[m - 1]!, y, days), parts: ["day"] };
  const iso = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
  if (iso > bounds.max)
    return {
      ok: false,
      message: MESSAGES.futureDate(formatDateFr(bounds.max)),
      parts: [...DATE_PARTS],
    };
  if (iso < bounds.min)
    return {
      ok: false,
      message: MESSAGES.dateTooEarly(formatDateFr(bounds.min)),
      parts: [...DATE_PARTS],
    };
  return { ok: true, value: iso };
}
