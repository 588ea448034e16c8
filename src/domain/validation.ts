import { z } from "zod";
import { abTestingIssues } from "./ab-tests";
import {
  answerBounds,
  MAX_PERIOD_AMOUNT,
  MAX_PERIOD_VALUES,
  periodValueCount,
  periodAmountProblem,
  periodProblem,
  type AnswerBounds,
} from "./answer-bounds";
import type { Bundle, EntityName, Field, FieldKind } from "./bundle";
import { isIsoDate } from "./dates";
import { TAX_INCOME_CATEGORIES, WEALTH_ITEMS } from "./fiscal";
import { onFirstUse } from "./on-first-use";
import type { Answer, SimulationInput } from "./types";

export interface ValidationIssue {
  path: string;
  message: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: ValidationIssue[] };

interface FieldRule {
  kind: FieldKind;
  options?: Set<string | number>;
  min?: number;
  max?: number;
  /** Kept in the visitor's browser: never accepted by the server. */
  local?: boolean;
}

const PERSON_ID = /^(demandeur|conjoint|enfant_\d{1,2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COMMUNE_KEYS = ["code_insee", "code_postal", "nom", "departement", "region", "epci"] as const;

function mergeRule(rules: Map<string, FieldRule>, field: Field): void {
  const existing = rules.get(field.name);
  const options = field.options ? new Set(field.options.map((o) => o.value)) : undefined;
  if (!existing) {
    rules.set(field.name, {
      kind: field.kind,
      options,
      min: field.min,
      max: field.max,
      ...(field.storage === "local" ? { local: true } : {}),
    });
    return;
  }
  // The same field may be asked by several steps (the child's schooling, say): accept any of them.
  if (existing.options && options) for (const value of options) existing.options.add(value);
}

type AnswerRules = Map<EntityName, Map<string, FieldRule>>;

/** Rules are derived once per bundle: every posted simulation is checked against them. */
const rulesByBundle = new WeakMap<Bundle, AnswerRules>();

/** What may be answered, by entity and field name, from the bundle. */
export function answerRules(bundle: Bundle): AnswerRules {
  let rules = rulesByBundle.get(bundle);
  if (!rules) {
    rules = buildAnswerRules(bundle);
    rulesByBundle.set(bundle, rules);
  }
  return rules;
}

function buildAnswerRules(bundle: Bundle): AnswerRules {
  const rules = new Map<EntityName, Map<string, FieldRule>>(
    (["individu", "famille", "menage", "parents"] as const).map((entity) => [entity, new Map()]),
  );
  for (const block of Object.values(bundle.blocks)) {
    for (const step of block.steps) {
      const entity = step.subject.entity;
      if (entity === "enfants") continue;
      for (const field of step.fields) mergeRule(rules.get(entity)!, field);
    }
  }
  const individu = rules.get("individu")!;
  individu.set("ressources", {
    kind: "multi_choice",
    options: new Set(bundle.incomeTypes.map((t) => t.id)),
  });
  for (const type of bundle.incomeTypes) {
    individu.set(type.id, { kind: "monthly_amounts" });
    for (const field of type.fields ?? []) mergeRule(individu, field);
  }
  return rules;
}

/** What is wrong with an amounts-over-time answer: its periods and each period's amount. */
function periodMapProblem(value: unknown, bounds: AnswerBounds): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "doit associer à chaque période (AAAA-MM ou AAAA) un montant numérique";
  }
  const keys = Object.keys(value);
  if (keys.length > bounds.periods.size) {
    return `compte ${keys.length} périodes\u00a0: ${bounds.periods.size} au plus`;
  }
  for (const key of keys) {
    const problem =
      periodProblem(key, bounds.periods) ??
      periodAmountProblem(key, (value as Record<string, unknown>)[key]);
    if (problem) return problem;
  }
  return undefined;
}

