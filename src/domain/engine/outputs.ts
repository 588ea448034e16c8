/**
 * The benefits asked of the engine (`null` at their own period) and how their values are read
 * back into `Droit`s.
 */
import type { Benefit, Bundle } from "../bundle";
import { monthId, valueDates } from "../dates";
import type { Droit } from "../types";
import { periodsOf } from "./periods";
import {
  HOUSEHOLD_ID,
  PARENTS_ID,
  type EngineEntity,
  type EngineRequest,
  type OutputRef,
} from "./types";

/** The period a benefit is asked at: the value date's month, or its calendar year. */
export function outputPeriod(benefit: Benefit, dateDeValeur: string): string {
  const dates = valueDates(dateDeValeur);
  return benefit.engine.period === "year" ? dates.thisYear : dates.thisMonth;
}

/** The boolean variable under which a `mixed` benefit's 0 means granted, if any. */
function eligibleAtZeroVariable(benefit: Benefit): string | undefined {
  const type: string = benefit.type;
  const variable = (benefit.engine as { eligibleAtZero?: unknown }).eligibleAtZero;
  return type === "mixed" && typeof variable === "string" ? variable : undefined;
}

/**
 * The entity instance a benefit is read on: the applicant, or the applicant's group entity; a
 * benefit paid to the parents (`paidTo`), on the parents' famille when it has the applicant as
 * its child (rule "benefits paid to the parents", `./rules/parents-household.ts`).
 */
function outputTarget(
  request: EngineRequest,
  benefit: Benefit,
  demandeurId: string,
): { id: string } {
  if (benefit.engine.entity === "individus") return { id: demandeurId };
  const parents = request.familles[PARENTS_ID]?.enfants;
  if (benefit.paidTo?.who === "parents" && Array.isArray(parents) && parents.length > 0)
    return { id: PARENTS_ID };
  return { id: HOUSEHOLD_ID };
}

function ask(entity: EngineEntity, variable: string, period: string): void {
  entity[variable] = { ...periodsOf(entity, variable), [period]: null };
}

/**
 * Asks each benefit as `null` at its period (replacing a declared amount at that very period, so
 * the engine computes it), and records where to read it back. Benefits whose variable the engine
 * lacks are left out.
 */
export function requestOutputs(
  request: EngineRequest,
  benefits: readonly Benefit[],
  dateDeValeur: string,
  demandeurId: string,
  missingVariables: ReadonlySet<string> = new Set(),
  /**
   * Benefits already received, sent as declared: only their `settled` variable is asked, and the
   * refs are marked `received` (never read as found).
   */
  { settledOnly = false }: { settledOnly?: boolean } = {},
): OutputRef[] {
  const outputs: OutputRef[] = [];
  for (const benefit of benefits) {
    if (missingVariables.has(benefit.engine.variable)) continue;
    const entity = benefit.engine.entity;
    const { id } = outputTarget(request, benefit, demandeurId);
    const target = request[entity][id];
    if (!target) continue;
    const period = outputPeriod(benefit, dateDeValeur);
    if (!settledOnly) ask(target, benefit.engine.variable, period);
    const ref: OutputRef = {
      benefitId: benefit.id,
      entity,
      id,
      variable: benefit.engine.variable,
      period,
      ...(settledOnly ? { received: true as const } : {}),
    };
    const settled = benefit.engine.settled;
    if (
      settled &&
      benefit.type === "float" &&
      !missingVariables.has(settled.variable) &&
      (settled.since === undefined || dateDeValeur >= settled.since)
    ) {
      ask(target, settled.variable, period);
      ref.settled = settled.variable;
      const variables = (settled.unchanged ?? []).filter((name) => !missingVariables.has(name));
      if (variables.length > 0) {
        const periods = [0, -1, -2, -3].map((offset) => monthId(dateDeValeur, offset));
        for (const variable of variables)
          for (const monthPeriod of periods) ask(target, variable, monthPeriod);
        ref.unchanged = { variables, periods };
      }
    }
    if (settledOnly) {
      if (ref.settled) outputs.push(ref);
      continue;
    }
    const atZero = eligibleAtZeroVariable(benefit);
    if (atZero && !missingVariables.has(atZero)) {
      ask(target, atZero, period);
      ref.eligibleAtZero = atZero;
    }
    outputs.push(ref);
  }
  return outputs;
}

function readValue(
  response: unknown,
  ref: OutputRef,
  variable: string,
  period = ref.period,
): unknown {
  const entities = (
    response as Record<string, Record<string, Record<string, Record<string, unknown>>>> | null
  )?.[ref.entity];
  return entities?.[ref.id]?.[variable]?.[period];
}

/** Whether each of `ref.unchanged`'s variables is a number within a euro over its periods. */
function unchangedOver(ref: OutputRef, response: unknown): boolean {
  if (!ref.unchanged) return true;
  const { variables, periods } = ref.unchanged;
  return variables.every((variable) => {
    const values = periods.map((period) => readValue(response, ref, variable, period));
    if (!values.every((value) => typeof value === "number" && Number.isFinite(value))) return false;
    const numbers = values as number[];
    return Math.max(...numbers) - Math.min(...numbers) < SETTLED_MIN_DIFFERENCE;
  });
}

