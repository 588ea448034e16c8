/**
 * Inputs the mapping guesses when the visitor did not give them (`guesses:` in
 * `schema/journey.yaml`, docs/engine-notes.md "Guessed inputs"): which of them were guessed for a
 * situation. What becomes of the aids that read them is the schema's (`./eligibility/aids.ts`,
 * `src/server/bikes.ts`).
 */
import type { Bundle, Guess, GuessRule } from "./bundle";
import { isDependentOfParents } from "./engine/rules/dependent-parents";
import { filesJointly } from "./engine/rules/entities";
import { hasDeclaredFiscalIncomes } from "./engine/rules/fiscal-defaults";
import { householdMembers } from "./engine/rules/members";
import type { EntityValues, Situation } from "./types";

export { GUESS_RULES } from "./guess-rules";

/** Whether each mapping rule guessed its input for this situation. */
const RULE_GUESSED: Readonly<Record<GuessRule, (situation: Situation) => boolean>> = {
  // "N-2 incomes by default": the applicant's own tax household (not their parents', whose
  // figures are asked), one of whose declarants declared no N-2 taxable income. A partner in
  // union libre files their own return (CGI art. 6): not a declarant of the applicant's.
  fiscal_defaults(situation) {
    if (isDependentOfParents(situation)) return false;
    const members = householdMembers(situation);
    const { demandeur, conjoint } = members;
    return [demandeur, ...(conjoint && filesJointly(members) ? [conjoint] : [])].some(
      (person) => !hasDeclaredFiscalIncomes(situation.ressourcesFiscales, person.id),
    );
  },
  // "No past entitlement": the past months of benefits the visitor did not declare are sent as 0.
  past_benefits: () => true,
};

const unanswered = (value: unknown) => value === undefined || value === null;

/** The answers a derived value of this entity reads. */
function entityValues(situation: Situation, entity: string): EntityValues | undefined {
  switch (entity) {
    case "individu":
      return situation.demandeur;
    case "famille":
      return situation.famille;
    case "menage":
      return situation.menage;
    case "parents":
      return situation.parents;
    default:
      return undefined;
  }
}

/** A derived value is a guess when it is a constant, or when its source answer was not given. */
function derivedGuessed(bundle: Pick<Bundle, "derived">, situation: Situation, attribute: string) {
  const rule = bundle.derived.find(
    (derived) =>
      derived.attribute === attribute && (derived.for === undefined || derived.for === "demandeur"),
  );
  if (!rule) return false;
  if (rule.value !== undefined) return true;
  if (!rule.from || rule.otherwise === undefined || rule.otherwise === null) return false;
  const values = entityValues(situation, rule.reads ?? rule.entity);
  return values !== undefined && unanswered(values[rule.from]);
}

/** Whether this guess was made for the situation. */
export function isGuessed(
  bundle: Pick<Bundle, "derived">,
  guess: Guess,
  situation: Situation,
): boolean {
  return "rule" in guess.input
    ? RULE_GUESSED[guess.input.rule](situation)
    : derivedGuessed(bundle, situation, guess.input.derived);
}

/** The ids of the schema's guesses made for this situation. */
export function guessedInputs(
  bundle: Pick<Bundle, "derived" | "guesses">,
  situation: Situation,
): string[] {
  return (bundle.guesses ?? [])
    .filter((guess) => isGuessed(bundle, guess, situation))
    .map((guess) => guess.id);
}
