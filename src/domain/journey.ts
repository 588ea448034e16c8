import type { Bundle, ChoiceOption, Field, JourneyEntry, Role, StepDefinition } from "./bundle";
import { MAX_PERIOD_AMOUNT } from "./answer-bounds";
import { childIds, findAnswer } from "./answers";
import { predicateContext, roleOf, withSelf, type JourneyOptions } from "./context";
import { incomeLabel, incomePeriods, offeredIncomeTypes } from "./incomes";
import { evaluate, type PredicateContext } from "./predicates";
import type { ChapterId } from "./schema-names";
import type { Answer, AnswerEntityName, ResolvedField, StepInstance } from "./types";

export const RESULTS_PATH = "/simulation/resultats";
export const RECAP_PATH = "/simulation/recapitulatif";
/** The chapter of the recap page. */
const RECAP_CHAPTER = "recapitulatif" satisfies ChapterId;
/** The chapter of the results pages. */
export const RESULTS_CHAPTER = "resultats" satisfies ChapterId;
export const FIRST_STEP_PATH = "/simulation/individu/demandeur/date_naissance";

export class UnknownStepError extends Error {
  constructor(readonly path: string) {
    super(`Unknown step: ${path}`);
    this.name = "UnknownStepError";
  }
}

type Subject = { entityName: AnswerEntityName; id: string };

function subjectOf(step: StepDefinition, personId: string | undefined): Subject {
  const subject = step.subject;
  if (subject.entity === "individu") {
    const id = subject.id === "self" ? personId : subject.id;
    if (!id) throw new Error(`Step ${step.id} needs a person (${step.source})`);
    return { entityName: "individu", id };
  }
  return { entityName: subject.entity, id: subject.entity };
}

const PRENOM = /\{prenom\}/g;
/** "de" and "que" before the name, elided before a vowel. */
const ELIDED = /\b(d|qu)e \{prenom\}/g;
const VOWEL_START = /^[aeiouyàâäéèêëîïôöùûüœæ]/i;

/** Fills `{prenom}` with the child's first name; the question then starts with a capital. */
function fillPlaceholders(text: string, self: Record<string, unknown> | undefined): string {
  if (!text.includes("{")) return text;
  const firstName = typeof self?._firstName === "string" && self._firstName ? self._firstName : "";
  const name = firstName || "votre enfant";
  // French elision: "de Inès" is written "d’Inès", "que Inès" "qu’Inès".
  const elided = VOWEL_START.test(name)
    ? text.replace(ELIDED, (_, start: string) => `${start}’${name}`)
    : text;
  const filled = elided.replace(PRENOM, name);
  return filled.charAt(0).toUpperCase() + filled.slice(1);
}

function resolveQuestion(field: Field, role: Role): string {
  if (typeof field.question === "string") return field.question;
  return field.question[role] ?? field.question.demandeur ?? Object.values(field.question)[0] ?? "";
}

function resolveField(field: Field, role: Role, context: PredicateContext): ResolvedField {
  const options = field.options?.filter((option) => evaluate(option.when, context));
  const question = fillPlaceholders(resolveQuestion(field, role), context.self);
  const { autocomplete, ...rest } = field;
  return {
    ...rest,
    question,
    ...(options ? { options } : {}),
    ...(autocomplete && role === "demandeur" ? { autocomplete } : {}),
  };
}

function isAnswered(
  fields: ResolvedField[],
  subject: Subject,
  answers: readonly Answer[],
): boolean {
  const present = fields.map(
    (f) => findAnswer(answers, subject.entityName, subject.id, f.name) !== undefined,
  );
  const required = fields.filter((f) => !f.optional);
  if (required.length === 0) return present.some(Boolean);
  return fields.every((f, i) => f.optional || present[i]);
}

interface InstanceSpec {
  step: StepDefinition;
  entry: JourneyEntry;
  subject: Subject;
  pathSuffix: string;
  fields: ResolvedField[];
  isActive: boolean;
  title?: string | undefined;
  /** Overrides the answered test of the fields (a step without fields). */
  answered?: boolean;
}

function instance(spec: InstanceSpec, answers: readonly Answer[]): StepInstance {
  const { step, entry, subject, fields } = spec;
  const title = spec.title ?? step.title;
  return {
    path: `/simulation/${spec.pathSuffix}`,
    stepId: step.id,
    chapter: step.chapter ?? entry.chapter,
    ...(title ? { title } : {}),
    ...(step.special ? { special: step.special } : {}),
    entityName: subject.entityName,
    id: subject.id,
    fields,
    isActive: spec.isActive,
    answered: spec.answered ?? isAnswered(fields, subject, answers),
  };
}