/** A benefit as shown to the visitor, with its amount (or `true`). */
export function toDroit(bundle: Bundle, benefit: Benefit, montant: number | boolean): Droit {
  return {
    id: benefit.id,
    label: benefit.label,
    description: benefit.description,
    institution:
      bundle.institutions.find((i) => i.id === benefit.institution)?.label ?? benefit.institution,
    montant,
    unit: benefit.unit,
    periodicity: benefit.periodicity,
    ...(benefit.legend ? { legend: benefit.legend } : {}),
    ...(benefit.interestFlag ? { interestFlag: benefit.interestFlag } : {}),
    ...(benefit.priority !== undefined ? { priority: benefit.priority } : {}),
    ...(benefit.links.teleserviceNeedsRegistration ? { teleserviceNeedsRegistration: true } : {}),
    ...(benefit.toCheck ? { toCheck: benefit.toCheck } : {}),
    ...(benefit.certainty ? { certainty: benefit.certainty } : {}),
    ...(benefit.decisive ? { decisive: benefit.decisive } : {}),
    links: Object.fromEntries(
      Object.entries(benefit.links).filter(([, url]) => typeof url === "string"),
    ) as Record<string, string>,
  };
}

/**
 * The amount of a benefit read from the response, or `undefined` when not granted: a `bool` is
 * granted when true; a `float` when non-zero; a `mixed` like a float, and also at 0 when its
 * `eligibleAtZero` variable is true.
 */
export function grantedAmount(
  benefit: Benefit,
  ref: OutputRef,
  response: unknown,
): number | boolean | undefined {
  const value = readValue(response, ref, ref.variable);
  if (benefit.type === "bool") return value === true ? true : undefined;
  const amount = typeof value === "number" ? Math.round(value * 100) / 100 : 0;
  if (amount !== 0) return amount;
  if (ref.eligibleAtZero && readValue(response, ref, ref.eligibleAtZero) === true) return 0;
  return undefined;
}

/** Differences under a euro are rounding, not a change the visitor should read about. */
const SETTLED_MIN_DIFFERENCE = 1;

/**
 * What a granted amount becomes once the aids claimed with it are paid (`engine.settled`), when
 * it differs from it by a euro or more and what must not change did not: 0 under the amount paid
 * at the least.
 */
export function settledAmount(
  benefit: Benefit,
  ref: OutputRef,
  response: unknown,
  montant: number | boolean,
): Droit["settled"] {
  const rule = benefit.engine.settled;
  if (!rule || !ref.settled || typeof montant !== "number") return undefined;
  if (!unchangedOver(ref, response)) return undefined;
  const value = readValue(response, ref, ref.settled);
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  const rounded = Math.max(0, Math.round(value * 100) / 100);
  const paid = rounded < (rule.minimumPaid ?? 0) ? 0 : rounded;
  if (Math.abs(paid - montant) < SETTLED_MIN_DIFFERENCE) return undefined;
  return { montant: paid, after: rule.after };
}

/** The benefits the engine granted, in the order they were asked. */
export function extractDroits(bundle: Bundle, outputs: OutputRef[], response: unknown): Droit[] {
  const droits: Droit[] = [];
  for (const ref of outputs) {
    if (ref.received) continue;
    const benefit = bundle.benefits.find((b) => b.id === ref.benefitId);
    if (!benefit) continue;
    const montant = grantedAmount(benefit, ref, response);
    if (montant === undefined) continue;
    const droit = toDroit(bundle, benefit, montant);
    // Computed on the parents' household: paid to them.
    if (benefit.paidTo && ref.entity === "familles" && ref.id === PARENTS_ID)
      droit.paidTo = benefit.paidTo.label;
    const settled = settledAmount(benefit, ref, response, montant);
    droits.push(settled ? { ...droit, settled } : droit);
  }
  return droits;
}

/**
 * The benefits already received (sent as declared) with what the engine gives for them once the
 * aids found are paid (`engine.settled`, asked beside the declared amount): set only when lower by
 * a euro or more. Bounded by the caller (`settleReceived`) to what the aids found can take away.
 */
export function receivedSettledDroits(
  bundle: Bundle,
  outputs: OutputRef[],
  response: unknown,
  received: readonly Droit[],
): Droit[] {
  return received.map((droit) => {
    const ref = outputs.find((output) => output.received && output.benefitId === droit.id);
    const benefit = bundle.benefits.find((b) => b.id === droit.id);
    if (!ref || !benefit || typeof droit.montant !== "number") return droit;
    const settled = settledAmount(benefit, ref, response, droit.montant);
    return settled && settled.montant < droit.montant ? { ...droit, settled } : droit;
  });
}
