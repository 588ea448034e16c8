/**
 * Realistic households for the properties over generated situations (issue 16 §2): a structured
 * plan drawn by fast-check (the applicant aged 15 to 30, any activity, with or without a partner,
 * children, the parents' situation, housing, incomes), turned into the public answer format by
 * walking the real questionnaire: every active step is answered, in journey order, as a visitor
 * would, and nothing else. Questions the plan does not decide take the option a list of small
 * numbers points at, so that fast-check shrinks a failing household towards first options, fewer
 * people and fewer incomes.
 */
import fc from "fast-check";
import {
  addChild,
  buildJourney,
  childIds,
  findAnswer,
  monthId,
  pruneAnswers,
  RESULTS_PATH,
  writeAnswer,
  type Answer,
  type AnswerValue,
  type Bundle,
  type JourneyOptions,
  type ResolvedField,
  type StepInstance,
} from "../../../src/domain";
import { loadGoldenSituations } from "../../golden/golden";

export const VALUE_DATE = "2025-10-15";

type Commune = Record<
  "code_insee" | "code_postal" | "nom" | "departement" | "region" | "epci",
  string
>;

/** The communes of the golden situations: real codes, with their EPCI, in several regions. */
export const COMMUNES: readonly Commune[] = (() => {
  const byCode = new Map<string, Commune>();
  for (const situation of loadGoldenSituations()) {
    for (const answer of situation.answers) {
      const value = answer.value as unknown;
      if (value && typeof value === "object" && "code_insee" in value) {
        byCode.set((value as Commune).code_insee, value as Commune);
      }
    }
  }
  return [...byCode.values()].sort((a, b) => a.code_insee.localeCompare(b.code_insee));
})();

/** Incomes a young household has, most often; any other type offered is drawn now and then. */
const COMMON_INCOMES = [
  "salaire_net",
  "chomage_net",
  "indemnites_stage",
  "bourse_enseignement_sup",
  "pensions_alimentaires_percues",
  "revenus_stage_formation_pro",
  "indemnites_volontariat",
  "rpns_micro_entreprise_CA_bic_service_imp",
] as const;

export interface IncomePlan {
  /** An index into COMMON_INCOMES when `common`, else into the types offered to the person. */
  type: number;
  common: boolean;
  /** Euros a month (annual types: twelve times this a year). */
  amount: number;
  /** The last three months differ from the earlier ones (a new job, a raise, a job lost). */
  recent?: number;
}

export interface PersonPlan {
  age: number;
  /** Days after the birthday, so that ages are not all on the value date. */
  day: number;
  activity: number;
  incomes: IncomePlan[];
}

export interface ChildPlan {
  age: number;
  day: number;
  dependant: boolean;
  incomes: IncomePlan[];
}

export interface HouseholdPlan {
  demandeur: PersonPlan;
  conjoint: PersonPlan | null;
  children: ChildPlan[];
  parents: number;
  housing: number;
  rent: number;
  charges: number;
  commune: number;
  familyCommune: number;
  parentsIncome: number;
  /** The other questions: each takes the option its number points at, in turn. */
  choices: number[];
}

const income: fc.Arbitrary<IncomePlan> = fc.record(
  {
    type: fc.nat({ max: 60 }),
    common: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
    amount: fc.oneof(
      fc.integer({ min: 0, max: 2_500 }),
      fc.constantFrom(0, 300, 600, 900, 1_100, 1_400, 1_800),
    ),
    recent: fc.integer({ min: 0, max: 2_500 }),
  },
  { requiredKeys: ["type", "common", "amount"] },
);

const person = (minAge: number, maxAge: number): fc.Arbitrary<PersonPlan> =>
  fc.record({
    age: fc.integer({ min: minAge, max: maxAge }),
    day: fc.nat({ max: 364 }),
    activity: fc.nat({ max: 20 }),
    incomes: fc.array(income, { maxLength: 3 }),
  });

