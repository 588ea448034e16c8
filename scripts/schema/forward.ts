import type { SchemaError } from "./errors";
import type { StepYaml } from "./format";
import { personOf, qualifierOf, subjectOf, type Person, type ValidatedSchema } from "./model";
import type { PredicateSite } from "./predicate-check";

/** The predicates to check against the journey order, found by the static pass. */
export interface PredicateSites {
  /** The step's `when` and its options' `when`s. */
  steps: Map<StepYaml, PredicateSite[]>;
  /** By journey entry index. */
  journey: Map<number, PredicateSite>;
  /** Evaluated when a person's income types are asked (the `income_types` step). */
  incomeTypes: PredicateSite[];
}

interface Position {
  entryIndex: number;
  person?: Person;
  step: StepYaml;
  kind: "person" | "household";
}

/**
 * Walks the journey in order, instantiating each block for its person, and reports predicates that
 * read a field not asked by an earlier step. Fields are named by who they are about:
 * `demandeur.activite`, `enfant.scolarite`, `menage.loyer`...
 */
export function checkForwardReferences(
  schema: ValidatedSchema,
  sites: PredicateSites,
): SchemaError[] {
  const blocks = new Map(schema.blocks.map(({ value }) => [value.block, value]));
  const positions: Position[] = [];
  for (const [entryIndex, entry] of schema.journey.value.journey.entries()) {
    const block = blocks.get(entry.block);
    // An unknown block or a person block without `for` is reported by checkReferences; the order
    // of such a journey means little, so do not add a forward reference for every field.
    if (!block || (block.kind === "person" && entry.for === undefined)) return [];
    const person = block.kind === "person" ? personOf(entry.for) : undefined;
    for (const step of block.steps) positions.push({ entryIndex, person, step, kind: block.kind });
  }

  const firstAsked = new Map<string, { index: number; stepId: string }>();
  positions.forEach(({ step, kind, person }, index) => {
    const subject = subjectOf(step, kind);
    const qualifier = subject && qualifierOf(subject, person);
    if (!qualifier) return;
    const incomeFields =
      step.special === "income_amounts"
        ? schema.incomes.value.types.flatMap((type) => type.fields ?? [])
        : [];
    for (const field of [...step.fields, ...incomeFields]) {
      const key = `${qualifier}.${field.name}`;
      if (!firstAsked.has(key)) firstAsked.set(key, { index, stepId: step.id });
    }
  });

  const errors: SchemaError[] = [];
  const check = (
    site: PredicateSite,
    index: number,
    person: Person | undefined,
    ownStep: boolean,
  ) => {
    for (const read of site.reads) {
      const qualifier = read.qualifier === "self" ? person : read.qualifier;
      if (!qualifier) continue;
      const key = `${qualifier}.${read.field}`;
      const first = firstAsked.get(key);
      if (first && first.index < index) continue;
      // Whether a later question is answered yet may decide the order (the children's profiles
      // before or after their list): `unanswered` may look ahead, as long as the question exists.
      if (first && read.answeredOnly) continue;
      const shown = read.varName.startsWith("self.")
        ? `"${read.varName}" (${key})`
        : `"${read.varName}"`;
      const tail = !first
        ? "is never asked in the journey"
        : first.index === index && ownStep
          ? "is asked by this same step"
          : `is first asked by a later step "${first.stepId}"`;
      errors.push(site.file.error(read.path, `forward reference: ${shown} ${tail}`));
    }
  };

  positions.forEach(({ entryIndex, person, step }, index) => {
    const entrySite = sites.journey.get(entryIndex);
    if (entrySite && positions[index - 1]?.entryIndex !== entryIndex)
      check(entrySite, index, person, false);
    for (const site of sites.steps.get(step) ?? []) check(site, index, person, true);
    if (step.special === "income_types") {
      for (const site of sites.incomeTypes) check(site, index, person, false);
    }
  });
  return errors;
}
