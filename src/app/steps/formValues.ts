import type {
  AmountsByPeriod,
  AnswerValue,
  ChoiceOption,
  Commune,
  ResolvedField,
} from "../../domain";
import { toDateParts, type DateParts } from "./dateParts";
import { onFirstUse } from "../../domain";

/** What a monthly amounts field holds while it is edited. */
export interface MonthlyAmountsValue {
  same: boolean;
  single: string;
  byPeriod: Record<string, string>;
}

/** The raw, editable value of each field kind (inputs hold strings). */
export type FormValue = string | string[] | MonthlyAmountsValue | DateParts | Commune | null;
export type FormValues = Record<string, FormValue>;

const numberFormat = onFirstUse(
  () =>
    new Intl.NumberFormat("fr-FR", {
      maximumFractionDigits: 2,
      useGrouping: false,
    }),
);

export function formatDecimal(value: number): string {
  return numberFormat().format(value);
}

/** Parses "1200", "1 200,50" or "1200.5"; `undefined` when it is not a number. */
export function parseDecimal(raw: string): number | undefined {
  const normalised = raw.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return undefined;
  return Number(normalised);
}

/** Parses an amount as parseDecimal does, with or without the euro sign after it ("900 €"). */
export function parseAmount(raw: string): number | undefined {
  return parseDecimal(raw.replace(/€\s*$/, ""));
}

export function periodsOf(field: ResolvedField): { id: string; label: string }[] {
  return field.periods ?? [];
}

function isAmounts(value: AnswerValue | undefined): value is AmountsByPeriod {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !("code_insee" in value)
  );
}

function isCommune(value: AnswerValue | undefined): value is Commune {
  return typeof value === "object" && value !== null && "code_insee" in value;
}

function monthlyAmountsValue(
  field: ResolvedField,
  value: AnswerValue | undefined,
): MonthlyAmountsValue {
  const periods = periodsOf(field);
  const stored = isAmounts(value) ? value : {};
  const byPeriod = Object.fromEntries(
    periods.map((period) => {
      const amount = stored[period.id];
      return [period.id, amount === undefined ? "" : formatDecimal(amount)];
    }),
  );
  const amounts = Object.values(byPeriod);
  const same = amounts.every((amount) => amount === amounts[0]);
  return { same, single: same ? (amounts[0] ?? "") : "", byPeriod };
}

/** The form's initial value of a field from its stored answer. */
export function toFormValue(field: ResolvedField, value: AnswerValue | undefined): FormValue {
  switch (field.kind) {
    case "boolean":
      return typeof value === "boolean" ? String(value) : "";
    case "multi_choice":
      return Array.isArray(value) ? value.map(String) : [];
    case "number":
    case "money":
      return typeof value === "number" ? formatDecimal(value) : "";
    case "monthly_amounts":
      return monthlyAmountsValue(field, value);
    case "commune":
      return isCommune(value) ? value : null;
    case "date":
      return toDateParts(value);
    case "choice":
    case "text":
    case "email":
    case "phone":
      return typeof value === "string" || typeof value === "number" ? String(value) : "";
  }
}

/** The form's initial values: the stored answers, else the fields' defaults. */
export function toFormValues(
  fields: ResolvedField[],
  values: Record<string, AnswerValue | undefined>,
): FormValues {
  return Object.fromEntries(
    fields.map((field) => [field.name, toFormValue(field, values[field.name] ?? field.default)]),
  );
}

/** The options of a choice field: its own list, or else its enumeration's. */
export function optionsOf(
  field: ResolvedField,
  enumerations: Record<string, ChoiceOption[]>,
): ChoiceOption[] {
  return field.options ?? (field.enum ? (enumerations[field.enum] ?? []) : []);
}
