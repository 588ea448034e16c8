/**
 * The running A/B tests and their variants (docs/product.md §4 "A/B tests"): the one declaration the app
 * draws from and the server checks a simulation's `abtesting` against. A simulation keeps its
 * `abtesting` as long as it is stored and retention does not rewrite it: only the declared tests
 * and their variants may be in it, never free text.
 */

/** Both BAFA layouts keep each aid's position in the list: only the grouping differs. */
export const BAFA_SEPARATE = "aides_bafa_separees_conserve_position";
export const BAFA_MERGED = "aides_bafa_fusionnees_conserve_position";

/** The question on the visitor's plans ("show-plans-to-ask" event) is shown or hidden. */
export const PLANS_QUESTION_SHOWN = "question_projets_affichee";
export const PLANS_QUESTION_HIDDEN = "question_projets_masquee";

/** The running tests and their variants, each drawn with the same probability. */
export const AB_TESTS: Readonly<Record<string, readonly string[]>> = {
  aides_bafa: [BAFA_SEPARATE, BAFA_MERGED],
  question_projets: [PLANS_QUESTION_SHOWN, PLANS_QUESTION_HIDDEN],
};

export interface AbVariant {
  /** 1-based position of `value` among the test's variants. */
  index: number;
  value: string;
}

export interface AbTestingIssue {
  /** The test's name, or none for the whole record. */
  test?: string;
  message: string;
}

const testNames = () => Object.keys(AB_TESTS).join(", ");

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What is wrong with one test's entry: `"value"`, `{ value }` or `{ index, value }`. */
function variantProblem(variants: readonly string[], entry: unknown): string | undefined {
  const expected = `doit être l’une des variantes ${variants.join(", ")}, seule ou { index, value }`;
  if (typeof entry === "string") return variants.includes(entry) ? undefined : expected;
  if (!isRecord(entry)) return expected;
  for (const key in entry) if (key !== "index" && key !== "value") return expected;
  if (typeof entry.value !== "string" || !variants.includes(entry.value)) return expected;
  const { index } = entry;
  if (
    index !== undefined &&
    !(
      typeof index === "number" &&
      Number.isInteger(index) &&
      index >= 1 &&
      index <= variants.length
    )
  ) {
    return `index doit être un entier de 1 à ${variants.length}`;
  }
  return undefined;
}

/**
 * What is wrong with a posted `abtesting` record: an unknown test or variant (which could carry
 * anything, an e-mail address say), or more entries than there are tests.
 */
export function abTestingIssues(record: unknown): AbTestingIssue[] {
  if (!isRecord(record)) {
    return [{ message: `doit être un objet { test: variante } (tests\u00a0: ${testNames()})` }];
  }
  const names = Object.keys(record);
  if (names.length > Object.keys(AB_TESTS).length) {
    return [
      {
        message: `compte ${names.length} tests pour ${Object.keys(AB_TESTS).length} en cours (${testNames()})`,
      },
    ];
  }
  const issues: AbTestingIssue[] = [];
  for (const name of names) {
    const variants = Object.hasOwn(AB_TESTS, name) ? AB_TESTS[name] : undefined;
    const message = variants
      ? variantProblem(variants, record[name])
      : `test A/B inconnu\u00a0: les tests en cours sont ${testNames()}`;
    if (message) issues.push({ test: name, message });
  }
  return issues;
}
