/**
 * Golden situations (tests/golden/*.yaml): loading the compact YAML form, expanding it to the
 * public answer format, and computing a situation's results through the real API. Shared by the
 * golden test, `npm run golden:update` and `npm run bench`. The YAML form is documented in
 * tests/golden/README.md.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { parse } from "yaml";
import {
  activeSteps,
  buildJourney,
  pruneAnswers,
  RESULTS_PATH,
  type Answer,
  type AnswerValue,
  type Bundle,
  type SimulationInput,
} from "../../src/domain";

export const GOLDEN_DIR = fileURLToPath(new URL(".", import.meta.url));

/** Benefit id → amount in euros as the API returns it (rounded to the cent), or `true`. */
export type DroitsMap = Record<string, number | boolean>;

export interface Expected {
  droitsEligibles: DroitsMap;
  droitsInjectes: DroitsMap;
}

export interface GoldenSituation {
  /** File name without `.yaml`, e.g. `etudiante-boursiere-lyon`. */
  name: string;
  file: string;
  description: string;
  dateDeValeur: string;
  answers: Answer[];
  ressourcesFiscales?: SimulationInput["ressourcesFiscales"];
  patrimoine?: SimulationInput["patrimoine"];
  /** Absent until `npm run golden:update` has been run on a new file. */
  expected?: Expected;
}

const HOUSEHOLD_ENTITIES = new Set(["famille", "menage", "parents"]);
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTH_RANGE = /^(\d{4}-\d{2})\.\.(\d{4}-\d{2})$/;

function monthIndex(month: string, where: string): number {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`${where}: "${month}" is not a month YYYY-MM`);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

function monthName(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * Expands the period ranges of an amounts map: `{ "2024-10..2025-10": 900 }` is the 13 months
 * from October 2024 to October 2025 at 900 €. Other keys are kept as they are.
 */
export function expandPeriods(value: Record<string, unknown>, where: string): AnswerValue {
  const periods: Record<string, unknown> = {};
  for (const [key, amount] of Object.entries(value)) {
    const range = MONTH_RANGE.exec(key);
    if (!range) {
      periods[key] = amount;
      continue;
    }
    const from = monthIndex(range[1]!, where);
    const to = monthIndex(range[2]!, where);
    if (to < from) throw new Error(`${where}: empty period range ${key}`);
    for (let i = from; i <= to; i++) periods[monthName(i)] = amount;
  }
  return periods as AnswerValue;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The compact `answers` map of a golden file in the public answer format, in the file's order:
 * `individu.<id>.<field>`, `famille.<field>`, `menage.<field>`, `parents.<field>`, `enfants`.
 */
export function expandAnswers(compact: Record<string, unknown>, where: string): Answer[] {
  return Object.entries(compact).map(([key, raw]) => {
    const parts = key.split(".");
    const value = (
      isPlainObject(raw) && !("code_insee" in raw) ? expandPeriods(raw, `${where} ${key}`) : raw
    ) as AnswerValue;
    if (key === "enfants") return { entityName: "enfants", id: "enfants", fieldName: key, value };
    if (parts[0] === "individu" && parts.length === 3) {
      return { entityName: "individu", id: parts[1]!, fieldName: parts[2]!, value };
    }
    if (parts.length === 2 && HOUSEHOLD_ENTITIES.has(parts[0]!)) {
      const entityName = parts[0] as "famille" | "menage" | "parents";
      return { entityName, id: entityName, fieldName: parts[1]!, value };
    }
    throw new Error(
      `${where}: answer key "${key}" is not individu.<id>.<field>, famille|menage|parents.<field> or enfants`,
    );
  });
}

function droitsMapOf(raw: unknown, where: string): DroitsMap {
  if (raw === undefined || raw === null) return {};
  if (!isPlainObject(raw)) throw new Error(`${where} must be a map benefit → amount`);
  for (const [id, amount] of Object.entries(raw)) {
    if (typeof amount !== "number" && amount !== true)
      throw new Error(`${where}.${id} must be an amount or true`);
  }
  return raw as DroitsMap;
}

/** Reads one golden file. */
export function parseGolden(text: string, file: string): GoldenSituation {
  const where = basename(file);
  const data: unknown = parse(text);
  if (!isPlainObject(data)) throw new Error(`${where}: not a YAML map`);
  const { description, dateDeValeur, answers, ressourcesFiscales, patrimoine, expected } = data;
  if (typeof description !== "string" || !description)
    throw new Error(`${where}: description missing`);
  if (typeof dateDeValeur !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(dateDeValeur))
    throw new Error(`${where}: dateDeValeur must be a fixed date YYYY-MM-DD`);
  if (!isPlainObject(answers)) throw new Error(`${where}: answers must be a map`);
  const situation: GoldenSituation = {
    name: basename(file, ".yaml"),
    file,
    description,
    dateDeValeur,
    answers: expandAnswers(answers, where),
  };
  if (ressourcesFiscales !== undefined)
    situation.ressourcesFiscales = ressourcesFiscales as GoldenSituation["ressourcesFiscales"];
  if (patrimoine !== undefined) situation.patrimoine = patrimoine as GoldenSituation["patrimoine"];
  if (expected !== undefined && expected !== null) {
    if (!isPlainObject(expected)) throw new Error(`${where}: expected must be a map`);
    situation.expected = {
      droitsEligibles: droitsMapOf(expected.droitsEligibles, `${where} expected.droitsEligibles`),
      droitsInjectes: droitsMapOf(expected.droitsInjectes, `${where} expected.droitsInjectes`),
    };
  }
  return situation;
}

export function goldenFiles(dir: string = GOLDEN_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".yaml"))
    .sort()
    .map((name) => join(dir, name));
}