/** A household as a plan; `answersOf` turns it into answers. */
export const householdPlan: fc.Arbitrary<HouseholdPlan> = fc
  .record({
    demandeur: person(15, 30),
    conjoint: fc.option(person(16, 35), { freq: 3 }),
    children: fc.array(
      fc.record({
        age: fc.nat({ max: 25 }),
        day: fc.nat({ max: 364 }),
        dependant: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
        incomes: fc.array(income, { maxLength: 1 }),
      }),
      { maxLength: 3 },
    ),
    parents: fc.nat({ max: 20 }),
    housing: fc.nat({ max: 20 }),
    rent: fc.oneof(fc.integer({ min: 150, max: 1_500 }), fc.constantFrom(300, 450, 650)),
    charges: fc.integer({ min: 0, max: 150 }),
    commune: fc.nat({ max: COMMUNES.length - 1 }),
    familyCommune: fc.nat({ max: COMMUNES.length - 1 }),
    parentsIncome: fc.oneof(
      fc.integer({ min: 0, max: 90_000 }),
      fc.constantFrom(0, 12_000, 25_000, 40_000),
    ),
    choices: fc.array(fc.nat({ max: 30 }), { minLength: 1, maxLength: 40 }),
  })
  .map((plan) => ({
    ...plan,
    // A parent is at least 15 years older than their child.
    children: plan.children.map((child) => ({
      ...child,
      age: Math.min(child.age, Math.max(0, plan.demandeur.age - 15)),
    })),
  }));

