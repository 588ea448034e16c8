import { sameKey, splitLocalAnswers, type Answer, type Bundle } from "../../domain";
import { StorageParseError, parseStorageItem, type KeyValueStorage, type Logger } from "./storage";

/**
 * Local storage key of the answers kept in the visitor's browser only: their contact details
 * (docs/product.md §3 "Persistence"). They outlive the simulation, are never saved with it nor posted.
 */
export const LOCAL_ANSWERS_KEY = "reponsesLocales";

function isAnswer(value: unknown): value is Answer {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Answer).entityName === "string" &&
    typeof (value as Answer).id === "string" &&
    typeof (value as Answer).fieldName === "string"
  );
}

export function loadLocalAnswers(
  bundle: Bundle,
  storage: KeyValueStorage | undefined,
  logger: Logger,
): Answer[] {
  if (!storage) return [];
  let raw: string | null;
  try {
    raw = storage.getItem(LOCAL_ANSWERS_KEY);
  } catch (error) {
    logger.error(error);
    return [];
  }
  if (raw === null) return [];
  try {
    const parsed = parseStorageItem("local", LOCAL_ANSWERS_KEY, raw);
    // Only answers the schema still keeps locally: nothing else may slip into the simulation.
    const answers = Array.isArray(parsed) ? parsed.filter(isAnswer) : [];
    return splitLocalAnswers(bundle, answers).local;
  } catch (error) {
    logger.error(error instanceof StorageParseError ? error.message : error);
    return [];
  }
}

export function saveLocalAnswers(
  storage: KeyValueStorage | undefined,
  answers: readonly Answer[],
  logger: Logger,
): void {
  if (!storage) return;
  try {
    if (answers.length === 0) storage.removeItem(LOCAL_ANSWERS_KEY);
    else storage.setItem(LOCAL_ANSWERS_KEY, JSON.stringify(answers));
  } catch (error) {
    logger.error(error);
  }
}

/** The answers with the locally kept ones added, unless already answered. */
export function withLocalAnswers(answers: readonly Answer[], local: readonly Answer[]): Answer[] {
  const missing = local.filter((answer) => !answers.some((other) => sameKey(other, answer)));
  return missing.length === 0 ? (answers as Answer[]) : [...answers, ...missing];
}

/** The answers that may leave the browser (saved with the simulation, posted). */
export function sharedAnswers(bundle: Bundle, answers: readonly Answer[]): Answer[] {
  return splitLocalAnswers(bundle, answers).shared;
}
