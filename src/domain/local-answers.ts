import type { Bundle } from "./bundle";
import type { Answer } from "./types";

/** `entity.field` of every field kept in the visitor's browser only (`storage: local`). */
export function localFieldKeys(bundle: Bundle): Set<string> {
  const keys = new Set<string>();
  for (const block of Object.values(bundle.blocks)) {
    for (const step of block.steps) {
      for (const field of step.fields) {
        if (field.storage === "local") keys.add(`${step.subject.entity}.${field.name}`);
      }
    }
  }
  return keys;
}

/**
 * Splits the answers into those that travel with the simulation and those kept in the browser
 * only (docs/product.md §3 "Persistence": the visitor's contact details), never sent to the server.
 */
export function splitLocalAnswers(
  bundle: Bundle,
  answers: readonly Answer[],
): { shared: Answer[]; local: Answer[] } {
  const keys = localFieldKeys(bundle);
  const shared: Answer[] = [];
  const local: Answer[] = [];
  for (const answer of answers) {
    (keys.has(`${answer.entityName}.${answer.fieldName}`) ? local : shared).push(answer);
  }
  return { shared, local };
}
