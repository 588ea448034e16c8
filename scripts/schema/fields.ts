import type { SchemaError, Segment } from "./errors";
import { CHOICE_KINDS, type FieldYaml } from "./format";
import type { SourceFile } from "./load";
import type { Entity, FieldInfo, ValidatedSchema } from "./model";
import { subjectOf } from "./model";

/** Every field of every entity, keyed `entity.name`, e.g. `individu.activite`. */
export type FieldIndex = Map<string, FieldInfo>;

/**
 * Indexes the fields asked by all blocks, and those asked about an income (about the person). A
 * field may be asked by several steps (e.g. `scolarite` for the applicant and for a child, with
 * different options): its values are the union, and its kind must agree. The income types screen's
 * field takes the income type ids as values.
 */
export function buildFieldIndex(schema: ValidatedSchema): {
  index: FieldIndex;
  errors: SchemaError[];
} {
  const index: FieldIndex = new Map();
  const firstDeclared = new Map<string, string>();
  const errors: SchemaError[] = [];
  const enumerations = schema.enumerations.value.enumerations;
  const incomeTypeIds = schema.incomes.value.types.map((type) => type.id);

  const add = (
    entity: Entity,
    field: FieldYaml,
    file: SourceFile,
    path: Segment[],
    where: string,
    special: string | undefined,
  ) => {
    const key = `${entity}.${field.name}`;
    let info = index.get(key);
    if (!info) {
      info = { entity, name: field.name, kind: field.kind };
      if (field.storage) info.storage = field.storage;
      index.set(key, info);
      firstDeclared.set(key, `${where} (${file.rel}:${file.lineOf(path)})`);
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
      special === "income_types"
        ? incomeTypeIds
        : (field.options?.map((option) => option.value) ??
          (field.enum ? enumerations[field.enum]?.map((option) => option.value) : undefined));
    if (values) info.values = new Set([...(info.values ?? []), ...values]);
  };

  for (const { file, value: block } of schema.blocks) {
    block.steps.forEach((step, stepIndex) => {
      const subject = subjectOf(step, block.kind);
      if (!subject || subject.entity === "enfants") return;
      step.fields.forEach((field, fieldIndex) => {
        const path = ["steps", stepIndex, "fields", fieldIndex];
        add(subject.entity, field, file, path, `step "${step.id}"`, step.special);
      });
    });
  }
  const incomes = schema.incomes;
  incomes.value.types.forEach((type, typeIndex) => {
    type.fields?.forEach((field, fieldIndex) => {
      const path = ["types", typeIndex, "fields", fieldIndex];
      add("individu", field, incomes.file, path, `income type "${type.id}"`, undefined);
    });
  });
  return { index, errors };
}