function checkValue(rule: FieldRule, value: unknown, bounds: AnswerBounds): string | undefined {
  switch (rule.kind) {
    case "date": {
      if (!isIsoDate(value)) return "doit être une date au format AAAA-MM-JJ";
      const { first, last } = bounds.dates;
      return value >= first && value <= last
        ? undefined
        : `doit être comprise entre le ${first} et le ${last} (la date de valeur)`;
    }
    case "boolean":
      return typeof value === "boolean" ? undefined : "doit valoir true ou false";
    case "choice":
      return (typeof value === "string" || typeof value === "number") && rule.options?.has(value)
        ? undefined
        : `doit être l’une des valeurs : ${[...(rule.options ?? [])].join(", ")}`;
    case "multi_choice":
      return Array.isArray(value) && value.every((v) => rule.options?.has(v))
        ? undefined
        : `doit être une liste de valeurs parmi : ${[...(rule.options ?? [])].join(", ")}`;
    case "number":
    case "money": {
      if (typeof value !== "number" || !Number.isFinite(value)) return "doit être un nombre";
      // Money is never negative nor unbounded, even where the schema gives no bounds.
      const min = rule.min ?? (rule.kind === "money" ? 0 : undefined);
      const max = rule.max ?? (rule.kind === "money" ? MAX_PERIOD_AMOUNT : undefined);
      if (min !== undefined && value < min) return `doit être supérieur ou égal à ${min}`;
      if (max !== undefined && value > max) return `doit être inférieur ou égal à ${max}`;
      return undefined;
    }
    case "monthly_amounts":
      return periodMapProblem(value, bounds);
    case "commune":
      return typeof value === "object" &&
        value !== null &&
        Object.keys(value).length === COMMUNE_KEYS.length &&
        COMMUNE_KEYS.every((key) => typeof (value as Record<string, unknown>)[key] === "string")
        ? undefined
        : `doit être une commune { ${COMMUNE_KEYS.join(", ")} }`;
    case "text":
      return typeof value === "string" && value.length <= 200
        ? undefined
        : "doit être un texte de 200 caractères au plus";
    case "email":
      return typeof value === "string" && EMAIL.test(value)
        ? undefined
        : "doit être une adresse e-mail";
    case "phone":
      return typeof value === "string" && /^\+?[\d .-]{6,20}$/.test(value)
        ? undefined
        : "doit être un numéro de téléphone";
  }
}

interface AnswerProblem {
  key: "id" | "fieldName" | "value";
  message: string;
}

/** What is wrong with one parsed answer, if anything (at most one problem is reported). */
function checkAnswer(
  rules: Map<EntityName, Map<string, FieldRule>>,
  answer: Answer,
  bounds: AnswerBounds,
): AnswerProblem | undefined {
  if (answer.entityName === "enfants") {
    // A child listed twice would be declared twice to the engine, which refuses it.
    const ok =
      Array.isArray(answer.value) &&
      answer.value.every((id) => typeof id === "string" && /^enfant_\d{1,2}$/.test(id)) &&
      new Set(answer.value).size === answer.value.length;
    return ok
      ? undefined
      : { key: "value", message: "doit être une liste d’identifiants enfant_N distincts" };
  }
  if (answer.entityName === "individu" && !PERSON_ID.test(answer.id)) {
    return { key: "id", message: "doit valoir demandeur, conjoint ou enfant_N" };
  }
  if (answer.entityName !== "individu" && answer.id !== answer.entityName) {
    return { key: "id", message: `doit valoir « ${answer.entityName} »` };
  }
  const rule = rules.get(answer.entityName)?.get(answer.fieldName);
  if (!rule) {
    return { key: "fieldName", message: `champ inconnu pour l’entité ${answer.entityName}` };
  }
  if (rule.local) {
    return {
      key: "fieldName",
      message: `${answer.entityName}.${answer.fieldName} reste dans le navigateur du visiteur : il ne doit jamais être envoyé`,
    };
  }
  const problem = checkValue(rule, answer.value, bounds);
  return problem
    ? { key: "value", message: `${answer.entityName}.${answer.fieldName} ${problem}` }
    : undefined;
}

/**
 * Value dates the engine can compute: before June 2025, parameters of some aids do not exist in
 * OpenFisca-France 176 and every computation fails (found by the API fuzz).
 */
export const VALUE_DATES = { min: "2025-06-01", max: "2099-12-31" } as const;

/** Stored in a column of its own: no control character (PostgreSQL refuses NUL in text). */
const printable = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, "ne doit pas contenir de caractère de contrôle");

/**
 * The shapes of a posted simulation, built on first use: the browser loads this module with the
 * questionnaire's predicates, on pages that validate no simulation, and building them took
 * about 20 ms of the step page's start (issue 18, "Fast pages").
 */
