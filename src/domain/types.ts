import type { Field, Role, SpecialStep } from "./bundle";
import type { Patrimoine, RessourcesFiscales } from "./fiscal";

/** A commune as stored in an answer (all strings). */
export interface Commune {
  code_insee: string;
  code_postal: string;
  nom: string;
  departement: string;
  region: string;
  epci: string;
}

/** Amounts over time, keyed by period: `"2026-10"` for a month, `"2025"` for a year. */
export type AmountsByPeriod = Record<string, number>;

export type AnswerValue = string | number | boolean | string[] | AmountsByPeriod | Commune;

export type AnswerEntityName = "individu" | "famille" | "menage" | "parents" | "enfants";

/**
 * One answer (docs/product.md §3). `id` is the person for `individu` (`demandeur`, `conjoint`, `enfant_N`);
 * for the household entities it equals the entity name. The children list is
 * `{ entityName: "enfants", id: "enfants", fieldName: "enfants", value: ["enfant_0", …] }`.
 */
export interface Answer {
  entityName: AnswerEntityName;
  id: string;
  fieldName: string;
  value: AnswerValue;
  path?: string;
}

export interface Answers {
  all: Answer[];
  current: Answer[];
}

/** What the browser posts to `POST /api/simulation` (contact details never appear in it). */
export interface SimulationInput {
  answers: Answers;
  dateDeValeur: string;
  version?: string;
  abtesting?: Record<string, unknown>;
  modifiedFrom?: string;
  finishedAt?: string;
  /** Taxable incomes of the fiscal year, by person (docs/product.md §3). */
  ressourcesFiscales?: RessourcesFiscales;
  patrimoine?: Patrimoine;
}

/** An entity of the situation: answers plus values derived from them (period maps, flags). */
export type EntityValues = Record<string, unknown>;

export interface Person extends EntityValues {
  id: string;
  _role: Role;
}

/** Derived from the answers (docs/product.md §3 "Situation"); never stored. */
export interface Situation {
  dateDeValeur: string;
  version?: string;
  demandeur: Person;
  conjoint?: Person;
  enfants: Person[];
  famille: EntityValues;
  menage: EntityValues;
  parents: EntityValues;
  ressourcesFiscales?: RessourcesFiscales;
  patrimoine?: Patrimoine;
}

/** A field as shown to the visitor: question worded for the subject, options filtered. */
export interface ResolvedField extends Omit<Field, "question"> {
  question: string;
  /** For income amount fields: the period keys to ask, oldest first. */
  periods?: { id: string; label: string }[];
}

export type StepState = "pending" | "current" | "done";

/** One concrete step of the journey (a block's step instantiated for a subject). */
export interface StepInstance {
  /** Full route, e.g. `/simulation/individu/demandeur/date_naissance`. */
  path: string;
  stepId: string;
  chapter: string;
  /** `enfants` for the children list. */
  entityName: AnswerEntityName;
  /** `demandeur`, `conjoint`, `enfant_N`, or the entity name for household entities. */
  id: string;
  fields: ResolvedField[];
  /** The heading of a step with several questions (an income category, "Votre loyer"…). */
  title?: string;
  /** Steps not made of fixed fields (the children list, the income screens). */
  special?: SpecialStep;
  isActive: boolean;
  answered: boolean;
}

/** A benefit found for the visitor, as returned by `GET /api/simulation/:id/results`. */
export interface Droit {
  id: string;
  label: string;
  description: string;
  institution: string;
  montant: number | boolean;
  unit: string;
  periodicity: string;
  /** A few words after the amount: `au maximum`, `par jour`. */
  legend?: string;
  /** The applicant's interest question the benefit answers (groups gather by it). */
  interestFlag?: string;
  /** Lower first on the results page. */
  priority?: number;
  /** The teleservice asks the visitor to create an account first. */
  teleserviceNeedsRegistration?: true;
  /** Conditions the simulator does not model, for the visitor to check. */
  toCheck?: string[];
  /**
   * Absent: the answers decide it and it counts in the totals. `to_verify`: a decisive condition
   * was not asked; `on_application`: decided case by case. Neither is ever added to a total.
   */
  certainty?: "to_verify" | "on_application";
  /** The decisive conditions the answers do not decide, shown in full. */
  decisive?: string[];
  /**
   * Where `montant` is the amount of the first months: what it becomes once the aids claimed with
   * it are paid (0 when nothing is paid then), and the end of the sentence that says when.
   */
  settled?: { montant: number; after: string };
  /**
   * An aid already received: the engine's amount for it, when it differs from the declared one
   * (`montant`) by more than 10 %.
   */
  computed?: number;
  /** Why the amount is what it is, for this visitor (the benefit's notes whose condition holds). */
  notes?: string[];
  /** Who receives it, when not the visitor: « Versée à vos parents » (`paidTo` in the schema). */
  paidTo?: string;
  links: Record<string, string>;
  /** Set when the eligibility depends on an input the simulator guessed (docs/engine-notes.md
   * "Guessed inputs"): the aid is possible, not granted. */
  status?: DroitStatus;
}

/** An aid the visitor may get, depending on an input they did not give. */
export interface DroitStatus {
  kind: "possible";
  /** `Possible, selon votre quotient familial CAF`. */
  label: string;
  /** Why the simulator cannot tell. */
  reason: string;
  /** The conditions at stake, each with the visitor's estimated value (the ceiling and ours). */
  conditions: string[];
  /** Where to check the input or give it: official pages (https) or the simulator's own. */
  links: { label: string; url: string }[];
}

export interface Results {
  _id: string;
  droitsEligibles: Droit[];
  droitsInjectes: Droit[];
}
