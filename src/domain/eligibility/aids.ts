import type { Aid, Bundle, Catalogue, Guess, Predicate } from "../bundle";
import type { Droit, DroitStatus } from "../types";
import { describeConditions } from "./describe";
import { firstFailure, holds } from "./evaluate";
import type { EligibilityFacts } from "./facts";
import { operatorNamed } from "./operators";

/** The amount shown for an aid: its amount, rounded down to `floorAt`, or `true` for a bool. */
export function aidAmount(aid: Aid): number | boolean {
  if (aid.type === "bool" || aid.amount === undefined) return true;
  return aid.floorAt ? Math.floor(aid.amount / aid.floorAt) * aid.floorAt : aid.amount;
}

export function aidToDroit(bundle: Pick<Bundle, "institutions">, aid: Aid): Droit {
  return {
    id: aid.id,
    label: aid.label,
    description: aid.description,
    institution:
      bundle.institutions.find((i) => i.id === aid.institution)?.label ?? aid.institution,
    montant: aidAmount(aid),
    unit: aid.unit,
    periodicity: aid.periodicity,
    ...(aid.legend ? { legend: aid.legend } : {}),
    ...(aid.interestFlag ? { interestFlag: aid.interestFlag } : {}),
    ...(aid.priority !== undefined ? { priority: aid.priority } : {}),
    ...(aid.links.teleserviceNeedsRegistration ? { teleserviceNeedsRegistration: true } : {}),
    ...(aid.toCheck ? { toCheck: aid.toCheck } : {}),
    ...(aid.certainty ? { certainty: aid.certainty } : {}),
    ...(aid.decisive ? { decisive: aid.decisive } : {}),
    links: Object.fromEntries(
      Object.entries(aid.links).filter(([, url]) => typeof url === "string"),
    ) as Record<string, string>,
  };
}

/** A condition of an aid that reads an input guessed for this visitor. */
export interface GuessedCondition {
  guess: Guess;
  operator: string;
  args: unknown[];
}

/** The conditions of an eligibility predicate that read a guessed input, in their order. */
function guessedConditions(
  eligibility: Predicate,
  facts: EligibilityFacts,
  guesses: readonly Guess[],
): GuessedCondition[] {
  const made = guesses.filter((guess) => guess.aids && facts.guesses?.has(guess.id));
  if (made.length === 0) return [];
  const found: GuessedCondition[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return;
    for (const [operator, value] of Object.entries(node)) {
      const args = Array.isArray(value) ? value : [value];
      if (operator === "and" || operator === "or" || operator === "!") {
        args.forEach(walk);
        continue;
      }
      const guess = made.find((g) => g.aids!.conditions.includes(operator));
      if (guess) found.push({ guess, operator, args });
    }
  };
  walk(eligibility);
  return found;
}

/**
 * Whether the visitor gets an aid, and the guessed conditions its verdict depends on: each guess's
 * conditions are taken to hold, then to fail (the guessed input at either end of its plausible
 * range), the other facts as they are; a guess whose conditions change the verdict is one it
 * depends on. When no guess alone does, all of them together are tried.
 */
export function aidVerdict(
  aid: Pick<Aid, "eligibility">,
  facts: EligibilityFacts,
  guesses: readonly Guess[] = [],
): { holds: boolean; dependsOn: GuessedCondition[] } {
  const actual = holds(aid.eligibility, facts);
  const conditions = guessedConditions(aid.eligibility, facts, guesses);
  if (conditions.length === 0) return { holds: actual, dependsOn: [] };
  const flips = (operators: readonly string[], value: boolean) =>
    holds(aid.eligibility, {
      ...facts,
      assume: Object.fromEntries(operators.map((operator) => [operator, value])),
    }) !== actual;
  const operatorsOf = (guess: Guess) => [
    ...new Set(conditions.filter((c) => c.guess === guess).map((c) => c.operator)),
  ];
  const involved = [...new Set(conditions.map((condition) => condition.guess))].filter(
    (guess) => flips(operatorsOf(guess), true) || flips(operatorsOf(guess), false),
  );
  if (involved.length > 0) {
    return { holds: actual, dependsOn: conditions.filter((c) => involved.includes(c.guess)) };
  }
  const operators = [...new Set(conditions.map((condition) => condition.operator))];
  for (let mask = 0; mask < 2 ** operators.length; mask++) {
    const assume = Object.fromEntries(operators.map((op, i) => [op, (mask & (2 ** i)) !== 0]));
    if (holds(aid.eligibility, { ...facts, assume }) !== actual) {
      return { holds: actual, dependsOn: conditions };
    }
  }
  return { holds: actual, dependsOn: [] };
}

