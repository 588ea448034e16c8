/**
 * Values derived from the answers by the tables of `derived:` in `schema/journey.yaml`
 * (docs/schema-format.md, "Derived values"): the housing occupation status sent to the engine, the
 * flags the aids' operators and the interest questions read. The tables are content; this module
 * only reads them.
 */
import { valuesOf } from "./answers";
import type { DerivedMapping, DerivedValue, EntityName } from "./bundle";
import { roleOf } from "./context";
import type { Answer, AnswerValue, EntityValues } from "./types";

/** The key of an answer in a table's `map`: booleans and numbers as written in YAML. */
function keyOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean" || typeof value === "number") return String(value);
  return undefined;
}

/** The value of a table for these values of the entity; undefined leaves it unset. */
export function derivedValue(
  value: DerivedValue | undefined,
  values: Readonly<Record<string, unknown>>,
): AnswerValue | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object") return value;
  const key = keyOf(values[value.from]);
  const mapped = key !== undefined && Object.hasOwn(value.map, key) ? value.map[key] : undefined;
  return derivedValue(mapped !== undefined ? mapped : value.otherwise, values);
}

/**
 * Where the values are set: the answers (for the tables that read another entity, `reads`) and,
 * for a person, their id (for the tables kept to one person, `for`).
 */
export interface DerivedScope {
  answers: readonly Answer[];
  personId?: string;
}

/** Whether a rule kept to `for` (a person of the journey) applies to this person. */
function appliesTo(rule: DerivedMapping, personId: string | undefined): boolean {
  if (rule.for === undefined) return true;
  if (personId === undefined) return false;
  const role = roleOf(personId);
  return rule.for === "enfants" ? role === "enfant" : role === rule.for;
}

/**
 * The entity's values with the derived ones of `entity` set over them (in schema order, each
 * reading the values as answered: the entity's own, or those of the household entity `reads`). A
 * table giving no value leaves the entity's own value.
 */
export function withDerived(
  derived: readonly DerivedMapping[],
  entity: EntityName,
  values: EntityValues,
  scope?: DerivedScope,
): EntityValues {
  const result: EntityValues = { ...values };
  for (const rule of derived) {
    if (rule.entity !== entity || !appliesTo(rule, scope?.personId)) continue;
    const read =
      rule.reads === undefined || rule.reads === entity
        ? values
        : scope
          ? valuesOf(scope.answers, rule.reads, rule.reads)
          : {};
    const value =
      rule.value !== undefined
        ? rule.value
        : rule.from !== undefined && rule.map !== undefined
          ? derivedValue({ from: rule.from, map: rule.map, otherwise: rule.otherwise }, read)
          : undefined;
    if (value !== undefined) result[rule.attribute] = value;
  }
  return result;
}
