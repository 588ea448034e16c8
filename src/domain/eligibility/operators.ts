/**
 * The domain operators of condition-based aids (docs/schema-format.md, "Condition-based aids").
 * Each says whether it holds for a visitor and, when it does not, why, in plain French: the
 * explanations of "Pourquoi pas moi ?" come from here, never from the aids themselves.
 *
 * Arguments are those of the compiled json-logic (`{ lives_in: ["departements", ["74"]] }` calls
 * `lives_in` with `"departements", ["74"]`).
 */
import type { OperatorName } from "./condition-names";
import type { DerivedAttribute, KnownField } from "../schema-names";
import type { EligibilityFacts } from "./facts";

/** The applicant's social security scheme, set by the schema (`derived:` in journey.yaml). */
const SCHEME = "_regimeSecuriteSociale" satisfies DerivedAttribute;

/** A no-break space, before `;`, `:` and inside « » (French typography). */
const NBSP = "\u00A0";
const SEMI = `${NBSP};`;

type Comparison = "<=" | "<" | ">=" | ">";

export interface Operator {
  holds(facts: EligibilityFacts, ...args: unknown[]): boolean;
  /** Why it does not hold, in one French sentence. */
  explain(facts: EligibilityFacts, ...args: unknown[]): string;
  /** The visitor's value the condition reads, when the simulator estimated it (a guessed input). */
  estimate?(facts: EligibilityFacts, ...args: unknown[]): string | undefined;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

function compare(value: number, op: unknown, bound: number): boolean {
  switch (op as Comparison) {
    case "<=":
      return value <= bound;
    case "<":
      return value < bound;
    case ">=":
      return value >= bound;
    case ">":
      return value > bound;
    default:
      return false;
  }
}

const COMPARISON_WORDS: Record<Comparison, string> = {
  "<=": "inférieur ou égal à",
  "<": "inférieur à",
  ">=": "supérieur ou égal à",
  ">": "supérieur à",
};

/** "a", "a ou b", "a, b ou c". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ou ${items[items.length - 1]}`;
}

export function euros(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  const text = rounded.toLocaleString("fr-FR", {
    minimumFractionDigits: Number.isInteger(rounded) ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return `${text.replace(/\s/g, NBSP)}${NBSP}€`;
}

function label(facts: EligibilityFacts, enumeration: string, value: unknown): string {
  const option = facts.enumerations[enumeration]?.find((o) => o.value === value);
  return option ? option.label : String(value);
}

function labels(facts: EligibilityFacts, enumeration: string, values: readonly string[]): string {
  return orList(values.map((value) => lowerFirst(label(facts, enumeration, value))));
}

function lowerFirst(text: string): string {
  // Keep acronyms and proper names ("BTS", "CAP", "MSA") as they are.
  return /^[A-ZÀ-Ý][a-zà-ÿ]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

const unanswered = (value: unknown) => value === undefined || value === null;

function commune(facts: EligibilityFacts): string {
  return facts.commune?.nom
    ? `vous habitez à ${facts.commune.nom}`
    : "vous n’avez pas indiqué votre commune";
}

/** Whether the household's commune is in one of the listed places. */
function livesIn(facts: EligibilityFacts, kind: unknown, codes: readonly string[]): boolean {
  const place = facts.commune;
  if (!place) return false;
  switch (kind) {
    case "regions":
      return codes.includes(place.region ?? "");
    case "departements":
      return codes.includes(place.departement ?? "");
    case "epcis":
      return codes.includes(place.epci ?? "");
    case "communes":
      return codes.includes(place.code_insee ?? "");
    case "postcodes":
      return codes.includes(place.code_postal ?? "");
    default:
      return false;
  }
}

function places(facts: EligibilityFacts, kind: unknown, codes: readonly string[]): string {
  const names = codes.map(
    (code) =>
      facts.placeNames[`${String(kind)}:${code}`] ??
      (kind === "postcodes" ? `du code postal ${code}` : `de ${code}`),
  );
  if (names.length > 4) {
    const what: Record<string, string> = {
      regions: "de certaines régions",
      departements: "de certains départements",
      epcis: "de certaines intercommunalités",
      communes: "de certaines communes",
      postcodes: "de certains codes postaux",
    };
    return what[String(kind)] ?? "de certains territoires";
  }
  return orList(names);
}

function yes<N extends string>(facts: EligibilityFacts, field: KnownField<N>): boolean {
  return facts.applicant[field] === true;
}

/** Whether the applicant declared a positive amount of this income for some period. */
function declaredSome<N extends string>(facts: EligibilityFacts, income: KnownField<N>): boolean {
  const amounts = facts.applicant[income];
  if (typeof amounts !== "object" || amounts === null) return false;
  return Object.values(amounts).some((amount) => typeof amount === "number" && amount > 0);
}

export const OPERATORS: Readonly<Record<OperatorName, Operator>> = {
  age_between: {
    holds: (facts, min, max) =>
      facts.age !== undefined &&
      (typeof min !== "number" || facts.age >= min) &&
      (typeof max !== "number" || facts.age <= max),
    explain(facts, min, max) {
      const you = facts.age === undefined ? "" : `${SEMI} vous avez ${facts.age}${NBSP}ans`;
      if (typeof min === "number" && typeof max === "number") {
        return min === max
          ? `Cette aide est réservée aux personnes de ${min}${NBSP}ans${you}.`
          : `Cette aide est réservée aux ${min}–${max}${NBSP}ans${you}.`;
      }
      if (typeof min === "number")
        return `Cette aide est réservée aux personnes de ${min}${NBSP}ans ou plus${you}.`;
      return `Cette aide est réservée aux personnes de ${String(max)}${NBSP}ans ou moins${you}.`;
    },
  },

  lives_in: {
    holds: (facts, kind, codes) => livesIn(facts, kind, strings(codes)),
    explain: (facts, kind, codes) =>
      `Cette aide est réservée aux habitants ${places(facts, kind, strings(codes))}${SEMI} ${commune(facts)}.`,
  },

  lives_outside: {
    holds: (facts, kind, codes) => !livesIn(facts, kind, strings(codes)),
    explain: (facts, kind, codes) =>
      `Cette aide n’est pas proposée aux habitants ${places(facts, kind, strings(codes))}${SEMI} ${commune(facts)}.`,
  },

  study_year: {
    holds: (facts, values) => strings(values).includes(facts.applicant.annee_etude as string),
    explain(facts, values) {
      const year = facts.applicant.annee_etude;
      const you = unanswered(year)
        ? "vous n’avez pas indiqué d’année d’études"
        : `vous êtes en ${lowerFirst(label(facts, "annee_etude", year))}`;
      return `Cette aide est réservée aux élèves et étudiants en ${labels(facts, "annee_etude", strings(values))}${SEMI} ${you}.`;
    },
  },

  bac_mention: {
    holds: (facts, values) =>
      strings(values).includes(facts.applicant.mention_baccalaureat as string),
    explain(facts, values) {
      const mention = facts.applicant.mention_baccalaureat;
      const you = unanswered(mention)
        ? "vous n’avez pas indiqué de mention"
        : `vous avez indiqué${NBSP}: ${lowerFirst(label(facts, "mention_baccalaureat", mention))}`;
      return `Cette aide est réservée aux bacheliers ayant obtenu la ${labels(facts, "mention_baccalaureat", strings(values))}${SEMI} ${you}.`;
    },
  },

  work_study_contract: {
    holds: (facts, values) =>
      yes(facts, "alternant") &&
      strings(values).includes(facts.applicant._contratAlternance as string),
    explain: (facts, values) =>
      `Cette aide est réservée aux personnes en ${labels(facts, "contrat_alternance", strings(values))}${SEMI} vous n’avez pas indiqué un tel contrat.`,
  },

  grant_holder: {
    holds: (facts) => facts.engine.boursier === true || yes(facts, "boursier"),
    explain: () =>
      `Cette aide est réservée aux boursiers et boursières${SEMI} d’après vos réponses, vous n’êtes pas boursier ou boursière.`,
  },

  higher_education_grant: {
    holds: (facts) =>
      (facts.engine.bourseCriteresSociaux ?? 0) > 0 ||
      yes(facts, "boursier") ||
      declaredSome(facts, "bourse_enseignement_sup"),
    explain: () =>
      `Cette aide est réservée aux étudiants et étudiantes boursiers sur critères sociaux${SEMI} d’après vos réponses, vous n’avez pas droit à cette bourse et n’avez pas indiqué en recevoir une.`,
  },

  family_quotient: {
    holds(facts, op, amount, period) {
      const quotient = familyQuotient(facts, period);
      return quotient !== undefined && typeof amount === "number" && compare(quotient, op, amount);
    },
    explain(facts, op, amount, period) {
      const per = period === "month" ? "par mois" : "par an";
      const words = COMPARISON_WORDS[op as Comparison] ?? String(op);
      const quotient = familyQuotient(facts, period);
      const you =
        quotient === undefined
          ? "le vôtre n’a pas pu être calculé"
          : `le vôtre est de ${euros(quotient)} ${per}`;
      return `Cette aide est réservée aux foyers dont le quotient familial est ${words} ${euros(Number(amount))} ${per}${SEMI} ${you}.`;
    },
    estimate(facts, _op, _amount, period) {
      const quotient = familyQuotient(facts, period);
      const per = period === "month" ? "par mois" : "par an";
      return quotient === undefined
        ? undefined
        : `D’après notre estimation, le vôtre est de ${euros(quotient)} ${per}.`;
    },
  },

  rsa_recipient: {
    // The engine's RSA only: no answer of the schema says "I receive the RSA".
    holds: (facts) => (facts.engine.rsa ?? 0) > 0,
    explain: () =>
      `Cette aide est réservée aux bénéficiaires du RSA${SEMI} d’après vos réponses, vous ne le percevez pas.`,
  },

  social_security: {
    // The scheme answered, or the one assumed when it was not asked (the schema's derived table).
    holds: (facts, values) => strings(values).includes(facts.applicant[SCHEME] as string),
    explain(facts, values) {
      const scheme = facts.applicant[SCHEME];
      return `Cette aide est réservée aux personnes affiliées au ${labels(facts, "regime_securite_sociale", strings(values))}${SEMI} vous avez indiqué${NBSP}: ${lowerFirst(label(facts, "regime_securite_sociale", scheme))}.`;
    },
    estimate(facts) {
      const scheme = facts.applicant[SCHEME];
      return unanswered(scheme)
        ? undefined
        : `Nous avons supposé${NBSP}: ${lowerFirst(label(facts, "regime_securite_sociale", scheme))}.`;
    },
  },

  housing_status: {
    holds: (facts, values) =>
      strings(values).includes(facts.household.statut_occupation_logement as string),
    explain(facts, values) {
      const status = facts.household.statut_occupation_logement;
      const you = unanswered(status)
        ? "vous n’avez pas indiqué votre logement"
        : `votre situation${NBSP}: ${lowerFirst(label(facts, "statut_occupation_logement", status))}`;
      return `Cette aide est réservée aux personnes dont la situation de logement est${NBSP}: ${labels(facts, "statut_occupation_logement", strings(values))}${SEMI} ${you}.`;
    },
  },

  health_social_training: {
    // Derived from the training specialty by the schema (`derived:` in schema/journey.yaml).
    holds: (facts) => yes(facts, "_formationSanitaireSociale"),
    explain: () =>
      `Cette aide est réservée aux personnes en formation sanitaire ou sociale${SEMI} vous n’avez pas indiqué une telle formation.`,
  },

  housing_difficulties: {
    holds: (facts) => facts.household._difficultes_acces_ou_frais_logement === true,
    explain: () =>
      `Cette aide est réservée aux personnes qui ont des difficultés pour accéder à un logement ou pour le payer${SEMI} vous n’en avez pas déclaré.`,
  },

  temp_agency: {
    holds: (facts) => yes(facts, "_agence_travail_temporaire"),
    explain: () =>
      `Cette aide est réservée aux intérimaires${SEMI} vous n’avez pas indiqué travailler pour une agence d’intérim.`,
  },

  disability_rate: {
    holds(facts, op, rate) {
      const value = facts.applicant.taux_incapacite;
      return typeof value === "number" && typeof rate === "number" && compare(value, op, rate);
    },
    explain(facts, op, rate) {
      const value = facts.applicant.taux_incapacite;
      const words = COMPARISON_WORDS[op as Comparison] ?? String(op);
      const you =
        typeof value === "number"
          ? `le vôtre est de ${Math.round(value * 100)}${NBSP}%`
          : "vous n’avez pas indiqué de taux d’incapacité";
      return `Cette aide est réservée aux personnes dont le taux d’incapacité est ${words} ${Math.round(Number(rate) * 100)}${NBSP}%${SEMI} ${you}.`;
    },
  },

  children_in_age_band: {
    holds: (facts, count, min, max) =>
      facts.childrenAges.filter((age) => age >= Number(min) && age <= Number(max)).length >=
      Number(count),
    explain: (_facts, count, min, max) => {
      const children = Number(count) === 1 ? "d’un enfant" : `d’au moins ${String(count)} enfants`;
      return `Cette aide est réservée aux parents ${children} de ${String(min)} à ${String(max)}${NBSP}ans${SEMI} d’après vos réponses, ce n’est pas votre cas.`;
    },
  },

  profile: {
    holds: (facts, id) => facts.profiles[String(id)] === true,
    explain: (facts, id) =>
      `Cette aide est réservée aux ${facts.profileLabels[String(id)] ?? String(id)}${SEMI} d’après vos réponses, ce n’est pas votre situation.`,
  },

  interest: {
    holds: (facts, flag) => facts.interests.has(String(flag)),
    explain: (facts, flag) => {
      const question = facts.interestQuestions[String(flag)];
      return question
        ? `Cette aide concerne un projet que vous n’avez pas indiqué (question «${NBSP}${question}${NBSP}»).`
        : "Cette aide concerne un projet que vous n’avez pas indiqué.";
    },
  },
};

export function familyQuotient(facts: EligibilityFacts, period: unknown): number | undefined {
  const { rfr, nbptr } = facts.engine;
  if (typeof rfr !== "number" || typeof nbptr !== "number" || nbptr <= 0) return undefined;
  const yearly = rfr / nbptr;
  return period === "month" ? yearly / 12 : yearly;
}

/** The operator of this name, if any (compiled json-logic may name any operator). */
export function operatorNamed(name: string): Operator | undefined {
  return Object.hasOwn(OPERATORS, name) ? OPERATORS[name as OperatorName] : undefined;
}
