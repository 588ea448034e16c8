/**
 * The shape of the schema bundle that `npm run schema:build` emits to `src/generated/bundle.json`
 * from the YAML files under `schema/`. Every layer reads the questionnaire through these types.
 */

/** A json-logic expression restricted to the vocabulary described in docs/schema-format.md. */
export type Predicate =
  boolean | number | string | null | Predicate[] | { [op: string]: Predicate };

export type EntityName = "individu" | "famille" | "menage" | "parents";
export type Role = "demandeur" | "conjoint" | "enfant";

export type FieldKind =
  | "date"
  | "boolean"
  | "choice"
  | "multi_choice"
  | "number"
  | "money"
  | "monthly_amounts"
  | "commune"
  | "text"
  | "email"
  | "phone";

export interface ChoiceOption {
  value: string | number;
  label: string;
  /** The option is offered only when this holds (same context as the step's `when`). */
  when?: Predicate;
}

/** How the engine's period is derived from the simulation's value date. */
export type EnginePeriod =
  | "eternity" // ETERNITY
  | "month" // this month, YYYY-MM
  | "year" // this calendar year, YYYY
  | "fiscal_year" // current year minus 2
  | "as_answered"; // the answer is already keyed by period (monthly amounts)

export interface EngineMapping {
  variable: string;
  period: EnginePeriod;
  /** Maps our enumeration values to the engine's; values absent here are sent unchanged. */
  values?: Record<string, string | number | boolean | null>;
  /** For object values (commune), which property is sent. */
  property?: string;
}

export interface Field {
  name: string;
  kind: FieldKind;
  /** French question; a map by role when the wording depends on who is asked about. */
  question: string | Partial<Record<Role, string>>;
  hint?: string;
  help?: string;
  /** Name of an enumeration in `enumerations`, for choice and multi_choice fields. */
  enum?: string;
  /** Restricts or reorders the enumeration's options; each may carry its own `when`. */
  options?: ChoiceOption[];
  min?: number;
  max?: number;
  optional?: boolean;
  engine?: EngineMapping;
}

export interface Chapter {
  id: string;
  label: string;
}

/**
 * The subject of a step. In a person block, `self` is the person the block is instantiated for.
 */
export type StepSubject =
  | { entity: "individu"; id: "self" | "demandeur" | "conjoint" }
  | { entity: "famille" | "menage" | "parents" };

export interface StepDefinition {
  id: string;
  /** Path template under /simulation, with `{id}` for the person, e.g. `individu/{id}/date_naissance`. */
  path: string;
  /** Overrides the chapter of the journey entry that instantiates the block. */
  chapter?: string;
  /** The page heading of a step that asks several questions. */
  title?: string;
  subject: StepSubject;
  fields: Field[];
  when?: Predicate;
  /** Special steps computed from incomes rather than from fixed fields. */
  special?: "income_types" | "income_amounts";
  /** Where the step was declared, for error messages at run time. */
  source: string;
}

export interface Block {
  id: string;
  /** `person` blocks are instantiated once per person; `household` blocks once. */
  kind: "person" | "household";
  steps: StepDefinition[];
}

/** One entry of the journey: a block, for a given person when it is a person block. */
export interface JourneyEntry {
  block: string;
  /** For person blocks: `demandeur`, `conjoint` or `enfants` (one instance per child). */
  for?: "demandeur" | "conjoint" | "enfants";
  chapter: string;
  when?: Predicate;
}

export type IncomePeriodKind = "monthly" | "one_off" | "annual";

export interface IncomeCategory {
  id: string;
  label: string;
}

export interface IncomeType {
  id: string;
  category: string;
  label: string;
  /** The type is offered only when this holds, evaluated with `self` the person asked about. */
  when?: Predicate;
  periodKind: IncomePeriodKind;
  engine: { variable: string };
}

export interface Parameter {
  name: string;
  /** The OpenFisca parameter path. */
  openfisca: string;
  fallback: number;
}

export interface Institution {
  id: string;
  label: string;
  type:
    | "national"
    | "region"
    | "departement"
    | "epci"
    | "commune"
    | "caf"
    | "msa"
    | "autre"
    | "europeen";
}

export interface Benefit {
  id: string;
  label: string;
  description: string;
  institution: string;
  engine: {
    variable: string;
    entity: "individus" | "familles" | "foyers_fiscaux" | "menages";
    period: "month" | "year";
  };
  type: "float" | "bool";
  unit: string;
  periodicity: "mensuelle" | "annuelle" | "ponctuelle";
  legend?: string;
  interestFlag?: string;
  links: { information?: string; form?: string; teleservice?: string; instructions?: string };
}

/** An engine input derived by the situation builder rather than answered directly. */
export interface DerivedMapping {
  entity: EntityName;
  attribute: string;
  engine: EngineMapping;
}

export interface Bundle {
  version: string;
  chapters: Chapter[];
  enumerations: Record<string, ChoiceOption[]>;
  blocks: Record<string, Block>;
  journey: JourneyEntry[];
  incomeCategories: IncomeCategory[];
  incomeTypes: IncomeType[];
  parameters: Parameter[];
  institutions: Institution[];
  benefits: Benefit[];
  derived: DerivedMapping[];
}
