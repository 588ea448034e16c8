/**
 * The shape of the schema bundle that `npm run schema:build` emits to `src/generated/bundle.json`
 * from the YAML files under `schema/`. Every layer reads the questionnaire through these types.
 */

/** A json-logic expression restricted to the vocabulary described in docs/schema-format.md. */
export type Predicate =
  boolean | number | string | null | Predicate[] | { [op: string]: Predicate };

export type EntityName = "individu" | "famille" | "menage" | "parents";
/** Where an answer may be kept: `local` answers stay in the browser and are never sent. */
export type FieldStorage = "local";
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
  /** The heading the option is listed under (the income category on the income types screen). */
  group?: string;
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
  /** A number of months answered ("depuis combien de mois") is sent as the date that long ago. */
  convert?: "months_before_value_date";
  /**
   * Monthly variables: `last_3_months` when the answer also holds for the 3 months before the
   * value date's month (the engine reads them), `current_month` when it is sent for that month only.
   */
  stable?: "last_3_months" | "current_month";
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
  /** A number field that takes whole numbers only. */
  integer?: boolean;
  optional?: boolean;
  /** The form's initial value, and the value the situation assumes while unanswered. */
  default?: string | number;
  /** `local`: kept in the visitor's browser only, never sent with the simulation. */
  storage?: FieldStorage;
  /**
   * HTML autocomplete token for the visitor's own details (`bday`: a birth date, typed as
   * `bday-day`, `bday-month`, `bday-year`). Kept for the applicant only: a browser would fill a
   * child's or a partner's question with the visitor's own details.
   */
  autocomplete?: "given-name" | "family-name" | "email" | "tel" | "bday";
  engine?: EngineMapping;
}

export interface Chapter {
  id: string;
  label: string;
  /**
   * Once every question before this chapter is answered, the server computes the results in the
   * background (docs/schema-format.md, "Chapters"): what is asked from here on rarely changes the
   * engine's request.
   */
  computeAhead?: true;
}

/**
 * The subject of a step. In a person block, `self` is the person the block is instantiated for.
 */
export type StepSubject =
  | { entity: "individu"; id: "self" | "demandeur" | "conjoint" }
  | { entity: "famille" | "menage" | "parents" }
  /** The children list (the `children_list` step). */
  | { entity: "enfants" };

/**
 * Steps not made of fixed fields: the income types and amounts screens, computed from the income
 * types, and the children list, where children are added, edited and removed.
 */
export type SpecialStep = "income_types" | "income_amounts" | "children_list";

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
  special?: SpecialStep;
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
  /** The label when none of `labels` applies. */
  label: string;
  /** Labels tried in order before `label`, each when its predicate holds for the person. */
  labels?: { when: Predicate; text: string }[];
  /** The type is offered only when this holds, evaluated with `self` the person asked about. */
  when?: Predicate;
  /** Not offered on the income types screen. */
  hidden?: boolean;
  periodKind: IncomePeriodKind;
  /** A `famille` variable receives the sum of its members' amounts, period by period. */
  engine: { variable: string; entity?: "individu" | "famille" };
  /** Further questions about this income (about the person), asked on its amounts screen. */
  fields?: Field[];
}

export interface Parameter {
  name: string;
  /** The OpenFisca parameter path. */
  openfisca: string;
  fallback: number;
}

export type InstitutionType =
  "national" | "region" | "departement" | "epci" | "commune" | "caf" | "msa" | "autre" | "europeen";

/**
 * Where an institution acts: one list of codes. INSEE codes for regions (`"84"`), departments
 * (`"22"`, `"2A"`, `"971"`) and communes (`"75056"`); SIREN numbers for EPCIs (`"243500139"`).
 */
export type Territory =
  { regions: string[] } | { departements: string[] } | { epcis: string[] } | { communes: string[] };

export interface Institution {
  id: string;
  label: string;
  type: InstitutionType;
  /** INSEE code of a region, département or commune. */
  insee?: string;
  /** SIREN number. */
  siren?: string;
  /** Present for the institutions that act on part of France only (region, department…). */
  territory?: Territory;
}

/**
 * How the engine's value reads: `float` an amount (0: not granted), `bool` granted or not,
 * `mixed` an amount where 0 still means granted when `engine.eligibleAtZero` is true.
 */
export type BenefitType = "float" | "bool" | "mixed";

/**
 * Where the amount shown is that of the first months, because it counts the aids received over
 * the months before and those claimed with it are not yet (docs/engine-notes.md, "No past
 * entitlement"): the engine variable that gives the amount once they are paid, read at the same
 * entity and period, the amount under which nothing is paid, the end of the visitor's sentence
 * ("une fois vos autres aides de la Caf versées"), and what must not have changed meanwhile.
 */
