import type { Answer, FieldName } from "../../domain";
import { peekStoredSimulation, type KeyValueStorage } from "../machine/storage";

const BIRTH_DATE = "date_naissance" satisfies FieldName;

/** docs/product.md §5: a simulation is valid, and can be resumed, once the applicant has a birth date. */
export function hasApplicantBirthDate(answers: readonly Answer[]): boolean {
  return answers.some(
    (answer) =>
      answer.entityName === "individu" &&
      answer.id === "demandeur" &&
      answer.fieldName === BIRTH_DATE,
  );
}

/** Whether the simulation saved in session storage can be resumed (no machine needed). */
export function storedSimulationIsResumable(storage: KeyValueStorage): boolean {
  const stored = peekStoredSimulation(storage);
  return stored !== undefined && hasApplicantBirthDate(stored.answers.all);
}
