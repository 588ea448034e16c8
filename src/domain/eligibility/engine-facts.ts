/**
 * The engine variables that condition-based aids read (`EngineFacts`), declared once: where the
 * server asks them (`requestEligibilityFacts`, `../engine/eligibility-facts.ts`) and what
 * `schema:check` validates against the pinned engine for every aid whose conditions read them
 * (`scripts/schema/engine-variables.ts`). Imports types only.
 */
import type { ConditionName } from "./condition-names";
import type { EngineFacts } from "./facts";

export interface EngineFactVariable {
  /** The OpenFisca variable. */
  variable: string;
  /** Its entity, as the engine's plural. */
  entity: "individus" | "familles" | "foyers_fiscaux";
  /** Asked at the value date's month, or at the fiscal year (N-2). */
  period: "month" | "fiscal_year";
}

export const ENGINE_FACT_VARIABLES = {
  boursier: { variable: "boursier", entity: "individus", period: "month" },
  bourseCriteresSociaux: {
    variable: "bourse_criteres_sociaux",
    entity: "individus",
    period: "month",
  },
  rfr: { variable: "rfr", entity: "foyers_fiscaux", period: "fiscal_year" },
  nbptr: { variable: "nbptr", entity: "foyers_fiscaux", period: "fiscal_year" },
  rsa: { variable: "rsa", entity: "familles", period: "month" },
} as const satisfies Record<keyof EngineFacts, EngineFactVariable>;

export type EngineFactName = keyof typeof ENGINE_FACT_VARIABLES;

/** The engine facts each condition reads (the others read answers only). */
export const CONDITION_ENGINE_FACTS: Readonly<
  Partial<Record<ConditionName, readonly EngineFactName[]>>
> = {
  grant_holder: ["boursier"],
  higher_education_grant: ["bourseCriteresSociaux"],
  family_quotient: ["rfr", "nbptr"],
  rsa_recipient: ["rsa"],
};