export interface SettledAmountRule {
  variable: string;
  minimumPaid?: number;
  after: string;
  /**
   * Variables of the same entity that must be the same in the current month and each of the 3
   * before, for the difference to be the aids' (not, say, the earnings').
   */
  unchanged?: string[];
  /** First value date the engine can compute `variable` (its parameters start then). */
  since?: string;
}
export type Periodicity = "mensuelle" | "annuelle" | "ponctuelle" | "autre";

export interface BenefitLinks {
  /** The official page describing the benefit. */
  information?: string;
  /** A form to fill in (often a PDF). */
  form?: string;
  /** The online service where the claim is made. */
  teleservice?: string;
  /** How to claim, step by step. */
  instructions?: string;
  /** An online service that can be pre-filled with the simulation's answers. */
  teleservicePrefill?: string;
  /** The teleservice asks the visitor to create an account first. */
  teleserviceNeedsRegistration?: boolean;
}

export interface Benefit {
  id: string;
  label: string;
  description: string;
  institution: string;
  engine: {
    variable: string;
    entity: "individus" | "familles" | "foyers_fiscaux" | "menages";
    /** `month`: the value date's month; `year`: the value date's calendar year. */
    period: "month" | "year";
    /** `mixed` only: the boolean variable, same entity and period, under which 0 means granted. */
    eligibleAtZero?: string;
    /** `float` only: what the amount becomes once the aids claimed with it are paid. */
    settled?: SettledAmountRule;
    /** First value date the engine can compute it (its parameters start then): not asked before. */
    since?: string;
  };
  type: BenefitType;
  /** `€`, `%`, `séances`…; the empty string when the benefit has no amount (bool). */
  unit: string;
  periodicity: Periodicity;
  legend?: string;
  /** An interest question of the applicant (`_interetPermisDeConduire`): asked only when answered yes. */
  interestFlag?: string;
  /**
   * A cheap condition on the answers, evaluated with `self` the applicant: the engine is not asked
   * for the benefit when it does not hold. Never stricter than the engine's own formula.
   */
  prefilter?: Predicate;
  /** Results are listed by priority (lower first; without one, after), then by label. */
  priority?: number;
  /** Conditions the simulator does not model, for the visitor to check (detail page). */
  toCheck?: string[];
  /** Absent: `counted`. */
  certainty?: Exclude<Certainty, "counted">;
  /** The decisive conditions the answers do not decide, in full (with `certainty`). */
  decisive?: string[];
  /** With `certainty`: the answers that decide `decisive` (`self` the applicant): then counted. */
  countedWhen?: Predicate;
  /**
   * Sentences shown with the result when their condition holds (`self` the applicant): why the
   * amount is what it is (e.g. a student's housing aid ignores their salary).
   */
  notes?: BenefitNote[];
  /** The amount reads the N-2 taxable incomes or the patrimoine declared on their own forms. */
  dependsOn?: ("ressources_fiscales" | "patrimoine")[];
  /**
   * Paid to a dependent applicant's parents for the applicant: computed on the parents' household
   * and shown with `label` (docs/schema-format.md "Benefits").
   */
  paidTo?: { who: "parents"; label: string };
  /**
   * Income types whose declaration means the benefit is already received, beside the one of its
   * own variable (the student grant declared as `bourse_enseignement_sup`).
   */
  receivedAs?: string[];
  /** Benefits whose amount falls when this one is paid, and the sentence that says so. */
  reduces?: { benefits: string[]; text: string };
  /**
   * Paid without a means test to whoever the engine finds eligible: the past months the visitor
   * did not declare are left to the engine instead of 0 (docs/adr/0013).
   */
  presumedReceived?: true;
  links: BenefitLinks;
}

/**
 * How sure a result is (docs/schema-format.md, "Certainty"): only `counted` results are added to
 * the totals; `to_verify` needs a condition the questionnaire does not ask, `on_application` is
 * decided case by case (a jury, a commission, an emergency fund).
 */
export const CERTAINTIES = ["counted", "to_verify", "on_application"] as const;
export type Certainty = (typeof CERTAINTIES)[number];

/** A sentence shown with a benefit's result when `when` holds for the applicant's answers. */
export interface BenefitNote {
  when: Predicate;
  text: string;
}

/**
 * A condition-based aid: we evaluate its eligibility ourselves (docs/schema-format.md,
 * "Condition-based aids"). `eligibility` is json-logic over the operators of
 * `src/domain/eligibility/operators.ts`, compiled by the generator from the YAML's interest flag,
 * `conditions` and `profiles`.
 */
