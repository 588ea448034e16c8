/**
 * The schema can only name what the engine has (issue 57 §5): every OpenFisca variable the schema
 * names (fields, derived values, income types, engine benefits, the engine facts that aid
 * conditions read) must exist in the pinned engine with the entity and period the schema sends or
 * reads it at, and every parameter must exist. The engine is described by
 * `scripts/schema/engine-variables.json`, generated from the installed packages by
 * `npm run engine:variables` (scripts/engine/list_variables.py) and committed with the hash of
 * `scripts/engine/requirements.txt` it was generated for.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  CONDITION_ENGINE_FACTS,
  ENGINE_FACT_VARIABLES,
  type EngineFactName,
} from "../../src/domain/eligibility/engine-facts";
import { withHint, type SchemaError, type Segment } from "./errors";
import type { SourceFile } from "./load";
import type { ValidatedSchema } from "./model";
import { didYouMean } from "./suggest";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** Where the list is committed, relative to the repository (as error files are named). */
export const ENGINE_VARIABLES_REL = "scripts/schema/engine-variables.json";
export const ENGINE_VARIABLES_FILE = resolve(repoRoot, ENGINE_VARIABLES_REL);
export const REQUIREMENTS_FILE = resolve(repoRoot, "scripts/engine/requirements.txt");

export type EnginePeriod = "month" | "year" | "eternity";

export interface EngineVariable {
  /** The entity's key: `individu`, `famille`, `foyer_fiscal`, `menage`. */
  entity: string;
  period: string;
  /** `float`, `int`, `bool`, `str`, `date` or `Enum`. */
  type: string;
  /** Enum variables: the keys the engine accepts. */
  values?: string[];
}

/** The committed description of the engine (`engine-variables.json`). */
export interface EngineModel {
  requirementsSha256: string;
  packages: Record<string, string>;
  country: string;
  extensions: string[];
  reforms: string[];
  /** Entity key → plural (`individu` → `individus`). */
  entities: Record<string, string>;
  variables: Record<string, EngineVariable>;
  parameters: string[];
}

const loaded = new Map<string, EngineModel>();

/** The engine description at `path` (the committed one by default), read once per process. */
export function loadEngineModel(path: string = ENGINE_VARIABLES_FILE): EngineModel {
  let model = loaded.get(path);
  if (!model) {
    model = JSON.parse(readFileSync(path, "utf8")) as EngineModel;
    loaded.set(path, model);
  }
  return model;
}

