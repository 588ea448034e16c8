import { withHint, type SchemaError, type Segment } from "./errors";
import { checkFieldFlags } from "./field-rules";
import { CHOICE_KINDS, type FieldYaml, type StepYaml } from "./format";
import { checkIncomeTypes } from "./income-rules";
import type { SourceFile } from "./load";
import type { ValidatedSchema } from "./model";
import { didYouMean } from "./suggest";

interface Declared {
  id: string;
  file: SourceFile;
  /** Path of the declared id. */
  path: Segment[];
}

/** Reports every declaration whose id was already declared, pointing at the first one. */
function duplicates(declared: readonly Declared[], what: string): SchemaError[] {
  const first = new Map<string, Declared>();
  const errors: SchemaError[] = [];
  for (const item of declared) {
    const previous = first.get(item.id);
    if (!previous) {
      first.set(item.id, item);
      continue;
    }
    const where = `${previous.file.rel}:${previous.file.lineOf(previous.path)}`;
    errors.push(
      item.file.error(item.path, `duplicate ${what} "${item.id}" (first declared at ${where})`),
    );
  }
  return errors;
}

/** Ids, names and the references between files; everything but predicates. */
export function checkReferences(schema: ValidatedSchema): SchemaError[] {
  const errors: SchemaError[] = [];
  const { chapters, enumerations, parameters, journey, incomes } = schema;

  const chapterIds = new Set(chapters.value.chapters.map((chapter) => chapter.id));
  errors.push(
    ...duplicates(
      chapters.value.chapters.map((c, i) => ({
        id: c.id,
        file: chapters.file,
        path: ["chapters", i, "id"],
      })),
      "chapter",
    ),
  );

  for (const [name, options] of Object.entries(enumerations.value.enumerations)) {
    const declared = options.map((o, i) => ({
      id: String(o.value),
      file: enumerations.file,
      path: ["enumerations", name, i, "value"],
    }));
    errors.push(...duplicates(declared, `value of enumeration "${name}"`));
  }

  errors.push(
    ...duplicates(
      parameters.value.parameters.map((p, i) => ({
        id: p.name,
        file: parameters.file,
        path: ["parameters", i, "name"],
      })),
      "parameter",
    ),
  );

  const institutions = schema.institutions.flatMap(({ file, value }) =>
    value.institutions.map((institution, i) => ({
      id: institution.id,
      file,
      path: ["institutions", i, "id"],
    })),
  );
  errors.push(...duplicates(institutions, "institution"));
  const institutionIds = new Set(institutions.map((institution) => institution.id));

  const benefits = schema.benefits.flatMap(({ file, value }) =>
    (value.benefits ?? []).map((benefit, i) => ({
      id: benefit.id,
      file,
      path: ["benefits", i, "id"],
      benefit,
    })),
  );
  errors.push(...duplicates(benefits, "benefit"));
  for (const { benefit, file, path } of benefits) {
    if (!institutionIds.has(benefit.institution)) {
      const at = [...path.slice(0, -1), "institution"];
      errors.push(
        withHint(
          file.error(at, `unknown institution "${benefit.institution}"`),
          didYouMean(benefit.institution, institutionIds),
        ),
      );
    }
  }

  errors.push(
    ...duplicates(
      incomes.value.categories.map((c, i) => ({
        id: c.id,
        file: incomes.file,
        path: ["categories", i, "id"],
      })),
      "income category",
    ),
    ...duplicates(
      incomes.value.types.map((t, i) => ({
        id: t.id,
        file: incomes.file,
        path: ["types", i, "id"],
      })),
      "income type",
    ),
  );
  errors.push(
    ...checkIncomeTypes(schema, (field, path) =>
      checkField(schema, field, incomes.file, path, { special: false, personBlock: false }),
    ),
  );

  errors.push(...checkBlocks(schema, chapterIds));
  errors.push(...checkChildrenList(schema));

  const blockKinds = new Map(schema.blocks.map(({ value }) => [value.block, value.kind]));
  journey.value.journey.forEach((entry, i) => {
    const at = (key: string): Segment[] => ["journey", i, key];
    const kind = blockKinds.get(entry.block);
    if (!kind) errors.push(journey.file.error(at("block"), `unknown block "${entry.block}"`));
    if (!chapterIds.has(entry.chapter)) {
      errors.push(journey.file.error(at("chapter"), `unknown chapter "${entry.chapter}"`));
    }
    if (kind === "household" && entry.for !== undefined) {
      errors.push(
        journey.file.error(at("for"), `"for" is not allowed on household block "${entry.block}"`),
      );
    }
    if (kind === "person" && entry.for === undefined) {
      errors.push(
        journey.file.error(
          ["journey", i],
          `person block "${entry.block}" needs "for" (demandeur, conjoint or enfants)`,
        ),
      );
    }
  });
  return errors;
}