export interface Aid {
  id: string;
  label: string;
  description: string;
  institution: string;
  type: "float" | "bool";
  /** The amount in `unit` (`float` only). */
  amount?: number;
  /** `€`, `%`…; the empty string for a `bool`. */
  unit: string;
  periodicity: Periodicity;
  legend?: string;
  /** The amount is rounded down to a multiple of it. */
  floorAt?: number;
  interestFlag?: string;
  /** Lower first on the results page. */
  priority?: number;
  /** Conditions the simulator does not model, for the visitor to check (detail page). */
  toCheck?: string[];
  /** Absent: `counted`. */
  certainty?: Exclude<Certainty, "counted">;
  /** The decisive conditions the answers do not decide, in full (with `certainty`). */
  decisive?: string[];
  eligibility: Predicate;
  /** Not listed on `/aides` nor counted on the home page. */
  private?: true;
  /** The family it was generated from (`fsl`, `apa`, `carpool`), if any. */
  family?: string;
  links: BenefitLinks;
}

/** A bike-purchase aid of `@betagouv/aides-velo`, computed by the package on the server. */
export interface BikeAid {
  id: string;
  /** The package's rule name (`aides . montpellier vae occasion`). */
  rule: string;
  label: string;
  description: string;
  institution: string;
  unit: "€";
  periodicity: Periodicity;
  legend?: string;
  interestFlag: string;
  links: BenefitLinks;
}

export interface BikeSettings {
  /** The interest question's values (`velo_electrique`) → the package's `vélo . type`. */
  types: Record<string, string>;
  /** `activite` values → the package's `demandeur . statut`; `autre` otherwise. */
  statuses: Record<string, string>;
}

/** The catalogue of aids we compute without the engine: `src/generated/catalogue.json`. */
export interface Catalogue {
  version: string;
  aids: Aid[];
  bikeAids: BikeAid[];
  /** How the applicant's answers read for `@betagouv/aides-velo`. */
  bikeSettings: BikeSettings;
  /**
   * How the places named by conditions read after "habitants": `"departements:74"` →
   * `"de la Haute-Savoie"`.
   */
  placeNames: Record<string, string>;
}

/** A visitor profile aids are reserved to (`schema/profiles.yaml`). */
export interface Profile {
  id: string;
  /** Completes "Cette aide est réservée aux …". */
  label: string;
  /** A predicate on the answers (step vocabulary), `self` being the applicant… */
  when?: Predicate;
  /** …or aid conditions compiled to json-logic (eligibility vocabulary). */
  eligibility?: Predicate;
}

/** A derived value: a constant, or a further table on another answer. */
export type DerivedValue = string | number | boolean | null | DerivedTable;

/**
 * A table from the answer to `from` (a field of the same entity) to values. `otherwise` is the
 * value for other answers and for no answer; without it, the value is left unset.
 */
export interface DerivedTable {
  from: string;
  map: Record<string, DerivedValue>;
  otherwise?: DerivedValue;
}

/**
 * A value the situation builder derives from the answers rather than asks, or a constant
 * (`derived:` in `schema/journey.yaml`): an engine input when `engine` is given, else a value read by the aids'
 * operators and the interest questions.
 */
export interface DerivedMapping extends Partial<DerivedTable> {
  /** A constant, instead of a table (`from`, `map`). */
  value?: string | number | boolean;
  entity: EntityName;
  attribute: string;
  /** The household entity whose answers the tables read (default: `entity` itself). */
  reads?: Exclude<EntityName, "individu">;
  /** `individu` only: the value is set on this person of the journey only. */
  for?: "demandeur" | "conjoint" | "enfants";
  engine?: EngineMapping;
  enum?: string;
}

/**
 * The mapping rules of `src/domain/engine/rules` that guess an input the visitor did not give
 * (docs/engine-notes.md "Guessed inputs"): `fiscal_defaults`, the N-2 taxable incomes taken from
 * the last 12 months; `past_benefits`, the benefits of the last 12 months not declared sent as 0.
 */
export type GuessRule = (typeof import("./guess-rules").GUESS_RULES)[number];

/**
 * What becomes of an aid whose eligibility depends on a guessed input: `possible`, shown as
 * possible (not as granted) with the guess's label, reason and links; `check`, shown as granted
 * with the condition added to those the visitor must check.
 */
export type GuessEffect = "possible" | "check";

/** The engine facts a guess moves, and the bounds it is also evaluated at (bike aids). */
export type GuessBounds = Partial<Record<"rfr", readonly [number, number]>>;

export interface GuessLink {
  label: string;
  /** An official page (https) or a page of the simulator (`/simulation/…`). */
  url: string;
}

/**
 * An input the mapping guesses when the visitor did not give it (`guesses:` in
 * `schema/journey.yaml`), and what becomes of the aids whose eligibility flips on it.
 */