export function sha256(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

const REGENERATE_HINT =
  "Lancez npm run engine:variables (il installe le moteur épinglé puis régénère la liste) et " +
  "ajoutez scripts/schema/engine-variables.json au commit.";

/**
 * An error when the list was generated for other requirements than `scripts/engine/requirements.txt`
 * (a pin moved without regenerating it), else undefined.
 */
export function staleEngineModel(
  model: EngineModel,
  requirements: string | Buffer = readFileSync(REQUIREMENTS_FILE),
): SchemaError | undefined {
  const wanted = sha256(requirements);
  if (model.requirementsSha256 === wanted) return undefined;
  return withHint(
    {
      file: ENGINE_VARIABLES_REL,
      line: 3,
      path: "requirementsSha256",
      reason: `generated for other engine requirements (${model.requirementsSha256.slice(0, 12)}…, scripts/engine/requirements.txt is ${wanted.slice(0, 12)}…)`,
    },
    REGENERATE_HINT,
  );
}

/** One place of the schema that names an engine variable. */
interface Reference {
  file: SourceFile;
  /** Where the error points (the `variable` key, a condition…). */
  path: Segment[];
  variable: string;
  /** The entity it is sent to or read from, as the engine's plural; undefined: not checked. */
  entity?: string;
  /** The period it is sent or read at; undefined: not checked. */
  period?: EnginePeriod;
  /** `bool`: read as a boolean. */
  type?: "bool";
  /** For the message: what names it, when not the line itself (`condition "grant_holder"`). */
  via?: string;
}

const FIELD_PERIODS: Record<string, EnginePeriod | undefined> = {
  eternity: "eternity",
  month: "month",
  year: "year",
  fiscal_year: "year",
  // Sent at the periods the answer is keyed by: not checked.
  as_answered: undefined,
};

const PLURALS: Record<string, string | undefined> = {
  individu: "individus",
  famille: "familles",
  menage: "menages",
  // Never sent as such (the parents' foyer fiscal is built by a rule of src/domain/engine).
  parents: undefined,
};

/** Every engine variable the schema names, with where and how. */
function references(schema: ValidatedSchema): Reference[] {
  const refs: Reference[] = [];
  const fieldRef = (
    file: SourceFile,
    path: Segment[],
    engine: { variable: string; period: string },
    entity: string | undefined,
  ) =>
    refs.push({
      file,
      path: [...path, "variable"],
      variable: engine.variable,
      ...(entity ? { entity } : {}),
      ...(FIELD_PERIODS[engine.period] ? { period: FIELD_PERIODS[engine.period] } : {}),
    });

  for (const { file, value: block } of schema.blocks) {
    block.steps.forEach((step, s) => {
      const subject = step.subject ?? (block.kind === "person" ? "individu" : undefined);
      const entity = subject?.startsWith("individu") ? "individus" : PLURALS[subject ?? ""];
      step.fields.forEach((field, f) => {
        if (field.engine) fieldRef(file, ["steps", s, "fields", f, "engine"], field.engine, entity);
      });
    });
  }

  const incomes = schema.incomes.file;
  schema.incomes.value.types.forEach((type, t) => {
    refs.push({
      file: incomes,
      path: ["types", t, "engine", "variable"],
      variable: type.engine.variable,
      entity: type.engine.entity === "famille" ? "familles" : "individus",
      period: type.periodKind === "annual" ? "year" : "month",
    });
    type.fields?.forEach((field, f) => {
      if (field.engine)
        fieldRef(incomes, ["types", t, "fields", f, "engine"], field.engine, "individus");
    });
  });

  schema.journey.value.derived?.forEach((derived, d) => {
    if (derived.engine)
      fieldRef(
        schema.journey.file,
        ["derived", d, "engine"],
        derived.engine,
        PLURALS[derived.entity],
      );
  });

  for (const { file, value } of schema.benefits) {
    (value.benefits ?? []).forEach((benefit, b) => {
      const { engine } = benefit;
      const at = (...path: Segment[]) => ["benefits", b, "engine", ...path];
      const same = { entity: engine.entity, period: engine.period };
      refs.push({ file, path: at("variable"), variable: engine.variable, ...same });
      if (engine.eligibleAtZero !== undefined)
        refs.push({
          file,
          path: at("eligibleAtZero"),
          variable: engine.eligibleAtZero,
          ...same,
          type: "bool",
        });
      if (engine.settled) {
        refs.push({
          file,
          path: at("settled", "variable"),
          variable: engine.settled.variable,
          ...same,
        });
        engine.settled.unchanged?.forEach((variable, u) =>
          refs.push({ file, path: at("settled", "unchanged", u), variable, ...same }),
        );
      }
    });
  }

  // Aid conditions that read engine facts, wherever conditions are written.
  const conditionFiles = [
    ...schema.benefits,
    ...schema.aids,
    ...schema.families,
    ...(schema.profiles ? [schema.profiles] : []),
  ];
  for (const { file, value } of conditionFiles) {
    walkConditions(value, [], (condition, path) => {
      for (const name of Object.keys(condition)) {
        const facts = CONDITION_ENGINE_FACTS[name as keyof typeof CONDITION_ENGINE_FACTS];
        for (const fact of facts ?? []) refs.push(factRef(file, [...path, name], fact, name));
      }
    });
  }
  // Bike aids are computed from the tax household's income per share.
  if (schema.bikeAids) {
    const file = schema.bikeAids.file;
    for (const fact of ["rfr", "nbptr"] as const)
      refs.push(factRef(file, ["bikeAids"], fact, "bike aids"));
  }
  return refs;
}

function factRef(file: SourceFile, path: Segment[], fact: EngineFactName, via: string): Reference {
  const declared = ENGINE_FACT_VARIABLES[fact];
  return {
    file,
    path,
    variable: declared.variable,
    entity: declared.entity,
    period: declared.period === "month" ? "month" : "year",
    via: via === "bike aids" ? via : `condition "${via}"`,
  };
}

/** Calls `visit` on every condition object of a `conditions:` list under `node`. */
function walkConditions(
  node: unknown,
  path: Segment[],
  visit: (condition: Record<string, unknown>, path: Segment[]) => void,
): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => walkConditions(item, [...path, i], visit));
    return;
  }
  if (typeof node !== "object" || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === "conditions" && Array.isArray(value)) {
      value.forEach((condition, c) => {
        if (typeof condition === "object" && condition !== null && !Array.isArray(condition))
          visit(condition as Record<string, unknown>, [...path, key, c]);
      });
    } else {
      walkConditions(value, [...path, key], visit);
    }
  }
}

