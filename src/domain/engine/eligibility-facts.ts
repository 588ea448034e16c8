/**
 * The engine values that condition-based aids and bike aids read (`EngineFacts`, declared in
 * `../eligibility/engine-facts.ts`): whether the applicant holds a grant and their grant on social
 * criteria, the tax household's reference income and tax shares at the fiscal year, and the
 * family's RSA. They are asked in the same request as the benefits; a value the
 * request already holds as an input (the parents' declared `rfr`) is kept and read back as is.
 */
import { valueDates } from "../dates";
import {
  ENGINE_FACT_VARIABLES,
  type EngineFactName,
  type EngineFactVariable,
} from "../eligibility/engine-facts";
import type { EngineFacts } from "../eligibility/facts";
import { periodsOf } from "./periods";
import { HOUSEHOLD_ID, type EngineEntityPlural, type EngineRequest } from "./types";

export interface FactRef {
  fact: keyof EngineFacts;
  entity: EngineEntityPlural;
  id: string;
  variable: string;
  period: string;
}

/** The tax household the applicant belongs to (their own, or their parents' for a dependant). */
function foyerOf(request: EngineRequest, personId: string): string | undefined {
  for (const [id, foyer] of Object.entries(request.foyers_fiscaux)) {
    const members = [foyer.declarants, foyer.personnes_a_charge].flatMap((list) =>
      Array.isArray(list) ? list : [],
    );
    if (members.includes(personId)) return id;
  }
  return undefined;
}

function familleOf(request: EngineRequest, personId: string): string | undefined {
  for (const [id, famille] of Object.entries(request.familles)) {
    const members = [famille.parents, famille.enfants].flatMap((list) =>
      Array.isArray(list) ? list : [],
    );
    if (members.includes(personId)) return id;
  }
  return HOUSEHOLD_ID in request.familles ? HOUSEHOLD_ID : undefined;
}

/** Asks the facts in `request` (mutated) and says where to read them. */
export function requestEligibilityFacts(
  request: EngineRequest,
  dateDeValeur: string,
  demandeurId: string,
  missingVariables: ReadonlySet<string> = new Set(),
): FactRef[] {
  const { thisMonth, fiscalYear } = valueDates(dateDeValeur);
  const ids: Record<EngineFactVariable["entity"], string | undefined> = {
    individus: demandeurId,
    foyers_fiscaux: foyerOf(request, demandeurId),
    familles: familleOf(request, demandeurId),
  };
  const refs: FactRef[] = [];
  for (const [fact, declared] of Object.entries(ENGINE_FACT_VARIABLES) as [
    EngineFactName,
    EngineFactVariable,
  ][]) {
    const id = ids[declared.entity];
    if (id === undefined || missingVariables.has(declared.variable)) continue;
    const ref: FactRef = {
      fact,
      entity: declared.entity,
      id,
      variable: declared.variable,
      period: declared.period === "month" ? thisMonth : fiscalYear,
    };
    const entity = request[ref.entity][ref.id];
    if (!entity) continue;
    const periods = periodsOf(entity, ref.variable) ?? {};
    if (!(ref.period in periods)) entity[ref.variable] = { ...periods, [ref.period]: null };
    refs.push(ref);
  }
  return refs;
}

/** The facts read back from the engine's response. */
export function readEligibilityFacts(refs: readonly FactRef[], response: unknown): EngineFacts {
  const facts: EngineFacts = {};
  const entities = response as Record<
    string,
    Record<string, Record<string, Record<string, unknown>>>
  >;
  for (const ref of refs) {
    const value = entities?.[ref.entity]?.[ref.id]?.[ref.variable]?.[ref.period];
    if (ref.fact === "boursier") {
      if (typeof value === "boolean") facts.boursier = value;
    } else if (typeof value === "number") {
      facts[ref.fact] = value;
    }
  }
  return facts;
}