export interface Guess {
  id: string;
  /** The guessed input: named by the mapping rule that guesses it, or a derived value (`derived:`)
   * whose source answer was not given (its `otherwise` then stands for the answer). */
  input: { rule: GuessRule } | { derived: string };
  /** Condition-based aids: the conditions that read the input; the effect on an aid the guess
   * grants, and on one it excludes. */
  aids?: { conditions: string[]; granted: GuessEffect; excluded: "possible" };
  /** Bike aids: computed also with the engine facts at these bounds; the effect on an aid the
   * guess grants at an amount that moves within them, and on one only a bound grants. */
  bikeAids?: {
    bounds: GuessBounds;
    granted: GuessEffect;
    excluded: "possible";
    /** What the amount depends on (`Le montant dépend du revenu fiscal de référence…`). */
    condition: string;
  };
  /** The card's status (`Possible, selon votre quotient familial CAF`). */
  label?: string;
  /** Why the simulator cannot tell, in one or two French sentences. */
  reason?: string;
  /** Added to a `check` aid's conditions to check, after the condition itself. */
  toCheck?: string;
  /** Where the visitor can check the input, or give it. */
  links?: GuessLink[];
}

/** Results shown as one card when more than one eligible benefit shares the interest flag. */
/** Which total a category's amounts add to (`none`: shown, never added). */
export type ResultTotal = "mensuel" | "annuel" | "ponctuel" | "none";

/** What a result must be to fall into a category; an absent key matches anything. */
export interface ResultMatch {
  /** `€`, `%`…; `""` for a result without an amount. */
  units?: string[];
  periodicities?: Periodicity[];
  /** The legends allowed after the amount; `""` for none. */
  legends?: string[];
}

/**
 * A part of the results page, in the order of `ResultsRules.categories`: a result falls into the
 * first category that lists its id in `ids`, else the first whose `match` it meets.
 */
export interface ResultCategory {
  id: string;
  label: string;
  total: ResultTotal;
  /** `amount`: largest first; `label`: French alphabetical order. */
  sort: "amount" | "label";
  /** Shown as a compact list rather than cards. */
  compact?: true;
  match?: ResultMatch;
  ids?: string[];
}

/**
 * A theme of the results filter: a result takes the first theme naming its id; else the first
 * naming its interest flag; else the first with a keyword that is a word of its label (plural
 * allowed; ending in `*`, the start of a word; accents and case ignored); else
 * `ResultsRules.defaultTheme`.
 */
export interface ResultTheme {
  id: string;
  label: string;
  ids?: string[];
  interestFlags?: string[];
  keywords?: string[];
}

/**
 * Results that cannot be received together: one option only (an option is one or more results
 * received together). The visitor would take `preferred`'s option when present, else the option
 * worth the most over a year.
 */
export interface ResultExclusion {
  id: string;
  options: string[][];
  preferred?: string;
  /** A short French reason, shown with the choice. */
  reason: string;
}

export interface ResultsRules {
  categories: ResultCategory[];
  themes: ResultTheme[];
  defaultTheme: string;
  exclusions: ResultExclusion[];
  /** The sections of results never added to a total, by certainty. */
  certainty: Record<Exclude<Certainty, "counted">, CertaintySection>;
}

/** A results section of one certainty: heading, sentence under it, badge, conditions' heading. */
export interface CertaintySection {
  label: string;
  intro: string;
  badge: string;
  conditions: string;
}

export interface BenefitGroup {
  id: string;
  label: string;
  description: string;
  interestFlag: string;
}

export interface UnexpectedPage {
  title: string;
  paragraphs: string[];
}

/** "Montant inattendu" pages: a generic one, and some per benefit id. */
export interface UnexpectedPages {
  generic: UnexpectedPage;
  benefits: Record<string, UnexpectedPage>;
}

/**
 * Which places of the public directory (`type_service_local` of the API Annuaire de
 * l’administration) receive the visitors of a benefit: by institution id, else by institution type,
 * else `default` (schema/places.yaml).
 */
export interface PlaceTypes {
  byInstitution: Record<string, string[]>;
  byInstitutionType: Partial<Record<InstitutionType, string[]>>;
  default: string[];
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
  profiles: Profile[];
  /** How many aids `/aides` lists (engine benefits, condition-based and bike aids, not private). */
  publicBenefitCount: number;
  derived: DerivedMapping[];
  /** Inputs the mapping guesses, and their effect on the aids (docs/engine-notes.md "Guessed inputs"). */
  guesses?: Guess[];
  groups?: BenefitGroup[];
  /** The results page's categories, themes and exclusions (`schema/results.yaml`). */
  results?: ResultsRules;
  unexpected?: UnexpectedPages;
  placeTypes?: PlaceTypes;
}
