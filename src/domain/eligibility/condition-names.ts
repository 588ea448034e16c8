/**
 * The names of the conditions an aid may write in `schema/` (docs/schema-format.md,
 * "Condition-based aids"): the one list that the generator checks aids against
 * (`scripts/schema/aids.ts`) and that the domain implements (`OPERATORS` in `./operators.ts`, a
 * record over these names, so a name without an implementation fails `tsc`). Imports types only
 * (the enumeration names are checked against `src/generated/schema-ids.ts`).
 */

import type { EnumerationName } from "../schema-names";

/** Conditions written `{ name: true }`. */
export const TRUE_ONLY_CONDITIONS = [
  "grant_holder",
  "higher_education_grant",
  "rsa_recipient",
  "health_social_training",
  "housing_difficulties",
  "temp_agency",
] as const;

/** Conditions whose argument is a list of values of this enumeration of `schema/enumerations.yaml`. */
export const VALUE_LIST_CONDITIONS = {
  study_year: "annee_etude",
  bac_mention: "mention_baccalaureat",
  work_study_contract: "contrat_alternance",
  social_security: "regime_securite_sociale",
  housing_status: "statut_occupation_logement",
} as const satisfies Record<string, EnumerationName>;

/** Conditions with an argument of their own shape, checked one by one by the generator. */
export const SHAPED_CONDITIONS = [
  "age_between",
  "lives_in",
  "lives_outside",
  "family_quotient",
  "disability_rate",
  "children_in_age_band",
] as const;

export type TrueOnlyCondition = (typeof TRUE_ONLY_CONDITIONS)[number];
export type ValueListCondition = keyof typeof VALUE_LIST_CONDITIONS;
export type ShapedCondition = (typeof SHAPED_CONDITIONS)[number];
export type ConditionName = ShapedCondition | TrueOnlyCondition | ValueListCondition;

export const CONDITION_NAMES: readonly ConditionName[] = [
  ...SHAPED_CONDITIONS,
  ...TRUE_ONLY_CONDITIONS,
  ...(Object.keys(VALUE_LIST_CONDITIONS) as ValueListCondition[]),
];

/** Operators the generator writes itself (from `profiles:` and interest questions), never an editor. */
export const COMPILED_OPERATORS = ["profile", "interest"] as const;

export type OperatorName = ConditionName | (typeof COMPILED_OPERATORS)[number];

export const OPERATOR_NAMES: readonly OperatorName[] = [...CONDITION_NAMES, ...COMPILED_OPERATORS];
