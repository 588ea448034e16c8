import { createHash } from "node:crypto";
import type { ZodType } from "zod";
import type { Bundle, Catalogue } from "../../src/domain/bundle";
import { collectAids, compileAid, institutionIndex, placeNames } from "./aids";
import { compileBikeAids } from "./bike-aids";
import { checkResultsRules } from "./results-rules";
import { convertSchema } from "./convert";
import { crossCheck } from "./cross-check";
import { checkEngineVariables, loadEngineModel, type EngineModel } from "./engine-variables";
import { compareErrors, formatSchemaError, type SchemaError } from "./errors";
import * as format from "./format";
import { loadSchemaFiles, type SchemaFiles, type SourceFile } from "./load";
import type { ValidatedSchema } from "./model";

export interface CompileResult {
  /** Present only when there is no error. */
  bundle?: Bundle;
  /** Present only when there is no error. */
  catalogue?: Catalogue;
  /** Sorted by file and line, without duplicates. */
  errors: SchemaError[];
  /** What was checked against the engine's variables and parameters, when it was. */
  engineChecked?: { variables: number; parameters: number };
}

export interface CompileOptions {
  /**
   * The engine the schema's variables and parameters are checked against: the committed
   * `scripts/schema/engine-variables.json` by default; `null` skips that check.
   */
  engine?: EngineModel | null;
}

/**
 * Reads, validates and cross-checks the YAML under `schemaDir`, and builds the bundle. Error files
 * are named relative to the parent of `schemaDir` (`schema/blocks/x.yaml`).
 */
export function compileSchema(schemaDir: string, options: CompileOptions = {}): CompileResult {
  const loaded = loadSchemaFiles(schemaDir);
  if (!loaded.files) return { errors: tidy(loaded.errors) };
  const validated = validateAll(loaded.files);
  // Cross-checks on partly invalid files would mostly report the same mistakes again.
  if (!validated.schema) return { errors: tidy(validated.errors) };
  const errors = [
    ...crossCheck(validated.schema),
    ...checkResultsContent(validated.schema),
    ...checkResultsRules(validated.schema),
  ];
  const engine = options.engine === undefined ? loadEngineModel() : options.engine;
  const engineCheck = engine ? checkEngineVariables(validated.schema, engine) : undefined;
  if (engineCheck) errors.push(...engineCheck.errors);
  if (errors.length > 0) return { errors: tidy(errors) };
  const schema = validated.schema;
  const content = convertSchema(schema);
  const institutions = institutionIndex(schema);
  const aids = collectAids(schema).map((source) =>
    compileAid(source, institutions.get(source.aid.institution)),
  );
  const bikes = compileBikeAids(schema, content.institutions);
  if (bikes.errors.length > 0) return { errors: tidy(bikes.errors) };
  const catalogue = withVersion({
    aids,
    bikeAids: bikes.bikeAids,
    bikeSettings: bikes.settings,
    placeNames: placeNames(aids, content.institutions),
  });
  const publicBenefitCount =
    content.benefits.length + aids.filter((aid) => !aid.private).length + bikes.bikeAids.length;
  return {
    bundle: withVersion({ ...content, publicBenefitCount }),
    catalogue,
    errors: [],
    ...(engineCheck
      ? {
          engineChecked: {
            variables: engineCheck.variables,
            parameters: engineCheck.parameters,
          },
        }
      : {}),
  };
}

function validateAll(files: SchemaFiles): { schema?: ValidatedSchema; errors: SchemaError[] } {
  const errors: SchemaError[] = [];
  const one = <T>(file: SourceFile, schema: ZodType<T>) => {
    const result = format.validate(file, schema);
    errors.push(...result.errors);
    return result.parsed;
  };
  const many = <T>(list: SourceFile[], schema: ZodType<T>) =>
    list.map((file) => one(file, schema)).filter((parsed) => parsed !== undefined);

  const chapters = one(files.chapters, format.chaptersFile);
  const enumerations = one(files.enumerations, format.enumerationsFile);
  const parameters = one(files.parameters, format.parametersFile);
  const journey = one(files.journey, format.journeyFile);
  const incomes = one(files.incomes, format.incomesFile);
  const blocks = many(files.blocks, format.blockFile);
  const institutions = many(files.institutions, format.institutionsFile);
  const benefits = many(files.benefits, format.benefitsFile);
  const aids = many(files.aids, format.aidsFile);
  const families = many(files.families, format.familyFile);
  const profiles = files.profiles && one(files.profiles, format.profilesFile);
  const bikeAids = files.bikeAids && one(files.bikeAids, format.bikeAidsFile);
  const groups = files.groups && one(files.groups, format.groupsFile);
  const results = files.results && one(files.results, format.resultsFile);
  const unexpected = files.unexpected && one(files.unexpected, format.unexpectedFile);
  const places = files.places && one(files.places, format.placesFile);
  if (errors.length > 0 || !chapters || !enumerations || !parameters || !journey || !incomes) {
    return { errors };
  }
  return {
    schema: {
      chapters,
      enumerations,
      parameters,
      journey,
      incomes,
      blocks,
      institutions,
      benefits,
      aids,
      families,
      ...(profiles ? { profiles } : {}),
      ...(bikeAids ? { bikeAids } : {}),
      ...(groups ? { groups } : {}),
      ...(results ? { results } : {}),
      ...(unexpected ? { unexpected } : {}),
      ...(places ? { places } : {}),
    },
    errors,
  };
}

/** Group ids are unique; unexpected-amount pages name engine benefits. */
function checkResultsContent(schema: ValidatedSchema): SchemaError[] {
  const errors: SchemaError[] = [];
  const seen = new Set<string>();
  schema.groups?.value.groups.forEach((group, i) => {
    if (seen.has(group.id))
      errors.push(schema.groups!.file.error(["groups", i, "id"], `duplicate group "${group.id}"`));
    seen.add(group.id);
  });
  const benefitIds = new Set(
    schema.benefits.flatMap(({ value }) => (value.benefits ?? []).map((benefit) => benefit.id)),
  );
  for (const id of Object.keys(schema.unexpected?.value.benefits ?? {})) {
    if (!benefitIds.has(id))
      errors.push(
        schema.unexpected!.file.error(["benefits", id], `unknown engine benefit "${id}"`),
      );
  }
  const institutionIds = new Set(
    schema.institutions.flatMap(({ value }) => value.institutions.map((i) => i.id)),
  );
  for (const id of Object.keys(schema.places?.value.byInstitution ?? {})) {
    if (!institutionIds.has(id))
      errors.push(schema.places!.file.error(["byInstitution", id], `unknown institution "${id}"`));
  }
  return errors;
}

function withVersion<T extends object>(content: T): T & { version: string } {
  const version = createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 12);
  return { version, ...content };
}

function tidy(errors: SchemaError[]): SchemaError[] {
  const seen = new Set<string>();
  return errors
    .filter((error) => {
      const text = formatSchemaError(error);
      if (seen.has(text)) return false;
      seen.add(text);
      return true;
    })
    .sort(compareErrors);
}
