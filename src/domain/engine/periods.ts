/**
 * Period keys and small helpers on period maps. Every period derives from the simulation's value
 * date (`valueDates`); nothing here reads the clock.
 */
import type { EngineMapping } from "../bundle";
import { monthId, valueDates } from "../dates";
import type { EngineEntity, PeriodValues } from "./types";

const PERIOD_KEY = /^\d{4}(-\d{2})?$/;
const MONTH_KEY = /^\d{4}-\d{2}$/;

export function isPeriodMap(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.keys(value).every((key) => PERIOD_KEY.test(key));
}

export function isMonthKey(key: string): boolean {
  return MONTH_KEY.test(key);
}

/** The engine period of a schema mapping at the value date. */
export function mappingPeriod(mapping: EngineMapping, dateDeValeur: string): string {
  const dates = valueDates(dateDeValeur);
  switch (mapping.period) {
    case "eternity":
      return "ETERNITY";
    case "month":
    case "as_answered":
      return dates.thisMonth;
    case "year":
      return dates.thisYear;
    case "fiscal_year":
      return dates.fiscalYear;
  }
}

/** The `count` months before the value date's month, most recent first (`M-1`, `M-2`…). */
export function previousMonths(dateDeValeur: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => monthId(dateDeValeur, -(i + 1)));
}

/** The period values of a variable of an entity, if it holds a period map. */
export function periodsOf(entity: EngineEntity, variable: string): PeriodValues | undefined {
  const value = entity[variable];
  return value !== undefined && !Array.isArray(value) ? value : undefined;
}

/**
 * Sets a variable's value at a period unless that period already has one. The period map is
 * changed in place: the rules call this once per declared month, and copying the map each time
 * made building a request quadratic in the number of months (issue 15). The period maps of a
 * request are its own (each rule makes new ones), never shared between variables or entities.
 */
export function setIfAbsent(
  entity: EngineEntity,
  variable: string,
  period: string,
  value: unknown,
): void {
  const periods = periodsOf(entity, variable);
  if (!periods) entity[variable] = { [period]: value };
  else if (!(period in periods)) periods[period] = value;
}

/** Adds period values to an entity's variables, keeping the periods already there. */
export function mergeInputs(entity: EngineEntity, inputs: Record<string, PeriodValues>): void {
  for (const [variable, periods] of Object.entries(inputs)) {
    const existing = periodsOf(entity, variable);
    if (existing) Object.assign(existing, periods);
    else entity[variable] = { ...periods };
  }
}

/** A number from a period map, 0 when absent or not a number. */
export function amountAt(periods: PeriodValues | undefined, period: string): number {
  const value = periods?.[period];
  return typeof value === "number" ? value : 0;
}
