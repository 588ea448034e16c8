import jsonLogic from "json-logic-js";
import type { Predicate } from "./bundle";
import { ageAt } from "./dates";

/**
 * The data a predicate reads: `self`, `demandeur`, `conjoint`, `menage`, `famille`, `parents`,
 * `enfants` (child ids), `parametres`, and the value date used by the `age` operator.
 */
export interface PredicateContext {
  dateDeValeur: string;
  self?: Record<string, unknown>;
  demandeur: Record<string, unknown>;
  conjoint: Record<string, unknown>;
  menage: Record<string, unknown>;
  famille: Record<string, unknown>;
  parents: Record<string, unknown>;
  enfants: string[];
  parametres: Record<string, number>;
  /** This context once per child, with `self` the child: what `some_child` ranges over. */
  childContexts?: PredicateContext[];
}

// json-logic-js calls custom operations with the evaluated data as `this`.
jsonLogic.add_operation("age", function (this: PredicateContext, birthDate: unknown) {
  return typeof birthDate === "string" ? ageAt(birthDate, this.dateDeValeur) : null;
});
jsonLogic.add_operation("starts_with", (value: unknown, prefix: unknown) =>
  typeof value === "string" && typeof prefix === "string" ? value.startsWith(prefix) : false,
);
jsonLogic.add_operation("unanswered", (value: unknown) => value === null || value === undefined);

const CHILD_CONTEXTS: keyof PredicateContext = "childContexts";
const rewritten = new WeakMap<object, Predicate>();

/**
 * `{ some_child: P }` holds when P holds for some child, `self` being that child. Custom
 * json-logic operations receive evaluated arguments, so it becomes json-logic's own `some` over
 * the child contexts, which evaluates P once per child.
 */
function withSomeChild(predicate: Predicate): Predicate {
  if (typeof predicate !== "object" || predicate === null) return predicate;
  const cached = rewritten.get(predicate);
  if (cached !== undefined) return cached;
  let result: Predicate;
  if (Array.isArray(predicate)) {
    result = predicate.map(withSomeChild);
  } else {
    result = Object.fromEntries(
      Object.entries(predicate).map(([op, args]) =>
        op === "some_child"
          ? ["some", [{ var: [CHILD_CONTEXTS, []] }, withSomeChild(args)]]
          : [op, withSomeChild(args)],
      ),
    );
  }
  rewritten.set(predicate, result);
  return result;
}

export function evaluate(predicate: Predicate | undefined, context: PredicateContext): boolean {
  if (predicate === undefined) return true;
  const logic = withSomeChild(predicate) as jsonLogic.RulesLogic;
  return jsonLogic.truthy(jsonLogic.apply(logic, context));
}
