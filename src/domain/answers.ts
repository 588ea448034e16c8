import type { Answer, AnswerEntityName, AnswerValue } from "./types";
import type { KnownField } from "./schema-names";

/** Answers are identified by (entityName, id, fieldName): a write replaces any earlier one. */
export function sameKey(
  a: Pick<Answer, "entityName" | "id" | "fieldName">,
  b: Pick<Answer, "entityName" | "id" | "fieldName">,
): boolean {
  return a.entityName === b.entityName && a.id === b.id && a.fieldName === b.fieldName;
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) =>
    valuesEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

export function findAnswer<N extends string>(
  answers: readonly Answer[],
  entityName: AnswerEntityName,
  id: string,
  fieldName: KnownField<N>,
): Answer | undefined {
  return answers.find((a) => sameKey(a, { entityName, id, fieldName }));
}

/**
 * Records an answer (docs/product.md §3, §5). Returns the same array when the value equals the stored one,
 * so callers can tell that nothing changed.
 */
export function writeAnswer(answers: readonly Answer[], answer: Answer): Answer[] {
  const index = answers.findIndex((a) => sameKey(a, answer));
  if (index === -1) return [...answers, answer];
  if (valuesEqual(answers[index]?.value, answer.value)) return answers as Answer[];
  const next = [...answers];
  next[index] = answer;
  return next;
}

export function removeAnswer(
  answers: readonly Answer[],
  key: Pick<Answer, "entityName" | "id" | "fieldName">,
): Answer[] {
  const next = answers.filter((a) => !sameKey(a, key));
  return next.length === answers.length ? (answers as Answer[]) : next;
}

/** All answers of one entity instance as a record of field name to value. */
export function valuesOf(
  answers: readonly Answer[],
  entityName: AnswerEntityName,
  id: string,
): Record<string, AnswerValue> {
  const values: Record<string, AnswerValue> = {};
  for (const answer of answers) {
    if (answer.entityName === entityName && answer.id === id)
      values[answer.fieldName] = answer.value;
  }
  return values;
}

const CHILDREN_KEY = { entityName: "enfants", id: "enfants", fieldName: "enfants" } as const;

export function childIds(answers: readonly Answer[]): string[] {
  const value = findAnswer(answers, "enfants", "enfants", "enfants")?.value;
  return Array.isArray(value) ? value : [];
}

/** "votre 1er enfant", "votre 2e enfant"… */
export function defaultChildFirstName(index: number): string {
  return `votre ${index + 1}${index === 0 ? "er" : "e"} enfant`;
}

/** Adds a child with the first unused `enfant_N` id and its default first name (docs/product.md §3). */
export function addChild(answers: readonly Answer[]): { answers: Answer[]; id: string } {
  const ids = childIds(answers);
  let n = 0;
  while (ids.includes(`enfant_${n}`)) n += 1;
  const id = `enfant_${n}`;
  let next = writeAnswer(answers, { ...CHILDREN_KEY, value: [...ids, id] });
  next = writeAnswer(next, {
    entityName: "individu",
    id,
    fieldName: "_firstName",
    value: defaultChildFirstName(ids.length),
  });
  return { answers: next, id };
}

/** Removes a child and every answer about them. */
export function removeChild(answers: readonly Answer[], id: string): Answer[] {
  const ids = childIds(answers).filter((childId) => childId !== id);
  const withoutChild = answers.filter((a) => !(a.entityName === "individu" && a.id === id));
  return writeAnswer(withoutChild, { ...CHILDREN_KEY, value: ids });
}

/** Records the children list as it stands, so that "no child" is an answer too. */
export function confirmChildren(answers: readonly Answer[]): Answer[] {
  return writeAnswer(answers, { ...CHILDREN_KEY, value: childIds(answers) });
}
