import {
  ageAt,
  childIds,
  defaultChildFirstName,
  parseIsoDate,
  type Answer,
  type Answers,
  type FieldName,
} from "../../domain";

/**
 * Contact details are kept in the visitor's browser and never sent (`storage: local`); should one
 * reach the server all the same, anonymisation drops it.
 */
const CONTACT_FIELDS: ReadonlySet<string> = new Set<FieldName>([
  "prenom",
  "nom",
  "email",
  "telephone",
]);
/** The answers anonymisation coarsens (schema field names, checked by `tsc`). */
const BIRTH_DATE = "date_naissance" satisfies FieldName;
const FIRST_NAME = "_firstName" satisfies FieldName;

/**
 * The birth date that keeps only the age at the value date: the first day of the value date's
 * month, that many years earlier. It stays a valid date, so every reader of the answers (the
 * browser, the schema parser, the engine) reads it unchanged, and the person has the same age in
 * whole years as before throughout the value date's month, the period results are computed for.
 * Day and month of birth are gone. Undefined when either date is not a calendar date.
 */
export function coarsenBirthDate(birthDate: string, dateDeValeur: string): string | undefined {
  const age = ageAt(birthDate, dateDeValeur);
  const valueDate = parseIsoDate(dateDeValeur);
  if (age === null || !valueDate) return undefined;
  const year = String(valueDate.year - age).padStart(4, "0");
  return `${year}-${String(valueDate.month).padStart(2, "0")}-01`;
}

/**
 * The answers of an anonymised simulation (docs/product.md §3 "anonymized"): birth dates coarsened to the age
 * at the value date, children's first names back to their default ("votre 1er enfant"), contact
 * details dropped. Everything else (situation, incomes, commune) is kept: it is what the results
 * of a simulation with a follow-up are computed from, and no longer points to a person without
 * the birth date and the names. Applying it twice changes nothing.
 */
export function coarsenAnswers(answers: Answers, dateDeValeur: string): Answers {
  const children = childIds(answers.all);
  const coarsen = (list: readonly Answer[]) =>
    list.flatMap((answer) => coarsenAnswer(answer, dateDeValeur, children));
  return { all: coarsen(answers.all), current: coarsen(answers.current) };
}

function coarsenAnswer(answer: Answer, dateDeValeur: string, children: string[]): Answer[] {
  if (CONTACT_FIELDS.has(answer.fieldName)) return [];
  if (answer.entityName !== "individu") return [answer];
  if (answer.fieldName === BIRTH_DATE) {
    const coarse =
      typeof answer.value === "string" ? coarsenBirthDate(answer.value, dateDeValeur) : undefined;
    // A value that is not a date cannot be coarsened: it is dropped rather than kept as is.
    return coarse === undefined ? [] : [{ ...answer, value: coarse }];
  }
  if (answer.fieldName === FIRST_NAME) {
    return [{ ...answer, value: defaultChildFirstName(childIndex(answer.id, children)) }];
  }
  return [answer];
}

function childIndex(id: string, children: string[]): number {
  const index = children.indexOf(id);
  if (index >= 0) return index;
  const number = /^enfant_(\d+)$/.exec(id)?.[1];
  return number === undefined ? 0 : Number(number);
}
