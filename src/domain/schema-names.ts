/**
 * Names of `schema/` as types (`src/generated/schema-ids.ts`, emitted by `npm run schema:check`).
 * `KnownName<N, Known>` accepts a literal only when it is one of `Known`, and any `string` read
 * from the bundle: `findAnswer(answers, "menage", "menage", "depcom")` fails `tsc` once the schema
 * renames `depcom`, while `findAnswer(answers, e, id, field.name)` still compiles.
 */
import type {
  DerivedAttribute,
  EnumerationName,
  EnumerationValues,
  FieldName,
} from "../generated/schema-ids";

export type {
  BenefitId,
  ChapterId,
  DerivedAttribute,
  EnumerationName,
  EnumerationValues,
  FieldName,
  InstitutionId,
  InterestFlag,
  ProfileId,
  StepId,
} from "../generated/schema-ids";

export type KnownName<N extends string, Known extends string> = string extends N
  ? N
  : N extends Known
    ? N
    : never;

/**
 * A name an answer or an entity of the situation may carry: an answered field, a derived value,
 * or `enfants`, the answer of the children list (the step with `special: children_list`).
 */
export type SituationName = FieldName | DerivedAttribute | "enfants";
export type KnownField<N extends string> = KnownName<N, SituationName>;

/** A value of enumeration `E`. */
export type EnumerationValue<E extends EnumerationName> = EnumerationValues[E];
