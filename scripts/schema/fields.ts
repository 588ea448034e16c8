import type { SchemaError } from "./errors";
import { CHOICE_KINDS } from "./format";
import type { FieldInfo, ValidatedSchema } from "./model";
import { subjectOf } from "./model";

/** Every field of every entity, keyed `entity.name`, e.g. `individu.activite`. */
export type FieldIndex = Map<string, FieldInfo>;

/**
 * Indexes the fields asked by all blocks. A field may be asked by several steps (e.g. `scolarite`
 * for the applicant and for a child, with different options): its values are the union, and its
 * kind must agree.
 */
export function buildFieldIndex(schema: ValidatedSchema): {
  index: FieldIndex;
  errors: SchemaError[];
} {
  const index: FieldIndex = new Map();
  const firstDeclared = new Map<string, string>();
  const errors: SchemaError[] = [];
  const enumerations = schema.enumerations.value.enumerations;

  for (const { file, value: block } of schema.blocks) {
    block.steps.forEach((step, stepIndex) => {
      const subject = subjectOf(step, block.kind);
      if (!subject) return;
      step.fields.forEach((field, fieldIndex) => {
        const key = `${subject.entity}.${field.name}`;
        const path = ["steps", stepIndex, "fields", fieldIndex];
        let info = index.get(key);
        if (!info) {
          info = { entity: subject.entity, name: field.name, kind: field.kind };
          index.set(key, info);
          firstDeclared.set(key, `step "${step.id}" (${file.rel}:${file.lineOf(path)})`);
        } else if (info.kind !== field.kind) {
          errors.push(
            file.error(
              [...path, "kind"],
              `field "${key}" is a ${field.kind} here but a ${info.kind} in ${firstDeclared.get(key)}`,
            ),
          );
          return;
        }
        if (!CHOICE_KINDS.has(field.kind)) return;
        const values =
          field.options?.map((option) => option.value) ??
          (field.enum ? enumerations[field.enum]?.map((option) => option.value) : undefined);
        if (values) info.values = new Set([...(info.values ?? []), ...values]);
      });
    });
  }
  return { index, errors };
}
