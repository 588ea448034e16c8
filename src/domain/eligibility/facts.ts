import type { ChoiceOption } from "../bundle";
import type { Commune } from "../types";

/**
 * What the eligibility operators read about a visitor: answers of the applicant and the household,
 * a few derived values, and the engine's answers to the questions only it can settle (grant
 * holder, tax household income, RSA). Built by `eligibilityFacts` (`./build.ts`).
 */
export interface EligibilityFacts {
  dateDeValeur: string;
  /** The applicant's age in whole years at the value date. */
  age?: number;
  /** The household's commune. */
  commune?: Partial<Commune>;
  /** The applicant's answers by field name (`annee_etude`, `regime_securite_sociale`…). */
  applicant: Readonly<Record<string, unknown>>;
  /** The household's answers, with the derived `statut_occupation_logement`. */
  household: Readonly<Record<string, unknown>>;
  /** Each child's age at the value date. */
  childrenAges: readonly number[];
  /** Which profiles of `profiles.yaml` the applicant matches. */
  profiles: Readonly<Record<string, boolean>>;
  /** The labels of the profiles, for explanations. */
  profileLabels: Readonly<Record<string, string>>;
  /** The applicant answered yes to these interest questions. */
  interests: ReadonlySet<string>;
  /** The interest questions' wording, for explanations. */
  interestQuestions: Readonly<Record<string, string>>;
  /** The schema's enumerations, for the labels of answers in explanations. */
  enumerations: Readonly<Record<string, readonly ChoiceOption[]>>;
  engine: EngineFacts;
  /** How places read after "habitants" (`Catalogue.placeNames`). */
  placeNames: Readonly<Record<string, string>>;
  /** The ids of the schema's guesses made for this visitor (`guesses:`, `../guesses.ts`). */
  guesses?: ReadonlySet<string>;
  /** Operators taken to hold (true) or fail (false) whatever the facts: an aid's eligibility
   * evaluated at the bounds of a guessed input (`./aids.ts`). */
  assume?: Readonly<Record<string, boolean>>;
}

/** The engine's values read back for the eligibility of local aids. */
export interface EngineFacts {
  /** The engine's `boursier` (a school, lycée or higher education grant), value date's month. */
  boursier?: boolean;
  /** The applicant's grant on social criteria (€ a month), value date's month. */
  bourseCriteresSociaux?: number;
  /** Revenu fiscal de référence of the applicant's tax household, fiscal year (N-2). */
  rfr?: number;
  /** Number of tax shares of that household. */
  nbptr?: number;
  /** RSA of the applicant's family, value date's month. */
  rsa?: number;
}