/** The income types screen: the offered types, by category, each labelled for the person. */
function incomeTypeOptions(bundle: Bundle, context: PredicateContext): ChoiceOption[] {
  const order = bundle.incomeCategories.map((category) => category.id);
  const labels = new Map(bundle.incomeCategories.map((category) => [category.id, category.label]));
  return offeredIncomeTypes(bundle, context)
    .map((type) => ({ type, rank: order.indexOf(type.category) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ type }) => {
      const group = labels.get(type.category);
      return { value: type.id, label: incomeLabel(type, context), ...(group ? { group } : {}) };
    });
}

/**
 * The income amounts screens: one per category holding a selected income type, asking each type's
 * amounts and then its own further questions.
 */
function incomeAmountSteps(
  bundle: Bundle,
  base: Omit<InstanceSpec, "pathSuffix" | "fields" | "title">,
  answers: readonly Answer[],
  context: PredicateContext,
  dateDeValeur: string,
): StepInstance[] {
  const { step, subject } = base;
  const selected = findAnswer(answers, "individu", subject.id, "ressources")?.value;
  if (!Array.isArray(selected)) return [];
  const role = roleOf(subject.id);
  return bundle.incomeCategories.flatMap((category) => {
    const types = bundle.incomeTypes.filter(
      (t) => t.category === category.id && selected.includes(t.id),
    );
    if (types.length === 0) return [];
    const fields: ResolvedField[] = types.flatMap((type) => [
      {
        name: type.id,
        kind: "monthly_amounts" as const,
        question: incomeLabel(type, context),
        periods: incomePeriods(type, dateDeValeur),
        // The server's bounds (README "The answer format"): the form says so before saving.
        min: 0,
        max: MAX_PERIOD_AMOUNT,
      },
      ...(type.fields ?? []).map((field) => resolveField(field, role, context)),
    ]);
    const pathSuffix = step.path.replace("{id}", subject.id).replace("{category}", category.id);
    return [instance({ ...base, pathSuffix, fields, title: category.label }, answers)];
  });
}

function instantiate(
  bundle: Bundle,
  step: StepDefinition,
  entry: JourneyEntry,
  personId: string | undefined,
  baseContext: PredicateContext,
  answers: readonly Answer[],
  options: JourneyOptions,
): StepInstance[] {
  const subject = subjectOf(step, personId);
  const selfId = personId ?? (subject.entityName === "individu" ? subject.id : undefined);
  const context = selfId ? withSelf(baseContext, answers, selfId) : baseContext;
  const isActive = evaluate(entry.when, context) && evaluate(step.when, context);
  const base = { step, entry, subject, isActive };
  const pathSuffix = step.path.replace("{id}", subject.id);
  switch (step.special) {
    case "income_amounts":
      return incomeAmountSteps(bundle, base, answers, context, options.dateDeValeur);
    case "children_list": {
      const answered = findAnswer(answers, "enfants", "enfants", "enfants") !== undefined;
      return [instance({ ...base, pathSuffix, fields: [], answered }, answers)];
    }
  }
  const role = roleOf(selfId ?? "demandeur");
  let fields = step.fields.map((field) => resolveField(field, role, context));
  if (step.special === "income_types") {
    const incomeOptions = incomeTypeOptions(bundle, context);
    fields = fields.map((field) => ({ ...field, options: incomeOptions }));
  }
  return [instance({ ...base, pathSuffix, fields }, answers)];
}

function peopleFor(entry: JourneyEntry, answers: readonly Answer[]): (string | undefined)[] {
  if (entry.for === "enfants") return childIds(answers);
  return [entry.for];
}

/**
 * Every step of the questionnaire for these answers, in order, each knowing whether it is active
 * and answered (docs/product.md §4). The results page closes the journey.
 */
export function buildJourney(
  bundle: Bundle,
  answers: readonly Answer[],
  options: JourneyOptions,
): StepInstance[] {
  const context = predicateContext(bundle, answers, options);
  const steps: StepInstance[] = [];
  for (const entry of bundle.journey) {
    const block = bundle.blocks[entry.block];
    if (!block) throw new Error(`Unknown block in journey: ${entry.block}`);
    for (const personId of peopleFor(entry, answers)) {
      for (const step of block.steps) {
        steps.push(...instantiate(bundle, step, entry, personId, context, answers, options));
      }
    }
  }
  const journey = oneStepPerPath(steps);
  journey.push({
    path: RESULTS_PATH,
    stepId: "resultats",
    chapter: RESULTS_CHAPTER,
    entityName: "menage",
    id: "menage",
    fields: [],
    isActive: true,
    answered: false,
  });
  return journey;
}

/**
 * A path names one step. When two journey entries instantiate the same step (each child's profile
 * is declared before and after the children list, under complementary conditions), the active
 * instance is kept, else the first.
 */
function oneStepPerPath(steps: StepInstance[]): StepInstance[] {
  const kept = new Map<string, StepInstance>();
  for (const step of steps) {
    const previous = kept.get(step.path);
    if (!previous || (!previous.isActive && step.isActive)) kept.set(step.path, step);
  }
  return steps.filter((step) => kept.get(step.path) === step);
}