/** A guessed condition in plain French: the condition, then the value we estimated. */
function conditionText(condition: GuessedCondition, facts: EligibilityFacts): string {
  const node = { [condition.operator]: condition.args } as Predicate;
  const described = describeConditions(node, facts)
    .map((description) => description.text)
    .join(" ");
  const estimate = operatorNamed(condition.operator)?.estimate?.(facts, ...condition.args);
  return estimate ? `${described} ${estimate}` : described;
}

/**
 * The droit of an aid whose eligibility depends on guessed inputs (`guesses:` in the schema): shown
 * as possible, or granted with the guessed conditions to check; undefined when not shown.
 */
function guessedDroit(
  droit: Droit,
  granted: boolean,
  dependsOn: readonly GuessedCondition[],
  facts: EligibilityFacts,
): Droit | undefined {
  const effect = (guess: Guess) => (granted ? guess.aids!.granted : guess.aids!.excluded);
  const possible = dependsOn.filter((condition) => effect(condition.guess) === "possible");
  const toCheck = dependsOn.filter((condition) => effect(condition.guess) === "check");
  if (!granted && possible.length === 0) return undefined;
  const result: Droit = { ...droit };
  if (possible.length > 0) {
    const guesses = [...new Set(possible.map((condition) => condition.guess))];
    const links = guesses.flatMap((guess) => guess.links ?? []);
    const status: DroitStatus = {
      kind: "possible",
      label: guesses[0]!.label ?? "Possible",
      reason: guesses
        .map((guess) => guess.reason ?? "")
        .join(" ")
        .trim(),
      conditions: [...new Set(possible.map((condition) => conditionText(condition, facts)))],
      links: links.filter((link, i) => links.findIndex((l) => l.url === link.url) === i),
    };
    result.status = status;
  }
  if (toCheck.length > 0) {
    const added = toCheck.map((condition) =>
      [conditionText(condition, facts), condition.guess.toCheck].filter(Boolean).join(" "),
    );
    result.toCheck = [...(droit.toCheck ?? []), ...new Set(added)];
  }
  return result;
}

/**
 * The condition-based aids the visitor is eligible to, in catalogue order, and those whose
 * eligibility depends on an input the simulator guessed, as the schema's `guesses:` say (possible,
 * or granted with a condition to check): none vanishes or appears on a guess alone.
 */
export function eligibleAids(
  bundle: Pick<Bundle, "institutions" | "guesses">,
  catalogue: Pick<Catalogue, "aids">,
  facts: EligibilityFacts,
): Droit[] {
  const droits: Droit[] = [];
  for (const aid of catalogue.aids) {
    const verdict = aidVerdict(aid, facts, bundle.guesses);
    if (verdict.dependsOn.length === 0) {
      if (verdict.holds) droits.push(aidToDroit(bundle, aid));
      continue;
    }
    const droit = guessedDroit(aidToDroit(bundle, aid), verdict.holds, verdict.dependsOn, facts);
    if (droit) droits.push(droit);
  }
  return droits;
}

/** Why the visitor does not get this aid (the first condition they fail), or undefined. */
export function whyNot(aid: Aid, facts: EligibilityFacts): string | undefined {
  return firstFailure(aid.eligibility, facts);
}
