import { findAnswer, type Answer, type Bundle, type StepInstance } from "../../domain";
import { optionsOf } from "../steps/formValues";
import { formatAnswer } from "./formatAnswer";

export interface RecapRow {
  key: string;
  /** The step to go back to, to change this answer. */
  path: string;
  question: string;
  value: string;
}

export interface RecapSection {
  id: string;
  label: string;
  /** The first active step of the chapter. */
  firstPath: string;
  rows: RecapRow[];
}

/** The children list shows first names, not ids. */
function childNames(answers: readonly Answer[], ids: string[]): string {
  if (ids.length === 0) return "Aucun";
  return ids
    .map((id) => {
      const name = findAnswer(answers, "individu", id, "_firstName")?.value;
      return typeof name === "string" && name ? name : id;
    })
    .join(", ");
}

function stepRows(bundle: Bundle, step: StepInstance, answers: readonly Answer[]): RecapRow[] {
  // The children list step has no field of its own: it shows the children's first names.
  if (step.entityName === "enfants") {
    const children = findAnswer(answers, "enfants", "enfants", "enfants")?.value;
    if (!Array.isArray(children)) return [];
    const question = step.title ?? "Vos enfants";
    return [{ key: step.path, path: step.path, question, value: childNames(answers, children) }];
  }
  return step.fields.flatMap((field) => {
    const answer = findAnswer(answers, step.entityName, step.id, field.name);
    if (!answer) return [];
    const value = formatAnswer(field, answer.value, optionsOf(field, bundle.enumerations));
    return [
      { key: `${step.path}#${field.name}`, path: step.path, question: field.question, value },
    ];
  });
}

/** The answers of the active steps, chapter by chapter, in journey order (docs/product.md §2 recap). */
export function recapSections(
  bundle: Bundle,
  steps: readonly StepInstance[],
  answers: readonly Answer[],
): RecapSection[] {
  return bundle.chapters.flatMap((chapter) => {
    const chapterSteps = steps.filter((step) => step.isActive && step.chapter === chapter.id);
    const rows = chapterSteps.flatMap((step) => stepRows(bundle, step, answers));
    const [first] = chapterSteps;
    if (rows.length === 0 || !first) return [];
    return [{ id: chapter.id, label: chapter.label, firstPath: first.path, rows }];
  });
}
