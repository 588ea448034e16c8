import type { Benefit } from "../bundle";

/** An engine variable's values by period: `{ "2026-11": 450 }`, `{ "2024": 12000 }`, `{ ETERNITY: … }`. */
export type PeriodValues = Record<string, unknown>;

/** One entity instance of a request: variables by name, and role lists (`parents: ["demandeur"]`). */
export type EngineEntity = Record<string, PeriodValues | string[]>;

/** An OpenFisca `/calculate` request: entities keyed by id, variables keyed by period. */
export interface EngineRequest {
  individus: Record<string, EngineEntity>;
  familles: Record<string, EngineEntity>;
  foyers_fiscaux: Record<string, EngineEntity>;
  menages: Record<string, EngineEntity>;
}

export type EngineEntityPlural = keyof EngineRequest;

/** Where each benefit's value is read in the engine response. */
export interface OutputRef {
  benefitId: string;
  entity: EngineEntityPlural;
  id: string;
  variable: string;
  period: string;
  /** `mixed` benefits: the boolean variable, read at the same place, under which 0 means granted. */
  eligibleAtZero?: string;
  /** The variable, read at the same place, of the amount once the aids claimed with it are paid. */
  settled?: string;
  /** Read at the same place over `period` and the 3 months before: equal, or `settled` is not said. */
  unchanged?: { variables: string[]; periods: string[] };
  /** A benefit already received, sent as declared: only its `settled` variable is read. */
  received?: true;
}

/** The centre of a commune, `[longitude, latitude]` in degrees, by INSEE code. */
export type CommuneCentre = (codeInsee: string) => readonly [lon: number, lat: number] | undefined;

export interface EngineRequestOptions {
  /** The benefits to ask the engine for; all of the bundle's by default. */
  benefits?: readonly Benefit[];
  /** Looks up commune centres, for the distance between the student and the family home. */
  communeCentre?: CommuneCentre;
  /** Variables the running engine does not know: never asked for, never sent. */
  missingVariables?: ReadonlySet<string>;
}

/** The applicant's own famille, foyer fiscal and ménage. */
export const HOUSEHOLD_ID = "_";
/** The famille and ménage of a dependent applicant's parents (their foyer fiscal is the applicant's). */
export const PARENTS_ID = "parents";
export const PARENT_IDS = ["parent1", "parent2"] as const;
