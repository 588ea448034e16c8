import type { Bundle } from "./bundle";
import { childIds, valuesOf } from "./answers";
import { roleOf } from "./context";
import { valueDates } from "./dates";
import { withDerived } from "./derived";
import { hasFiscalValues, type Patrimoine, type RessourcesFiscales } from "./fiscal";
import type { FieldName } from "./schema-names";
import type { Answer, AnswerValue, EntityValues, Person, Situation } from "./types";

/** The answer of the couple question: a partner exists only when it is yes. */
const IN_COUPLE = "en_couple" satisfies FieldName;
/** The partner's marital status, which is the applicant's too (docs/product.md §4). */
const MARITAL_STATUS = "statut_marital" satisfies FieldName;

/**
 * A person's incomes: each selected type gets its amounts (empty when none were entered yet) and
 * its further answers, defaults filling the unanswered ones; amounts and further answers of a type
 * no longer selected are dropped (docs/product.md §4).
 */
function withIncomes(bundle: Bundle, values: Record<string, AnswerValue>): EntityValues {
  const selected = Array.isArray(values.ressources) ? values.ressources : [];
  const owned = new Set(
    bundle.incomeTypes.flatMap((type) => [type.id, ...(type.fields ?? []).map((f) => f.name)]),
  );
  const result: EntityValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!owned.has(name)) result[name] = value;
  }
  for (const type of bundle.incomeTypes) {
    if (!selected.includes(type.id)) continue;
    const amounts = values[type.id];
    result[type.id] = typeof amounts === "object" && !Array.isArray(amounts) ? amounts : {};
    for (const field of type.fields ?? []) {
      const value = values[field.name] ?? field.default;
      if (value !== undefined) result[field.name] = value;
    }
  }
  return result;
}

function buildPerson(
  bundle: Bundle,
  answers: readonly Answer[],
  id: string,
  thisYear: string,
): Person {
  const values = withDerived(
    bundle.derived,
    "individu",
    withIncomes(bundle, valuesOf(answers, "individu", id)),
    { answers, personId: id },
  );
  const person: Person = { ...values, id, _role: roleOf(id) };
  // The dependent-child answer is about the current year.
  if (typeof values.enfant_a_charge === "boolean")
    person.enfant_a_charge = { [thisYear]: values.enfant_a_charge };
  return person;
}

/** What a situation carries beside the answers (docs/product.md §3 "Simulation"). */
export interface SituationOptions {
  version?: string;
  /** Taxable incomes of the fiscal year N-2, by person; attached only when something is declared. */
  ressourcesFiscales?: RessourcesFiscales;
  /** The household's wealth; attached only when something is declared. */
  patrimoine?: Patrimoine;
}

/**
 * The situation derived from the answers (docs/product.md §3, §4); never stored. The fourth argument is the
 * schema version, or the options (version, declared taxable incomes and wealth).
 */
export function buildSituation(
  bundle: Bundle,
  answers: readonly Answer[],
  dateDeValeur: string,
  versionOrOptions?: string | SituationOptions,
): Situation {
  const options: SituationOptions =
    typeof versionOrOptions === "string" ? { version: versionOrOptions } : (versionOrOptions ?? {});
  const { version, ressourcesFiscales, patrimoine } = options;
  const { thisYear } = valueDates(dateDeValeur);
  const scope = { answers };
  const famille = withDerived(
    bundle.derived,
    "famille",
    valuesOf(answers, "famille", "famille"),
    scope,
  );
  const menage = withDerived(
    bundle.derived,
    "menage",
    valuesOf(answers, "menage", "menage"),
    scope,
  );
  const demandeur = buildPerson(bundle, answers, "demandeur", thisYear);
  const inCouple = famille[IN_COUPLE] === true;
  const conjoint = inCouple ? buildPerson(bundle, answers, "conjoint", thisYear) : undefined;
  if (conjoint?.[MARITAL_STATUS] !== undefined)
    demandeur[MARITAL_STATUS] = conjoint[MARITAL_STATUS];
  return {
    dateDeValeur,
    ...(version ? { version } : {}),
    demandeur,
    ...(conjoint ? { conjoint } : {}),
    enfants: childIds(answers).map((id) => buildPerson(bundle, answers, id, thisYear)),
    famille,
    menage,
    parents: withDerived(bundle.derived, "parents", valuesOf(answers, "parents", "parents"), scope),
    ...(ressourcesFiscales && hasFiscalValues(ressourcesFiscales) ? { ressourcesFiscales } : {}),
    ...(patrimoine && hasFiscalValues(patrimoine) ? { patrimoine } : {}),
  };
}
