/**
 * A JSON Schema of every schema file kind, from the generator's own formats (zod), for editors:
 * `.vscode/settings.json` maps each file pattern to its schema, so VS Code (YAML extension)
 * completes keys and values and flags mistakes as the file is typed. The files live in
 * `schema/.json-schema/`, are committed (an editor needs them before any build), rewritten by
 * `schema:build` and checked up to date by `schema:check`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import * as format from "./format";
import { themesFile } from "./themes";

export const JSON_SCHEMA_DIR = ".json-schema";

/** Each file kind: its JSON Schema file name, its format, and the files it describes. */
export const FILE_KINDS: readonly { name: string; format: z.ZodType; files: string[] }[] = [
  { name: "block", format: format.blockFile, files: ["schema/blocks/*.yaml"] },
  { name: "benefits", format: format.benefitsFile, files: ["schema/benefits/**/*.yaml"] },
  { name: "aids", format: format.aidsFile, files: ["schema/aids/**/*.yaml"] },
  { name: "family", format: format.familyFile, files: ["schema/families/*.yaml"] },
  { name: "institutions", format: format.institutionsFile, files: ["schema/institutions/*.yaml"] },
  { name: "chapters", format: format.chaptersFile, files: ["schema/chapters.yaml"] },
  { name: "enumerations", format: format.enumerationsFile, files: ["schema/enumerations.yaml"] },
  { name: "parameters", format: format.parametersFile, files: ["schema/parameters.yaml"] },
  { name: "journey", format: format.journeyFile, files: ["schema/journey.yaml"] },
  { name: "incomes", format: format.incomesFile, files: ["schema/incomes.yaml"] },
  { name: "profiles", format: format.profilesFile, files: ["schema/profiles.yaml"] },
  { name: "bike-aids", format: format.bikeAidsFile, files: ["schema/bike-aids.yaml"] },
  { name: "groups", format: format.groupsFile, files: ["schema/groups.yaml"] },
  { name: "results", format: format.resultsFile, files: ["schema/results.yaml"] },
  { name: "unexpected", format: format.unexpectedFile, files: ["schema/unexpected.yaml"] },
  { name: "places", format: format.placesFile, files: ["schema/places.yaml"] },
  { name: "themes", format: themesFile, files: ["schema/themes.yaml"] },
];

/** File name → content of every JSON Schema. */
export function renderJsonSchemas(): Map<string, string> {
  const out = new Map<string, string>();
  for (const kind of FILE_KINDS) {
    const schema = z.toJSONSchema(kind.format, { io: "input", unrepresentable: "any" });
    const titled = { title: `${kind.files.join(", ")} (docs/schema-format.md)`, ...schema };
    out.set(`${kind.name}.json`, `${JSON.stringify(titled, null, 2)}\n`);
  }
  return out;
}

/** `yaml.schemas` of `.vscode/settings.json`: schema file → the files it describes. */
export function editorSchemaSettings(): Record<string, string[]> {
  return Object.fromEntries(
    FILE_KINDS.map((kind) => [`./schema/${JSON_SCHEMA_DIR}/${kind.name}.json`, kind.files]),
  );
}

/**
 * Writes the JSON Schemas into `<schemaDir>/.json-schema` (`check: false`), or lists the ones that
 * are missing or out of date (`check: true`), as paths relative to the schema directory's parent.
 */
export function emitJsonSchemas(schemaDir: string, check: boolean): string[] {
  const dir = join(schemaDir, JSON_SCHEMA_DIR);
  const changed: string[] = [];
  if (!check) mkdirSync(dir, { recursive: true });
  for (const [name, content] of renderJsonSchemas()) {
    const path = join(dir, name);
    if (existsSync(path) && readFileSync(path, "utf8") === content) continue;
    changed.push(`schema/${JSON_SCHEMA_DIR}/${name}`);
    if (!check) writeFileSync(path, content);
  }
  return changed;
}
