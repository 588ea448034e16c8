/**
 * The plain mapping of answers to engine inputs, as the schema declares it: each field's
 * `engine: { variable, period, values?, property? }`, each income type's variable (amounts already
 * keyed by period) and the derived attributes of `journey.yaml`.
 */
import type { Bundle, EngineMapping, EntityName, Field } from "../bundle";
import { monthsBefore } from "../dates";
import type { EntityValues, Person } from "../types";
import { isPeriodMap, mappingPeriod } from "./periods";
import type { EngineEntity, PeriodValues } from "./types";

function engineValue(mapping: EngineMapping, value: unknown, dateDeValeur: string): unknown {
  const raw =
    mapping.property && typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)[mapping.property]
      : value;
  if (mapping.convert === "months_before_value_date" && typeof raw === "number") {
    return monthsBefore(dateDeValeur, raw);
  }
  if (
    mapping.values &&
    (typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean") &&
    String(raw) in mapping.values
  ) {
    return mapping.values[String(raw)];
  }
  return raw;
}

/** One situation attribute at the periods its mapping says. */
function mapValue(
  mapping: EngineMapping,
  value: unknown,
  dateDeValeur: string,
): PeriodValues | undefined {
  if (value === undefined || value === null) return undefined;
  if (isPeriodMap(value)) {
    const periods: PeriodValues = {};
    for (const [period, amount] of Object.entries(value)) {
      if (amount !== null && amount !== undefined)
        periods[period] = engineValue(mapping, amount, dateDeValeur);
    }
    return periods;
  }
  return { [mappingPeriod(mapping, dateDeValeur)]: engineValue(mapping, value, dateDeValeur) };
}

export type EngineMappings = Map<EntityName, Map<string, EngineMapping>>;

/** Engine mappings of every field and derived attribute, by entity and attribute name. */
export function mappingsByEntity(bundle: Bundle): EngineMappings {
  const byEntity: EngineMappings = new Map();
  const add = (entity: EntityName, name: string, mapping: EngineMapping) => {
    if (!byEntity.has(entity)) byEntity.set(entity, new Map());
    byEntity.get(entity)?.set(name, mapping);
  };
  const addField = (entity: EntityName, field: Field) =>
    field.engine && add(entity, field.name, field.engine);
  for (const block of Object.values(bundle.blocks)) {
    for (const step of block.steps) {
      const entity = step.subject.entity;
      if (entity === "enfants") continue;
      for (const field of step.fields) addField(entity, field);
    }
  }
  for (const type of bundle.incomeTypes) {
    if ((type.engine.entity ?? "individu") === "individu") {
      add("individu", type.id, { variable: type.engine.variable, period: "as_answered" });
    }
    for (const field of type.fields ?? []) addField("individu", field);
  }
  for (const derived of bundle.derived) {
    if (derived.engine) add(derived.entity, derived.attribute, derived.engine);
  }
  return byEntity;
}

/** The engine inputs of one entity of the situation. */
export function mapEntity(
  values: EntityValues,
  mappings: Map<string, EngineMapping> | undefined,
  dateDeValeur: string,
): EngineEntity {
  const entity: EngineEntity = {};
  for (const [name, value] of Object.entries(values)) {
    const mapping = mappings?.get(name);
    if (!mapping) continue;
    const periods = mapValue(mapping, value, dateDeValeur);
    if (periods && Object.keys(periods).length > 0) entity[mapping.variable] = periods;
  }
  return entity;
}

/** The amounts members declared for one income type, summed period by period. */
export function summedAmounts(
  people: readonly Person[],
  incomeTypeId: string,
): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const person of people) {
    const amounts = person[incomeTypeId];
    if (!isPeriodMap(amounts)) continue;
    for (const [period, amount] of Object.entries(amounts)) {
      if (typeof amount === "number") sum[period] = (sum[period] ?? 0) + amount;
    }
  }
  return sum;
}

/**
 * Incomes the engine only knows per famille (family benefits, the housing aid…): the amounts the
 * members declared, summed period by period.
 */
export function familleIncomes(bundle: Bundle, people: readonly Person[]): EngineEntity {
  const entity: EngineEntity = {};
  for (const type of bundle.incomeTypes) {
    if (type.engine.entity !== "famille") continue;
    const sum = summedAmounts(people, type.id);
    if (Object.keys(sum).length > 0) entity[type.engine.variable] = sum;
  }
  return entity;
}
