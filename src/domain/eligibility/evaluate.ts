import jsonLogic from "json-logic-js";
import type { Predicate } from "../bundle";
import type { EligibilityFacts } from "./facts";
import { OPERATORS, operatorNamed, orList } from "./operators";

// json-logic-js calls custom operations with the evaluated arguments and the data as `this`.
for (const [name, operator] of Object.entries(OPERATORS)) {
  jsonLogic.add_operation(name, function (this: EligibilityFacts, ...args: unknown[]) {
    const assumed = this.assume?.[name];
    return assumed ?? operator.holds(this, ...args);
  });
}

/** Whether an eligibility predicate (compiled json-logic) holds for these facts. */
export function holds(eligibility: Predicate, facts: EligibilityFacts): boolean {
  return jsonLogic.truthy(jsonLogic.apply(eligibility as jsonLogic.RulesLogic, facts));
}

function operation(node: Predicate): [string, unknown[]] | undefined {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
  const [entry] = Object.entries(node);
  if (!entry) return undefined;
  const [op, args] = entry;
  return [op, Array.isArray(args) ? args : [args]];
}

/** The profile a branch of a profiles `or` is about: `{profile}` or `{and: [{profile}, …]}`. */
function profileOf(node: Predicate): string | undefined {
  const op = operation(node);
  if (!op) return undefined;
  if (op[0] === "profile") return String(op[1][0]);
  if (op[0] === "and") return op[1][0] === undefined ? undefined : profileOf(op[1][0] as Predicate);
  return undefined;
}

/**
 * The first condition the visitor fails, explained in French ("Cette aide est réservée aux
 * 16–25 ans ; vous avez 27 ans."), or undefined when the predicate holds. Conditions are tried
 * in their order; among profiles, the one the visitor matches explains its own failing condition,
 * and a visitor matching none is told which profiles the aid is for.
 */
export function firstFailure(eligibility: Predicate, facts: EligibilityFacts): string | undefined {
  if (holds(eligibility, facts)) return undefined;
  const op = operation(eligibility);
  if (!op) return "Vous ne remplissez pas les conditions de cette aide.";
  const [name, args] = op;
  const children = args as Predicate[];
  if (name === "and") {
    for (const child of children) {
      const failure = firstFailure(child, facts);
      if (failure) return failure;
    }
    return undefined;
  }
  if (name === "or") {
    const profiles = children.map(profileOf);
    if (profiles.every((p) => p !== undefined)) {
      const matched = children.find((_, i) => facts.profiles[profiles[i]!] === true);
      if (matched) return firstFailure(matched, facts);
      const names = [...new Set(profiles.map((p) => facts.profileLabels[p!] ?? p!))];
      return `Cette aide est réservée aux ${orList(names)}\u00A0; d’après vos réponses, ce n’est pas votre situation.`;
    }
    return children[0] === undefined ? undefined : firstFailure(children[0], facts);
  }
  if (name === "!") return "Vous ne remplissez pas les conditions de cette aide.";
  const operator = operatorNamed(name);
  if (!operator) return "Vous ne remplissez pas les conditions de cette aide.";
  const values = args.map((arg) => jsonLogic.apply(arg as jsonLogic.RulesLogic, facts) as unknown);
  return operator.explain(facts, ...values);
}
