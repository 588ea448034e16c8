import type { AmountsByPeriod, AnswerValue, ChoiceOption, ResolvedField } from "../../domain";
import { MIN_DATE } from "../../domain/answer-bounds";
import {
  formatDecimal,
  parseAmount,
  parseDecimal,
  periodsOf,
  type FormValue,
  type MonthlyAmountsValue,
} from "./formValues";
import { checkDateParts, DATE_PARTS, formatDateFr, isDateParts, toDateParts } from "./dateParts";
import { MESSAGES } from "./messages";

export interface FieldIssue {
  /** Below the field's name: `["single"]` or `["byPeriod", "2026-10"]` for monthly amounts. */
  path: string[];
  message: string;
}

export interface FieldValidation {
  value: AnswerValue | undefined;
  issues: FieldIssue[];
}

export interface ValidationContext {
  /**
   * The latest plausible date, `YYYY-MM-DD`: today, or the simulation's value date when earlier
   * (the server refuses a date after it).
   */
  today: string;
  options: ChoiceOption[];
}

/** The earliest plausible date of any date question: the server's bound too. */
export { MIN_DATE };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^(?:\+|00)?\d{9,14}$/;

const ok = (value: AnswerValue | undefined): FieldValidation => ({ value, issues: [] });
const fail = (message: string, path: string[] = []): FieldValidation => ({
  value: undefined,
  issues: [{ path, message }],
});

export { formatDateFr };

function checkBounds(field: ResolvedField, value: number, path: string[] = []): FieldIssue[] {
  const min = field.min ?? (field.kind === "number" ? undefined : 0);
  if (min !== undefined && value < min) {
    const negative = field.kind !== "number" && min === 0;
    return [
      { path, message: negative ? MESSAGES.negativeAmount : MESSAGES.min(formatDecimal(min)) },
    ];
  }
  if (field.max !== undefined && value > field.max) {
    return [{ path, message: MESSAGES.max(formatDecimal(field.max)) }];
  }
  return [];
}

function validateNumber(
  field: ResolvedField,
  raw: string,
  required: string,
  invalid: string,
  parse: (raw: string) => number | undefined = parseDecimal,
) {
  if (!raw.trim()) return field.optional ? ok(undefined) : fail(required);
  const value = parse(raw);
  if (value === undefined) return fail(invalid);
  if (field.integer && !Number.isInteger(value)) return fail(MESSAGES.wholeNumber);
  const issues = checkBounds(field, value);
  return issues.length ? { value: undefined, issues } : ok(value);
}

function validateAmounts(field: ResolvedField, raw: MonthlyAmountsValue): FieldValidation {
  const periods = periodsOf(field);
  const issues: FieldIssue[] = [];
  const amounts: AmountsByPeriod = {};
  const read = (text: string, path: string[]): number | undefined => {
    if (!text.trim()) {
      issues.push({ path, message: MESSAGES.requiredIncome });
      return undefined;
    }
    const value = parseAmount(text);
    if (value === undefined) {
      issues.push({ path, message: MESSAGES.invalidAmount });
      return undefined;
    }
    const boundIssues = checkBounds(field, value, path);
    issues.push(...boundIssues);
    return boundIssues.length ? undefined : value;
  };
  if (raw.same && periods.length > 1) {
    const value = read(raw.single, ["single"]);
    if (value !== undefined) for (const period of periods) amounts[period.id] = value;
  } else {
    for (const period of periods) {
      const value = read(raw.byPeriod[period.id] ?? "", ["byPeriod", period.id]);
      if (value !== undefined) amounts[period.id] = value;
    }
  }
  return issues.length ? { value: undefined, issues } : ok(amounts);
}

/** Checks one field's raw form value and converts it to its answer value (docs/architecture.md "The answer format"). */
export function validateField(
  field: ResolvedField,
  raw: FormValue | undefined,
  context: ValidationContext,
): FieldValidation {
  const text = typeof raw === "string" ? raw.trim() : "";
  switch (field.kind) {
    case "boolean":
      if (text === "true" || text === "false") return ok(text === "true");
      return field.optional ? ok(undefined) : fail(MESSAGES.requiredChoice);
    case "choice": {
      const option = context.options.find((candidate) => String(candidate.value) === text);
      if (option) return ok(option.value);
      return field.optional ? ok(undefined) : fail(MESSAGES.requiredChoice);
    }
    case "multi_choice": {
      const selected = Array.isArray(raw) ? raw : [];
      const values = context.options
        .filter((option) => selected.includes(String(option.value)))
        .map((option) => String(option.value));
      if (values.length === 0 && !field.optional) return fail(MESSAGES.requiredMultiChoice);
      return ok(values);
    }
    case "date": {
      // Typed as day, month and year; a stored `YYYY-MM-DD` is read the same way.
      const parts = isDateParts(raw) ? raw : toDateParts(text);
      const empty = DATE_PARTS.every((part) => !parts[part].trim());
      if (empty) return field.optional ? ok(undefined) : fail(MESSAGES.requiredDate);
      const check = checkDateParts(parts, { min: MIN_DATE, max: context.today });
      return check.ok ? ok(check.value) : fail(check.message);
    }
    case "number":
      return validateNumber(field, text, MESSAGES.requiredNumber, MESSAGES.invalidNumber);
    case "money":
      return validateNumber(
        field,
        text,
        MESSAGES.requiredAmount,
        MESSAGES.invalidAmount,
        parseAmount,
      );
    case "monthly_amounts":
      if (typeof raw !== "object" || raw === null || !("byPeriod" in raw)) {
        return fail(MESSAGES.requiredIncome);
      }
      return validateAmounts(field, raw);
    case "commune":
      if (typeof raw === "object" && raw !== null && "code_insee" in raw) return ok(raw);
      return field.optional ? ok(undefined) : fail(MESSAGES.requiredCommune);
    case "email":
      if (!text) return field.optional ? ok(undefined) : fail(MESSAGES.requiredEmail);
      return EMAIL.test(text) ? ok(text) : fail(MESSAGES.invalidEmail);
    case "phone": {
      if (!text) return field.optional ? ok(undefined) : fail(MESSAGES.requiredPhone);
      const compact = text.replace(/[\s.\-()\u00a0]/g, "");
      return PHONE.test(compact) ? ok(compact) : fail(MESSAGES.invalidPhone);
    }
    case "text":
      if (!text) return field.optional ? ok(undefined) : fail(MESSAGES.requiredText);
      return ok(text);
  }
}
