import type { Bundle, Role } from "./bundle";
import { childIds, valuesOf } from "./answers";
import type { PredicateContext } from "./predicates";
import type { Answer } from "./types";

export interface JourneyOptions {
  dateDeValeur: string;
  /** Engine parameters by schema name; the schema's fallbacks fill the gaps. */
  parameters?: Record<string, number>;
}

export function roleOf(personId: string): Role {
  if (personId === "demandeur" || personId === "conjoint") return personId;
  return "enfant";
}

function person(answers: readonly Answer[], id: string): Record<string, unknown> {
  return { ...valuesOf(answers, "individu", id), id, _role: roleOf(id) };
}

export function predicateContext(
  bundle: Bundle,
  answers: readonly Answer[],
  options: JourneyOptions,
): PredicateContext {
  const parametres: Record<string, number> = {};
  for (const parameter of bundle.parameters) {
    parametres[parameter.name] = options.parameters?.[parameter.name] ?? parameter.fallback;
  }
  const enfants = childIds(answers);
  const base: PredicateContext = {
    dateDeValeur: options.dateDeValeur,
    demandeur: person(answers, "demandeur"),
    conjoint: person(answers, "conjoint"),
    menage: valuesOf(answers, "menage", "menage"),
    famille: valuesOf(answers, "famille", "famille"),
    parents: valuesOf(answers, "parents", "parents"),
    enfants,
    parametres,
  };
  // `some_child` cannot be nested, so the child contexts need no child contexts of their own.
  const childContexts = enfants.map((id) => ({ ...base, self: person(answers, id) }));
  return { ...base, childContexts };
}

export function withSelf(
  context: PredicateContext,
  answers: readonly Answer[],
  personId: string,
): PredicateContext {
  return { ...context, self: person(answers, personId) };
}