export function activeSteps(steps: readonly StepInstance[]): StepInstance[] {
  return steps.filter((step) => step.isActive);
}

export function findStep(steps: readonly StepInstance[], path: string): StepInstance | undefined {
  return steps.find((step) => step.path === path);
}

/** The next active step after `currentPath`; wraps to the first at the end (docs/product.md §4). */
export function nextStep(steps: readonly StepInstance[], currentPath: string): StepInstance {
  const active = activeSteps(steps);
  const first = active[0];
  if (!first) throw new UnknownStepError(currentPath);
  if (currentPath === "/") return first;
  const index = steps.findIndex((step) => step.path === currentPath);
  if (index === -1) throw new UnknownStepError(currentPath);
  return steps.slice(index + 1).find((step) => step.isActive) ?? first;
}

export function previousStep(
  steps: readonly StepInstance[],
  currentPath: string,
): StepInstance | undefined {
  const index = steps.findIndex((step) => step.path === currentPath);
  if (index === -1) return undefined;
  return steps
    .slice(0, index)
    .reverse()
    .find((step) => step.isActive);
}

/** The first unanswered active step, excluding the results (docs/product.md §4). */
export function resumePoint(steps: readonly StepInstance[]): StepInstance | undefined {
  return steps.find((step) => step.isActive && !step.answered && step.path !== RESULTS_PATH);
}

function belongsTo(answer: Answer, step: StepInstance): boolean {
  return (
    answer.entityName === step.entityName &&
    answer.id === step.id &&
    step.fields.some((field) => field.name === answer.fieldName)
  );
}

/** Answers of the active steps before `currentPath` (docs/product.md §4), plus the children list. */
export function currentAnswers(
  steps: readonly StepInstance[],
  answers: readonly Answer[],
  currentPath: string,
): Answer[] {
  const index = steps.findIndex((step) => step.path === currentPath);
  const before = activeSteps(index === -1 ? steps : steps.slice(0, index));
  return answers.filter(
    (answer) => answer.entityName === "enfants" || before.some((step) => belongsTo(answer, step)),
  );
}

/** Answered active steps over active steps, as a whole percentage (docs/product.md §4). */
export function progress(steps: readonly StepInstance[], currentPath: string): number {
  if (currentPath === RESULTS_PATH) return 100;
  const questions = activeSteps(steps).filter((step) => step.path !== RESULTS_PATH);
  if (questions.length === 0) return 0;
  const answered = questions.filter((step) => step.answered).length;
  return Math.round((100 * answered) / questions.length);
}

/**
 * The share of the questions before the current one, as a whole percentage: the progress of an
 * anonymised simulation (docs/product.md §4), whose answers were coarsened or wiped.
 */
export function positionProgress(steps: readonly StepInstance[], currentPath: string): number {
  if (currentPath === RESULTS_PATH) return 100;
  const questions = activeSteps(steps).filter((step) => step.path !== RESULTS_PATH);
  const index = questions.findIndex((step) => step.path === currentPath);
  if (questions.length === 0 || index === -1) return 0;
  return Math.round((100 * index) / questions.length);
}

export interface ChapterState {
  id: string;
  label: string;
  state: "pending" | "current" | "done";
  rootPath?: string;
}

/** The chapter a path belongs to: a step's, the recap's or the results'. */
export function chapterOfPath(steps: readonly StepInstance[], path: string): string | undefined {
  if (path === RECAP_PATH) return RECAP_CHAPTER;
  if (path.startsWith(RESULTS_PATH)) return RESULTS_CHAPTER;
  return findStep(steps, path)?.chapter;
}

/** Chapters relative to the current step: done before it, current, pending after (docs/product.md §4). */
export function chapterStates(
  bundle: Bundle,
  steps: readonly StepInstance[],
  currentPath: string,
): ChapterState[] {
  const current = chapterOfPath(steps, currentPath);
  const currentIndex = bundle.chapters.findIndex((chapter) => chapter.id === current);
  return bundle.chapters.map((chapter, index) => {
    const root = steps.find((step) => step.isActive && step.chapter === chapter.id);
    const rootPath = chapter.id === RECAP_CHAPTER ? RECAP_PATH : root?.path;
    const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "pending";
    return { id: chapter.id, label: chapter.label, state, ...(rootPath ? { rootPath } : {}) };
  });
}

/**
 * Drops the answers of steps that are no longer active, repeating until nothing changes, since
 * removing one answer can deactivate further steps (docs/architecture.md "Data flow").
 */
export function pruneAnswers(
  bundle: Bundle,
  answers: readonly Answer[],
  options: JourneyOptions,
): Answer[] {
  let kept: readonly Answer[] = answers;
  for (;;) {
    const active = activeSteps(buildJourney(bundle, kept, options));
    const next = kept.filter(
      (answer) => answer.entityName === "enfants" || active.some((step) => belongsTo(answer, step)),
    );
    if (next.length === kept.length) return next;
    kept = next;
  }
}
