import { findAnswer, removeAnswer, writeAnswer } from "./answers";
import type { Answer, AnswerValue, StepInstance } from "./types";

/** The stored values of a step's fields, to fill its form. */
export function stepValues(
  step: StepInstance,
  answers: readonly Answer[],
): Record<string, AnswerValue | undefined> {
  return Object.fromEntries(
    step.fields.map((field) => [
      field.name,
      findAnswer(answers, step.entityName, step.id, field.name)?.value,
    ]),
  );
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

/** The answers a submitted step form records; empty optional fields record nothing. */
export function answersFromStepValues(
  step: StepInstance,
  values: Record<string, unknown>,
): Answer[] {
  return step.fields
    .filter((field) => !isEmpty(values[field.name]))
    .map((field) => ({
      entityName: step.entityName,
      id: step.id,
      fieldName: field.name,
      value: values[field.name] as AnswerValue,
      path: step.path,
    }));
}

/** Writes a submitted step: its answers replace earlier ones, and cleared fields are removed. */
export function applyStepValues(
  answers: readonly Answer[],
  step: StepInstance,
  values: Record<string, unknown>,
): Answer[] {
  let next = answers as Answer[];
  for (const field of step.fields) {
    if (isEmpty(values[field.name])) {
      next = removeAnswer(next, {
        entityName: step.entityName,
        id: step.id,
        fieldName: field.name,
      });
    }
  }
  for (const answer of answersFromStepValues(step, values)) next = writeAnswer(next, answer);
  return next;
}