function checkBlocks(schema: ValidatedSchema, chapterIds: ReadonlySet<string>): SchemaError[] {
  const errors: SchemaError[] = [];
  errors.push(
    ...duplicates(
      schema.blocks.map(({ file, value }) => ({ id: value.block, file, path: ["block"] })),
      "block",
    ),
  );
  const stepIds: Declared[] = [];
  for (const { file, value: block } of schema.blocks) {
    block.steps.forEach((step, s) => {
      const at = (...rest: Segment[]): Segment[] => ["steps", s, ...rest];
      stepIds.push({ id: step.id, file, path: at("id") });
      if (step.chapter !== undefined && !chapterIds.has(step.chapter)) {
        errors.push(file.error(at("chapter"), `unknown chapter "${step.chapter}"`));
      }
      if (block.kind === "household" && step.subject === undefined) {
        errors.push(file.error(at(), 'missing key "subject" (required in a household block)'));
      }
      errors.push(...checkSpecial(step, block.kind, file, at()));
      if (step.fields.length === 0 && step.special === undefined) {
        errors.push(file.error(at("fields"), "a step needs at least one field"));
      }
      if (step.fields.length === 0 && step.path === undefined) {
        errors.push(file.error(at(), 'missing key "path" (required when a step has no field)'));
      }
      errors.push(
        ...duplicates(
          step.fields.map((f, i) => ({ id: f.name, file, path: at("fields", i, "name") })),
          `field in step "${step.id}"`,
        ),
      );
      step.fields.forEach((field, i) => {
        errors.push(
          ...checkField(schema, field, file, at("fields", i), {
            special: step.special !== undefined,
            personBlock: block.kind === "person",
          }),
        );
      });
    });
  }
  errors.push(...duplicates(stepIds, "step id"));
  return errors;
}

/**
 * One children list at most, and one in the journey as soon as the journey asks about children:
 * it is where children are added.
 */
function checkChildrenList(schema: ValidatedSchema): SchemaError[] {
  const errors: SchemaError[] = [];
  const lists = schema.blocks.flatMap(({ file, value: block }) =>
    block.steps.flatMap((step, s) =>
      step.special === "children_list"
        ? [{ id: "children_list", file, path: ["steps", s, "special"], block: block.block }]
        : [],
    ),
  );
  errors.push(...duplicates(lists, "special step"));
  const { journey } = schema;
  const childrenEntry = journey.value.journey.findIndex((entry) => entry.for === "enfants");
  const listed = journey.value.journey.some((entry) =>
    lists.some((list) => list.block === entry.block),
  );
  if (childrenEntry >= 0 && !listed) {
    errors.push(
      journey.file.error(
        ["journey", childrenEntry, "for"],
        'the journey asks about children but has no "children_list" step to add them',
      ),
    );
  }
  return errors;
}

/** Special steps: the income screens belong to person blocks; the children list stands alone. */
function checkSpecial(
  step: StepYaml,
  kind: "person" | "household",
  file: SourceFile,
  path: Segment[],
): SchemaError[] {
  const at = (key: string): Segment[] => [...path, key];
  const errors: SchemaError[] = [];
  if (step.special === "children_list") {
    if (kind !== "household") {
      errors.push(file.error(at("special"), '"children_list" belongs in a household block'));
    }
    if (step.subject !== "enfants") {
      errors.push(file.error(at("special"), '"children_list" needs subject "enfants"'));
    }
    if (step.fields.length > 0) {
      errors.push(file.error(at("fields"), 'a "children_list" step has no fields ("fields: []")'));
    }
  } else if (step.subject === "enfants") {
    errors.push(
      file.error(at("subject"), 'subject "enfants" is only for the "children_list" step'),
    );
  }
  if ((step.special === "income_types" || step.special === "income_amounts") && kind !== "person") {
    errors.push(file.error(at("special"), `"${step.special}" belongs in a person block`));
  }
  return errors;
}

function checkField(
  schema: ValidatedSchema,
  field: FieldYaml,
  file: SourceFile,
  path: Segment[],
  { special, personBlock }: { special: boolean; personBlock: boolean },
): SchemaError[] {
  const errors: SchemaError[] = [];
  const at = (...rest: Segment[]): Segment[] => [...path, ...rest];
  const isChoice = CHOICE_KINDS.has(field.kind);
  const enumeration = field.enum ? schema.enumerations.value.enumerations[field.enum] : undefined;

  if (field.enum !== undefined && !enumeration) {
    errors.push(
      withHint(
        file.error(at("enum"), `unknown enumeration "${field.enum}"`),
        didYouMean(field.enum, Object.keys(schema.enumerations.value.enumerations)),
      ),
    );
  }
  if (!isChoice && (field.enum !== undefined || field.options !== undefined)) {
    const key = field.enum !== undefined ? "enum" : "options";
    errors.push(file.error(at(key), `"${key}" is only allowed on choice and multi_choice fields`));
  }
  if (isChoice && field.enum === undefined && field.options === undefined && !special) {
    errors.push(file.error(path, `a ${field.kind} field needs "enum" or "options"`));
  }

  const enumValues = enumeration ? new Set(enumeration.map((option) => option.value)) : undefined;
  field.options?.forEach((option, i) => {
    if (enumValues && !enumValues.has(option.value)) {
      errors.push(
        withHint(
          file.error(
            at("options", i, "value"),
            `option "${option.value}" is not a value of enumeration "${field.enum}"`,
          ),
          didYouMean(String(option.value), [...enumValues].map(String)),
        ),
      );
    }
  });
  if (field.options) {
    errors.push(
      ...duplicates(
        field.options.map((o, i) => ({
          id: String(o.value),
          file,
          path: at("options", i, "value"),
        })),
        `option of field "${field.name}"`,
      ),
    );
  }

  const fieldValues = field.options?.map((option) => option.value) ?? [...(enumValues ?? [])];
  errors.push(
    ...checkFieldFlags(field, {
      file,
      path,
      personBlock,
      ...(field.options || enumValues ? { values: new Set(fieldValues) } : {}),
    }),
  );

  const values = field.engine?.values;
  if (values && isChoice) {
    const known = new Set(
      [...(enumValues ?? []), ...(field.options ?? []).map((o) => o.value)].map(String),
    );
    for (const key of Object.keys(values)) {
      if (!known.has(key)) {
        errors.push(
          file.error(
            at("engine", "values", key),
            `"${key}" is not a value of field "${field.name}"`,
          ),
        );
      }
    }
  }
  return errors;
}