/** The birth date of someone `age` years old on the value date, `day` days after the birthday. */
export function birthDate(age: number, day: number): string {
  const date = new Date(`${VALUE_DATE}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - age);
  date.setUTCDate(date.getUTCDate() - day);
  return date.toISOString().slice(0, 10);
}

class Chooser {
  private next = 0;
  constructor(private readonly choices: readonly number[]) {}
  pick(): number {
    const value = this.choices[this.next % this.choices.length] ?? 0;
    this.next++;
    return value;
  }
  option<T>(options: readonly T[]): T {
    return options[this.pick() % options.length]!;
  }
}

/** A realistic number within the field's bounds (counts of months, of children, shares…). */
function numberFor(field: ResolvedField, chooser: Chooser): number {
  const min = field.min ?? 0;
  const span = Math.max(0, Math.min(field.max ?? min + 24, min + 24) - min);
  return min + (chooser.pick() % (span + 1));
}

function personPlan(plan: HouseholdPlan, id: string): PersonPlan | ChildPlan | undefined {
  if (id === "demandeur") return plan.demandeur;
  if (id === "conjoint") return plan.conjoint ?? undefined;
  const match = /^enfant_(\d+)$/.exec(id);
  return match ? plan.children[Number(match[1])] : undefined;
}

/** The income types a person chose, each with the plan of its amounts. */
function incomeChoices(
  field: ResolvedField,
  who: PersonPlan | ChildPlan | undefined,
): Map<string, IncomePlan> {
  const offered = (field.options ?? []).map((option) => String(option.value));
  const common = COMMON_INCOMES.filter((type) => offered.includes(type));
  const chosen = new Map<string, IncomePlan>();
  for (const plan of who?.incomes ?? []) {
    const pool = plan.common && common.length > 0 ? common : offered;
    const type = pool[plan.type % pool.length];
    if (type && !chosen.has(type)) chosen.set(type, plan);
  }
  return chosen;
}

function amountsFor(field: ResolvedField, plan: IncomePlan | undefined): AnswerValue {
  const periods = field.periods ?? [];
  const annual = periods.length === 1;
  const amount = plan?.amount ?? 0;
  const recent = plan?.recent ?? amount;
  return Object.fromEntries(
    periods.map((period, i) => [
      period.id,
      annual ? amount * 12 : i >= periods.length - 3 ? recent : amount,
    ]),
  );
}

/** The value a visitor with this plan gives to a field of a step. */
function valueFor(
  plan: HouseholdPlan,
  step: StepInstance,
  field: ResolvedField,
  chooser: Chooser,
  incomes: Map<string, Map<string, IncomePlan>>,
): AnswerValue | undefined {
  const who = step.entityName === "individu" ? personPlan(plan, step.id) : undefined;
  const options = (field.options ?? []).map((option) => option.value);
  switch (field.name) {
    case "date_naissance":
      return who ? birthDate(who.age, who.day) : undefined;
    case "activite": {
      if (!who || !("activity" in who)) break;
      // Every activity, a young retiree rarely.
      const usual = options.filter((option) => option !== "retraite");
      return who.activity === 20 && options.includes("retraite")
        ? "retraite"
        : usual[who.activity % usual.length];
    }
    case "enfant_a_charge":
      return who && "dependant" in who ? who.dependant : chooser.option([true, false]);
    case "en_couple":
      return plan.conjoint !== null;
    case "_situation":
      return options[plan.parents % options.length];
    case "_logementType":
      return options[plan.housing % options.length];
    case "loyer":
      return plan.rent;
    case "charges_locatives":
      return plan.charges;
    case "depcom":
      return COMMUNES[plan.commune % COMMUNES.length];
    case "_bourseCriteresSociauxCommuneDomicileFamilial":
      return COMMUNES[plan.familyCommune % COMMUNES.length];
    case "bourse_criteres_sociaux_base_ressources_parentale":
    case "rfr":
      return plan.parentsIncome;
    case "_hasRessources":
      return (who?.incomes.length ?? 0) > 0;
    case "ressources": {
      const chosen = incomeChoices(field, who);
      incomes.set(step.id, chosen);
      return [...chosen.keys()];
    }
    case "_firstName":
      return step.id === "demandeur" ? undefined : step.id;
  }
  if (field.kind === "monthly_amounts")
    return amountsFor(field, incomes.get(step.id)?.get(field.name));
  if (field.storage === "local") return undefined;
  // A list of choices may be left empty: it is answered all the same.
  if (field.kind === "multi_choice")
    return options.filter(() => chooser.pick() % 4 === 0) as string[];
  if (field.optional) return undefined;
  switch (field.kind) {
    case "boolean":
      return chooser.option([false, true]);
    case "choice":
      return options.length ? chooser.option(options) : undefined;
    case "number":
    case "money":
      if (field.name === "nbptr") return 1 + (chooser.pick() % 7) / 2;
      // Children of the parents' household: a few.
      if (field.name.startsWith("bourse_criteres_sociaux_nombre"))
        return (field.min ?? 0) + (chooser.pick() % 3);
      return numberFor(field, chooser);
    case "date":
      // Dates other than births are recent events (the start of unemployment).
      return `${monthId(VALUE_DATE, -1 - (chooser.pick() % 30))}-01`;
    case "commune":
      return chooser.option(COMMUNES);
    default:
      return undefined;
  }
}

/**
 * Completes answers by walking the questionnaire: each active step not yet visited is answered
 * from the plan, the journey rebuilt after each (an answer opens or closes further steps). Steps
 * already answered are left as they are.
 */
export function completeAnswers(
  bundle: Bundle,
  plan: HouseholdPlan,
  start: readonly Answer[],
  options: JourneyOptions,
): Answer[] {
  let answers = [...start];
  const chooser = new Chooser(plan.choices);
  const visited = new Set<string>();
  const incomes = new Map<string, Map<string, IncomePlan>>();
  // Each pass answers every active step not yet visited, in journey order, then the journey is
  // rebuilt (answers open further steps); a step that one answer closes loses its answers below.
  for (let pass = 0; pass < 50; pass++) {
    const journey = buildJourney(bundle, answers, options);
    const steps = journey.filter(
      (s) => s.isActive && s.path !== RESULTS_PATH && !visited.has(s.path),
    );
    if (steps.length === 0) {
      // Answers of a step that a later answer closed are dropped, as the server would.
      const active = journey.filter((s) => s.isActive);
      const stale = answers.some(
        (a) =>
          a.entityName !== "enfants" &&
          !active.some(
            (s) =>
              s.entityName === a.entityName &&
              s.id === a.id &&
              s.fields.some((f) => f.name === a.fieldName),
          ),
      );
      return stale ? pruneAnswers(bundle, answers, options) : answers;
    }
    for (const step of steps) {
      visited.add(step.path);
      if (step.special === "children_list") {
        if (findAnswer(answers, "enfants", "enfants", "enfants") !== undefined) continue;
        for (let i = 0; i < plan.children.length; i++) answers = addChild(answers).answers;
        answers = writeAnswer(answers, {
          entityName: "enfants",
          id: "enfants",
          fieldName: "enfants",
          value: childIds(answers),
        });
        // The children's own steps come next: rebuild.
        break;
      }
      if (step.answered) continue;
      for (const field of step.fields) {
        const value = valueFor(plan, step, field, chooser, incomes);
        if (value === undefined) continue;
        answers = writeAnswer(answers, {
          entityName: step.entityName,
          id: step.id,
          fieldName: field.name,
          value,
        });
      }
    }
  }
  throw new Error("the questionnaire walk did not end");
}

/** The household's answers, in journey order. */
export function answersOf(bundle: Bundle, plan: HouseholdPlan, options: JourneyOptions): Answer[] {
  return completeAnswers(bundle, plan, [], options);
}

/** A dependent child added to the household, then the questions about them answered. */
export function withDependentChild(
  bundle: Bundle,
  plan: HouseholdPlan,
  answers: readonly Answer[],
  options: JourneyOptions,
  age: number,
): Answer[] {
  const { answers: added, id } = addChild(answers);
  const index = Number(id.slice("enfant_".length));
  const children = [...plan.children];
  children[index] = { age, day: 100, dependant: true, incomes: [] };
  return completeAnswers(bundle, { ...plan, children }, added, options);
}

/**
 * The answers in the compact form of the golden situations (tests/golden/README.md), to paste
 * into a golden file or read in a failure message: one line per answer, amounts by period.
 */
export function compactAnswers(answers: readonly Answer[]): string {
  const key = (a: Answer) =>
    a.entityName === "enfants"
      ? "enfants"
      : a.entityName === "individu"
        ? `individu.${a.id}.${a.fieldName}`
        : `${a.entityName}.${a.fieldName}`;
  const show = (value: unknown): string => {
    if (Array.isArray(value)) return `[${value.join(", ")}]`;
    if (value && typeof value === "object") {
      if ("code_insee" in value) return JSON.stringify(value);
      return `{ ${compactPeriods(value as Record<string, unknown>)} }`;
    }
    return String(value);
  };
  return answers.map((a) => `  ${key(a)}: ${show(a.value)}`).join("\n");
}

/** `{ "2024-10": 900, …, "2025-10": 900 }` → `2024-10..2025-10: 900`. */
function compactPeriods(value: Record<string, unknown>): string {
  const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
  const runs: string[] = [];
  let start = 0;
  for (let i = 1; i <= entries.length; i++) {
    const [from, amount] = entries[start]!;
    const next = entries[i];
    const previous = entries[i - 1]![0];
    const consecutive =
      next && /^\d{4}-\d{2}$/.test(next[0]) && monthId(`${previous}-01`, 1) === next[0];
    if (next && consecutive && next[1] === amount) continue;
    runs.push(`${from === previous ? from : `${from}..${previous}`}: ${String(amount)}`);
    start = i;
  }
  return runs.join(", ");
}

/** What varies between the households of a group: amounts, places, days; not the questions. */
export interface Variation {
  amounts: number[];
  day: number;
  rent: number;
  charges: number;
  commune: number;
  familyCommune: number;
  parentsIncome: number;
}

export const variation: fc.Arbitrary<Variation> = fc.record({
  amounts: fc.array(
    fc.oneof(fc.integer({ min: 0, max: 2_500 }), fc.constantFrom(0, 600, 1_100, 1_800)),
    { minLength: 1, maxLength: 4 },
  ),
  day: fc.nat({ max: 300 }),
  rent: fc.integer({ min: 150, max: 1_500 }),
  charges: fc.integer({ min: 0, max: 150 }),
  commune: fc.nat({ max: COMMUNES.length - 1 }),
  familyCommune: fc.nat({ max: COMMUNES.length - 1 }),
  parentsIncome: fc.integer({ min: 0, max: 90_000 }),
});

/**
 * A household of a group: the group's shape (people, ages, activities, income types, housing,
 * the other answers' choices) with this variation's amounts and places. The households of a group
 * answer the same questions, so the engine computes them in one batch (its batches only merge
 * requests that set the same variables, src/server/compute/batch.ts).
 */
export function varied(shape: HouseholdPlan, v: Variation): HouseholdPlan {
  let next = 0;
  const amount = () => v.amounts[next++ % v.amounts.length]!;
  const incomes = (list: IncomePlan[]) =>
    list.map((income) => ({ ...income, amount: amount(), recent: amount() }));
  // Days shift birthdays within the same age (the questions asked depend on the age).
  const day = (d: number) => (d + v.day) % 365;
  return {
    ...shape,
    demandeur: {
      ...shape.demandeur,
      day: day(shape.demandeur.day),
      incomes: incomes(shape.demandeur.incomes),
    },
    conjoint: shape.conjoint && {
      ...shape.conjoint,
      day: day(shape.conjoint.day),
      incomes: incomes(shape.conjoint.incomes),
    },
    children: shape.children.map((child) => ({
      ...child,
      day: day(child.day),
      incomes: incomes(child.incomes),
    })),
    rent: v.rent,
    charges: v.charges,
    commune: v.commune,
    familyCommune: v.familyCommune,
    parentsIncome: v.parentsIncome,
  };
}
