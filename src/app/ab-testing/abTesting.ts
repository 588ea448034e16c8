/**
 * The A/B record kept in local storage under `ABTesting` (docs/product.md §3 "Persistence", §4 "A/B tests"):
 * `{ "aides_bafa": { "index": 1, "value": "aides_bafa_fusionnees_conserve_position" }, … }`.
 * The results page reads `aides_bafa` from it (`groupsMerged`), and the simulation and the
 * benefit statistics are posted with it as `abtesting`.
 */
import {
  AB_TESTS,
  BAFA_MERGED,
  BAFA_SEPARATE,
  PLANS_QUESTION_HIDDEN,
  PLANS_QUESTION_SHOWN,
  type AbVariant,
} from "../../domain/ab-tests";
import {
  StorageParseError,
  parseStorageItem,
  type KeyValueStorage,
  type Logger,
} from "../machine/storage";

// The tests are declared in the domain, where the server checks the posted record against them.
export { AB_TESTS, BAFA_MERGED, BAFA_SEPARATE, PLANS_QUESTION_HIDDEN, PLANS_QUESTION_SHOWN };
export type { AbVariant };

/** The local storage key of the A/B record (docs/product.md §4). */
export const AB_TESTING_KEY = "ABTesting";

export type AbTestingRecord = Record<string, AbVariant>;

/** `{ index, value }`, `{ value }` or the short form `"value"`; the index follows the value. */
function variantOf(name: string, entry: unknown): AbVariant | undefined {
  const value =
    typeof entry === "string"
      ? entry
      : typeof entry === "object" && entry !== null
        ? (entry as { value?: unknown }).value
        : undefined;
  if (typeof value !== "string") return undefined;
  const index = (entry as { index?: unknown }).index;
  return {
    index: typeof index === "number" ? index : (AB_TESTS[name]?.indexOf(value) ?? -1) + 1,
    value,
  };
}

/** The stored record; an unreadable one is logged and counts as none. */
export function readAbTesting(
  storage: Pick<KeyValueStorage, "getItem"> | undefined,
  logger: Logger = console,
): AbTestingRecord {
  if (!storage) return {};
  try {
    const raw = storage.getItem(AB_TESTING_KEY);
    if (raw === null) return {};
    const parsed = parseStorageItem("local", AB_TESTING_KEY, raw);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    const record: AbTestingRecord = {};
    for (const [name, entry] of Object.entries(parsed)) {
      // Short forms are read too (older records, hand-written tests).
      const variant = variantOf(name, entry);
      if (variant) record[name] = variant;
    }
    return record;
  } catch (error) {
    logger.error(error instanceof StorageParseError ? error.message : error);
    return {};
  }
}

function writeAbTesting(storage: KeyValueStorage, record: AbTestingRecord, logger: Logger): void {
  try {
    storage.setItem(AB_TESTING_KEY, JSON.stringify(record));
  } catch (error) {
    logger.error(error);
  }
}

/**
 * The record with a variant drawn for every running test that has none yet, stored back when
 * something was drawn. Called when the visitor's answers are saved, so that a visitor keeps their
 * variants from one simulation to the next.
 */
export function assignAbTesting(
  storage: KeyValueStorage | undefined,
  random: () => number = Math.random,
  logger: Logger = console,
): AbTestingRecord {
  if (!storage) return {};
  const record = readAbTesting(storage, logger);
  let drawn = false;
  for (const [name, variants] of Object.entries(AB_TESTS)) {
    const current = record[name];
    if (current && variants.includes(current.value)) continue;
    const index = Math.min(Math.floor(random() * variants.length), variants.length - 1);
    record[name] = { index: index + 1, value: variants[index]! };
    drawn = true;
  }
  if (drawn) writeAbTesting(storage, record, logger);
  return record;
}

/** `/init-ci`: the merged BAFA layout, whatever was drawn before (continuous integration). */
export function forceBafaMerged(storage: KeyValueStorage | undefined, logger: Logger = console) {
  if (!storage) return;
  const record = readAbTesting(storage, logger);
  record.aides_bafa = { index: AB_TESTS.aides_bafa!.indexOf(BAFA_MERGED) + 1, value: BAFA_MERGED };
  writeAbTesting(storage, record, logger);
}

/**
 * Whether the groups apply: the `aides_bafa` variant is a merged one (the one `/init-ci` sets).
 * Without a record the aids are shown separately, each with its own card.
 */
export function groupsMerged(
  storage: Pick<KeyValueStorage, "getItem"> | undefined,
  logger: Logger = console,
): boolean {
  return readAbTesting(storage, logger).aides_bafa?.value.includes("fusionnees") ?? false;
}

/** Whether the question on plans is asked (hidden unless drawn as shown). */
export function plansQuestionShown(record: AbTestingRecord): boolean {
  return record.question_projets?.value === PLANS_QUESTION_SHOWN;
}

/**
 * What the simulation is posted with (`abtesting`): the record's running tests with a declared
 * variant, when there is one. The server refuses anything else (a test since stopped, say).
 */
export function abTestingPayload(record: AbTestingRecord): AbTestingRecord | undefined {
  const payload: AbTestingRecord = {};
  for (const [name, variant] of Object.entries(record)) {
    const variants = Object.hasOwn(AB_TESTS, name) ? AB_TESTS[name] : undefined;
    const index = variants?.indexOf(variant.value) ?? -1;
    if (variants && index >= 0) payload[name] = { index: index + 1, value: variant.value };
  }
  return Object.keys(payload).length > 0 ? payload : undefined;
}
