/**
 * Checks the tables of `derived:` (journey.yaml, docs/schema-format.md "Derived values"): each
 * reads a choice or yes/no field of its entity (or of the household entity `reads`), keeps `for`
 * to values set on a person, names only answers that field can take, gives a
 * value to every answer unless it has `otherwise`, and gives values of its enumeration; or is a
 * constant (`value`).
 */
import type { SchemaError, Segment } from "./errors";
import type { FieldIndex } from "./fields";
import type { DerivedTableYaml, DerivedValueYaml } from "./format";
import type { ValidatedSchema } from "./model";

const listed = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");

export function checkDerived(schema: ValidatedSchema, fields: FieldIndex): SchemaError[] {
  const { file, value } = schema.journey;
  const enumerations = schema.enumerations.value.enumerations;
  const errors: SchemaError[] = [];

  (value.derived ?? []).forEach((rule, i) => {
    const base: Segment[] = ["derived", i];
    // The tables read the answers of `reads` when given, else of the entity the value is set on.
    const source = rule.reads ?? rule.entity;
    if (rule.for !== undefined && rule.entity !== "individu") {
      errors.push(
        file.error(
          [...base, "for"],
          `"for" names a person, but this value is set on "${rule.entity}": remove "for", or set the value on "individu"`,
        ),
      );
    }
    let allowed: readonly string[] | undefined;
    if (rule.enum !== undefined) {
      const options = enumerations[rule.enum];
      if (options) allowed = options.map((option) => String(option.value));
      else errors.push(file.error([...base, "enum"], `unknown enumeration "${rule.enum}"`));
    }

    const checkValue = (derived: DerivedValueYaml, path: Segment[]) => {
      if (derived !== null && typeof derived === "object") {
        checkTable(derived, path);
      } else if (allowed && derived !== null && !allowed.includes(String(derived))) {
        errors.push(
          file.error(
            path,
            `"${String(derived)}" is not a value of enumeration "${rule.enum}" (expected one of: ${listed(allowed)})`,
          ),
        );
      }
    };

    const checkTable = (table: DerivedTableYaml, path: Segment[]) => {
      const field = fields.get(`${source}.${table.from}`);
      if (!field) {
        errors.push(file.error([...path, "from"], `unknown field "${source}.${table.from}"`));
        return;
      }
      const answers =
        field.kind === "boolean"
          ? ["true", "false"]
          : field.kind === "choice"
            ? field.values && [...field.values].map(String)
            : undefined;
      // A choice field whose enumeration is unknown is reported where it is declared.
      if (field.kind === "choice" && !answers) return;
      if (!answers) {
        errors.push(
          file.error(
            [...path, "from"],
            `a table reads a choice or yes/no field, but "${source}.${table.from}" is a ${field.kind} field`,
          ),
        );
        return;
      }
      for (const [key, mapped] of Object.entries(table.map)) {
        if (!answers.includes(key)) {
          errors.push(
            file.error(
              [...path, "map", key],
              `unknown answer "${key}" of "${table.from}" (expected one of: ${listed(answers)})`,
            ),
          );
        }
        checkValue(mapped, [...path, "map", key]);
      }
      if (table.otherwise !== undefined) {
        checkValue(table.otherwise, [...path, "otherwise"]);
      } else {
        const missing = answers.filter((answer) => !Object.hasOwn(table.map, answer));
        if (missing.length > 0) {
          errors.push(
            file.error(
              [...path, "map"],
              `no value for the answer${missing.length > 1 ? "s" : ""} ${listed(missing)} of "${table.from}": add ${missing.length > 1 ? "them" : "it"} to map, or give otherwise`,
            ),
          );
        }
      }
    };

    if (rule.value !== undefined) {
      const extra = (["from", "map", "otherwise"] as const).filter(
        (key) => rule[key] !== undefined,
      );
      if (extra.length > 0) {
        errors.push(
          file.error(
            [...base, extra[0]!],
            `a value is a constant ("value") or a table ("from", "map"), not both: remove ${extra.map((key) => `"${key}"`).join(", ")}, or "value"`,
          ),
        );
      }
      checkValue(rule.value, [...base, "value"]);
    } else if (rule.from === undefined || rule.map === undefined) {
      errors.push(
        file.error(base, `give the value: a constant ("value"), or a table ("from" and "map")`),
      );
    } else {
      checkTable({ from: rule.from, map: rule.map, otherwise: rule.otherwise }, base);
    }
  });
  return errors;
}
