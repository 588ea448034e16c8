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
}

// json-logic-js calls custom operations with the evaluated data as `this`.
jsonLogic.add_operation("age", function (this: PredicateContext, birthDate: unknown) {
  return typeof birthDate === "string" ? ageAt(birthDate, this.dateDeValeur) : null;
});
jsonLogic.add_operation("starts_with", (value: unknown, prefix: unknown) =>
  typeof value === "string" && typeof prefix === "string" ? value.startsWith(prefix) : false,
);

export function evaluate(predicate: Predicate | undefined, context: PredicateContext): boolean {
  if (predicate === undefined) return true;
  return jsonLogic.truthy(jsonLogic.apply(predicate as jsonLogic.RulesLogic, context));
}