export function loadGoldenSituations(dir: string = GOLDEN_DIR): GoldenSituation[] {
  return goldenFiles(dir).map((file) => parseGolden(readFileSync(file, "utf8"), file));
}

/** The body of `POST /api/simulation` for a situation. */
export function simulationPayload(situation: GoldenSituation): SimulationInput {
  return {
    answers: { all: situation.answers, current: situation.answers },
    dateDeValeur: situation.dateDeValeur,
    ...(situation.ressourcesFiscales ? { ressourcesFiscales: situation.ressourcesFiscales } : {}),
    ...(situation.patrimoine ? { patrimoine: situation.patrimoine } : {}),
  };
}

/** `[{ id, montant }]` as the API returns it → `{ id: montant }`. */
export function droitsMap(droits: readonly { id: string; montant: number | boolean }[]): DroitsMap {
  return Object.fromEntries(droits.map((droit) => [droit.id, droit.montant]));
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Saves the simulation (`POST /api/simulation`) and reads its results, as the browser does. */
export async function resultsThroughApi(
  app: FastifyInstance,
  payload: SimulationInput,
): Promise<Expected> {
  const created = await app.inject({ method: "POST", url: "/api/simulation", payload });
  if (created.statusCode !== 200)
    throw new ApiError(
      `POST /api/simulation answered ${created.statusCode}: ${created.body}`,
      created.statusCode,
      created.body,
    );
  const { _id, token } = created.json<{ _id: string; token: string }>();
  const results = await app.inject({
    method: "GET",
    url: `/api/simulation/${_id}/results`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (results.statusCode !== 200)
    throw new ApiError(
      `GET /api/simulation/${_id}/results answered ${results.statusCode}: ${results.body}`,
      results.statusCode,
      results.body,
    );
  type Droits = { id: string; montant: number | boolean }[];
  const body = results.json<{ droitsEligibles: Droits; droitsInjectes?: Droits }>();
  return {
    droitsEligibles: droitsMap(body.droitsEligibles),
    droitsInjectes: droitsMap(body.droitsInjectes ?? []),
  };
}

/**
 * How far the answers are from a questionnaire a visitor could have completed: active steps left
 * unanswered (steps made only of fields kept in the browser aside), and answers the server would
 * prune because their step is inactive.
 */
export function questionnaireGaps(
  bundle: Bundle,
  situation: GoldenSituation,
  parameters?: Record<string, number>,
): { unanswered: string[]; pruned: string[] } {
  const options = { dateDeValeur: situation.dateDeValeur, ...(parameters ? { parameters } : {}) };
  const steps = activeSteps(buildJourney(bundle, situation.answers, options));
  const unanswered = steps
    .filter((step) => step.path !== RESULTS_PATH && !step.answered)
    .filter((step) => !step.fields.every((field) => field.storage === "local"))
    .map((step) => step.path);
  const kept = pruneAnswers(bundle, situation.answers, options);
  const pruned = situation.answers
    .filter((answer) => !kept.includes(answer))
    .map((answer) =>
      answer.entityName === "individu"
        ? `individu.${answer.id}.${answer.fieldName}`
        : `${answer.entityName}.${answer.fieldName}`,
    );
  return { unanswered, pruned };
}