const shapes = onFirstUse(() => {
  const answerFields = {
    entityName: z.enum(["individu", "famille", "menage", "parents", "enfants"]),
    id: z.string().max(40).optional(),
    fieldName: z.string().min(1).max(120),
    value: z.unknown(),
    path: z.string().max(300).optional(),
  };

  /**
   * Unknown keys of the answers are refused by `unknownAnswerKeys` rather than by `.strict()`, and
   * the default id is filled in place rather than by `.transform()`: every posted simulation holds
   * dozens of answers twice, and both cost more than twice the allocations of the whole parse
   * (`npm run bench` writes).
   */
  const answerShape = z.object(answerFields);

  const declaredAmount = z
    .number("doit être un nombre")
    .min(0, "doit être positif ou nul")
    .max(1_000_000_000, "doit être inférieur ou égal à 1000000000");

  /** Taxable incomes of the fiscal year: person id → category → amount (docs/product.md §3). */
  const ressourcesFiscalesShape = z.record(
    z.string().regex(PERSON_ID),
    z.partialRecord(z.enum(TAX_INCOME_CATEGORIES), declaredAmount),
    {
      error: (issue) =>
        issue.code === "invalid_key"
          ? "les personnes doivent être demandeur, conjoint ou enfant_N"
          : "doit être un objet",
    },
  );

  /** Wealth item → amount (docs/product.md §3). */
  const patrimoineShape = z.partialRecord(z.enum(WEALTH_ITEMS), declaredAmount, {
    error: "doit être un objet",
  });

  /** Only the declared A/B tests and their variants (`src/domain/ab-tests.ts`). */
  const abTestingShape = z.unknown().superRefine((value, context) => {
    for (const issue of abTestingIssues(value)) {
      context.addIssue({
        code: "custom",
        message: issue.message,
        // A test name is the visitor's: echoed shortened.
        path: issue.test === undefined ? [] : [issue.test.slice(0, 60)],
      });
    }
  });

  const input = z
    .object({
      answers: z
        .object({
          all: z.array(answerShape).max(2000),
          current: z.array(answerShape).max(2000),
        })
        .strict(),
      dateDeValeur: z
        .string()
        .refine(isIsoDate, { message: "doit être une date au format AAAA-MM-JJ", abort: true })
        .refine(
          (date) => date >= VALUE_DATES.min && date <= VALUE_DATES.max,
          `doit être comprise entre le ${VALUE_DATES.min} et le ${VALUE_DATES.max}`,
        ),
      version: printable(100).optional(),
      abtesting: abTestingShape.optional(),
      modifiedFrom: printable(100).optional(),
      finishedAt: printable(40).optional(),
      ressourcesFiscales: ressourcesFiscalesShape.optional(),
      patrimoine: patrimoineShape.optional(),
    })
    .strict();
  return { answerKeys: new Set(Object.keys(answerFields)), input };
});

/** "champ inconnu" for each key of a posted answer that the answer format does not have. */
function unknownAnswerKeys(body: unknown): ValidationIssue[] {
  const errors: ValidationIssue[] = [];
  const { answerKeys } = shapes();
  const answers = isRecord(body) && isRecord(body.answers) ? body.answers : undefined;
  if (!answers) return errors;
  // Loops rather than flatMap: this runs on every posted answer and allocates nothing for valid ones.
  for (const list of ["all", "current"] as const) {
    const items = answers[list];
    if (!Array.isArray(items)) continue;
    items.forEach((answer: unknown, index) => {
      if (!isRecord(answer)) return;
      for (const key in answer) {
        if (answerKeys.has(key)) continue;
        errors.push({ path: formatPath(["answers", list, index, key]), message: "champ inconnu" });
      }
    });
  }
  return errors;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    "",
  );
}

/** Validates a posted simulation against the schema bundle (docs/architecture.md "The answer format"). */
export function parseSimulationInput(bundle: Bundle, body: unknown): ParseResult<SimulationInput> {
  const parsed = shapes().input.safeParse(body);
  const unknownKeys = unknownAnswerKeys(body);
  if (!parsed.success || unknownKeys.length > 0) {
    const issues = parsed.success ? [] : parsed.error.issues;
    const errors = issues.flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({
            path: formatPath([...issue.path, key]),
            message: "champ inconnu",
          }))
        : [{ path: formatPath(issue.path), message: issue.message }],
    );
    return { ok: false, errors: [...errors, ...unknownKeys] };
  }
  const input = parsed.data as SimulationInput;
  const rules = answerRules(bundle);
  const bounds = answerBounds(input.dateDeValeur);
  const errors: ValidationIssue[] = [];
  for (const list of ["all", "current"] as const) {
    input.answers[list].forEach((answer, index) => {
      // The entity is its own id, except for persons (the parse made these objects: ours to fill).
      answer.id ??= answer.entityName;
      const problem = checkAnswer(rules, answer, bounds);
      if (problem) {
        const path = formatPath(["answers", list, index, problem.key]);
        errors.push({ path, message: problem.message });
      }
    });
  }
  // Each map is bounded by the window; their number too, so the work of one computation is.
  if (errors.length === 0 && periodValueCount(input.answers.all) > MAX_PERIOD_VALUES) {
    errors.push({
      path: "answers.all",
      message: `ne doit pas compter plus de ${MAX_PERIOD_VALUES} montants par période en tout`,
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: input };
}
