/**
 * `npm run schema:unasked` (issue 57 §1): the counted results whose own words name a decisive
 * condition that nothing asks. Each rule is a phrase of a label, a description or an aid's
 * `toCheck` (accents and case ignored) and the conditions that would decide it from the answers; a counted
 * condition-based aid whose text says it but whose eligibility uses none of them is listed, and an
 * engine benefit only for what the engine never decides (a jury, a fund, a distance). The list
 * must be empty (tests/unit/generator/unasked.test.ts): an aid it names is marked `to_verify` or
 * `on_application` with its `decisive` conditions, or gets the condition that decides it.
 */
import type { Aid, Benefit, Predicate } from "../../src/domain/bundle";
import { foldText } from "../../src/domain/results-summary";

export interface UnaskedRule {
  /** What the text says that decides eligibility, in a few words. */
  what: string;
  pattern: RegExp;
  /** Conditions (operators, or `profile:<id>`) that decide it from the answers. */
  decidedBy: readonly string[];
  /** The engine decides it for a benefit it computes (resources, disability). */
  engineDecides?: true;
}

const INCOME = ["family_quotient", "rsa_recipient", "grant_holder", "profile:beneficiaire_rsa"];

export const UNASKED_RULES: readonly UnaskedRule[] = [
  {
    what: "une décision au cas par cas (jury, commission, sélection)",
    pattern:
      /\b(jury|commission|sur dossier|au cas par cas|appels? a projets?|sur concours|selectionnee?s?|laureate?s?)\b/,
    decidedBy: [],
  },
  {
    what: "un fonds d’aide ou d’urgence",
    pattern: /\b(fonds social|fonds d.aide|fonds de solidarite|fonds d.urgence|aide d.urgence)\b/,
    decidedBy: [],
  },
  {
    what: "une situation de difficulté",
    pattern: /\b(en difficulte|difficultes (financieres|sociales|materielles))\b/,
    decidedBy: ["housing_difficulties"],
  },
  {
    what: "un prêt d’honneur",
    pattern: /\bpret d.honneur\b/,
    decidedBy: [],
  },
  {
    what: "une première installation",
    pattern: /\b(premiere installation|premier logement|premier emmenagement)\b/,
    decidedBy: [],
  },
  {
    what: "une distance",
    pattern: /\b(\d+ ?km|kilometres?|eloignee?s? d)/,
    decidedBy: [],
  },
  {
    what: "une validation des acquis de l’expérience",
    pattern: /\b(vae|validation des acquis)\b/,
    decidedBy: [],
  },
  {
    what: "des ressources sous un plafond",
    pattern:
      /\b(revenus? modestes?|sous conditions? de ressources|plafonds? de ressources|selon (vos|tes) (revenus|ressources))\b/,
    decidedBy: INCOME,
    engineDecides: true,
  },
];

export interface UnaskedFinding {
  id: string;
  kind: "aid" | "benefit";
  what: string;
  /** The words that said it. */
  said: string;
}

/** The operators an eligibility predicate uses, and its profiles as `profile:<id>`. */
export function conditionsUsed(predicate: Predicate | undefined): Set<string> {
  const used = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== "object" || node === null) return;
    for (const [operator, value] of Object.entries(node)) {
      used.add(operator);
      if (operator === "profile" && typeof value === "string") used.add(`profile:${value}`);
      walk(value);
    }
  };
  walk(predicate);
  return used;
}

type Result = Pick<Aid, "id" | "label" | "description" | "toCheck" | "certainty">;

function findingsOf(
  result: Result,
  kind: UnaskedFinding["kind"],
  used: ReadonlySet<string>,
): UnaskedFinding[] {
  if (result.certainty) return [];
  // An engine benefit's `toCheck` says how what the engine decides is proven (the CDAPH's decision
  // behind the incapacity rate asked): its label and description are read, not that.
  const words = [
    result.label,
    result.description,
    ...(kind === "aid" ? (result.toCheck ?? []) : []),
  ];
  const text = foldText(words.join(" "));
  const findings: UnaskedFinding[] = [];
  for (const rule of UNASKED_RULES) {
    if (kind === "benefit" && rule.engineDecides) continue;
    if (rule.decidedBy.some((condition) => used.has(condition))) continue;
    const match = rule.pattern.exec(text);
    if (match) findings.push({ id: result.id, kind, what: rule.what, said: match[0] });
  }
  return findings;
}

/** Every counted result whose words name a decisive condition nothing asks. */
export function unaskedConditions(
  benefits: readonly Benefit[],
  aids: readonly Aid[],
): UnaskedFinding[] {
  return [
    ...benefits.flatMap((benefit) => findingsOf(benefit, "benefit", new Set())),
    ...aids.flatMap((aid) => findingsOf(aid, "aid", conditionsUsed(aid.eligibility))),
  ];
}