const TYPE_WORDS: Record<string, string> = {
  bool: "un booléen (vrai ou faux)",
  float: "un nombre",
  int: "un nombre entier",
  str: "un texte",
  date: "une date",
  Enum: "une énumération",
};

export interface EngineCheck {
  errors: SchemaError[];
  /** How many distinct engine variables and parameters the schema names (all checked). */
  variables: number;
  parameters: number;
}

/** Checks every engine variable and parameter the schema names against `engine`. */
export function checkEngineVariables(schema: ValidatedSchema, engine: EngineModel): EngineCheck {
  const errors: SchemaError[] = [];
  const named = new Set<string>();
  const names = Object.keys(engine.variables);
  const version = engine.packages["openfisca-france"];
  const engineName = `OpenFisca-France${version ? ` ${version}` : ""} with its extensions`;
  for (const ref of references(schema)) {
    const { file, path, variable } = ref;
    named.add(variable);
    const via = ref.via ? ` (read by ${ref.via})` : "";
    const known = engine.variables[variable];
    if (!known) {
      errors.push(
        withHint(
          file.error(path, `unknown engine variable "${variable}"${via}: ${engineName} lacks it`),
          didYouMean(variable, names) ??
            "Le moteur installé (scripts/engine/requirements.txt) ne connaît pas cette variable : " +
              "vérifiez son nom sur https://legislation.fr.openfisca.org, ou décrivez l’aide " +
              "par des conditions (schema/aids/, docs/schema-format.md).",
        ),
      );
      continue;
    }
    const plural = engine.entities[known.entity] ?? known.entity;
    if (ref.entity !== undefined && ref.entity !== plural) {
      errors.push(
        withHint(
          file.error(
            path,
            `engine variable "${variable}"${via} belongs to ${plural}, not ${ref.entity}`,
          ),
          `Dans le moteur, « ${variable} » est une variable de l’entité ${plural} : ` +
            "rattachez-la à cette entité ou choisissez une autre variable.",
        ),
      );
    }
    if (ref.period !== undefined && ref.period !== known.period) {
      errors.push(
        withHint(
          file.error(
            path,
            `engine variable "${variable}"${via} is defined by ${known.period}, not by ${ref.period}`,
          ),
          `Dans le moteur, « ${variable} » se calcule par période « ${known.period} » : ` +
            `écrivez period: ${known.period}.`,
        ),
      );
    }
    if (ref.type !== undefined && ref.type !== known.type) {
      errors.push(
        withHint(
          file.error(path, `engine variable "${variable}" is a ${known.type}, not a ${ref.type}`),
          `Il faut ici une variable booléenne ; « ${variable} » est ${TYPE_WORDS[known.type] ?? known.type}.`,
        ),
      );
    }
  }

  const parameters = new Set(engine.parameters);
  schema.parameters.value.parameters.forEach((parameter, p) => {
    if (parameters.has(parameter.openfisca)) return;
    errors.push(
      withHint(
        schema.parameters.file.error(
          ["parameters", p, "openfisca"],
          `unknown engine parameter "${parameter.openfisca}": ${engineName} lacks it`,
        ),
        didYouMean(parameter.openfisca, parameters) ??
          "Le moteur installé ne connaît pas ce paramètre : vérifiez son chemin sur " +
            "https://legislation.fr.openfisca.org.",
      ),
    );
  });
  return {
    errors,
    variables: named.size,
    parameters: new Set(schema.parameters.value.parameters.map((p) => p.openfisca)).size,
  };
}
