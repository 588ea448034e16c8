import type { SchemaError, Segment } from "./errors";
import type { FieldYaml } from "./format";
import type { ValidatedSchema } from "./model";

/** The name under which a person's chosen income types are answered. */
export const INCOME_TYPES_FIELD = "ressources";

/**
 * Income types: a known category; a label list whose items all but the last have a `when` (the
 * last is the default); further fields checked like any field, with names that do not clash
 * with an income type.
 */
export function checkIncomeTypes(
  schema: ValidatedSchema,
  checkField: (field: FieldYaml, path: Segment[]) => SchemaError[],
): SchemaError[] {
  const { file, value } = schema.incomes;
  const errors: SchemaError[] = [];
  const categoryIds = new Set(value.categories.map((category) => category.id));
  const typeIds = new Set(value.types.map((type) => type.id));

  value.types.forEach((type, i) => {
    const at = (...rest: Segment[]): Segment[] => ["types", i, ...rest];
    if (!categoryIds.has(type.category)) {
      errors.push(file.error(at("category"), `unknown income category "${type.category}"`));
    }
    if (Array.isArray(type.label)) {
      const last = type.label.length - 1;
      type.label.forEach((label, l) => {
        if (l < last && label.when === undefined) {
          errors.push(
            file.error(at("label", l), 'missing key "when" (only the last label is the default)'),
          );
        }
        if (l === last && label.when !== undefined) {
          errors.push(
            file.error(at("label", l, "when"), 'the last label is the default: it takes no "when"'),
          );
        }
      });
    }
    type.fields?.forEach((field, f) => {
      const path = at("fields", f);
      if (typeIds.has(field.name) || field.name === INCOME_TYPES_FIELD) {
        errors.push(
          file.error([...path, "name"], `"${field.name}" is already the name of an income answer`),
        );
      }
      errors.push(...checkField(field, path));
    });
  });
  return errors;
}
