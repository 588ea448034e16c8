/** The editors' JSON Schemas: one per file kind, committed up to date, mapped in VS Code. */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as format from "../../../scripts/schema/format";
import {
  editorSchemaSettings,
  FILE_KINDS,
  renderJsonSchemas,
} from "../../../scripts/schema/json-schema";
import { REAL_SCHEMA } from "./helpers";

const repoRoot = resolve(REAL_SCHEMA, "..");

describe("JSON Schemas for editors", () => {
  it("cover every file format of the generator", () => {
    const formats = Object.entries(format)
      .filter(([name]) => name.endsWith("File"))
      .map(([, schema]) => schema);
    const covered = new Set(FILE_KINDS.map((kind) => kind.format));
    expect(formats.filter((schema) => !covered.has(schema as never))).toEqual([]);
  });

  it("are committed as generated (schema:check fails otherwise)", () => {
    for (const [name, content] of renderJsonSchemas()) {
      expect(readFileSync(join(REAL_SCHEMA, ".json-schema", name), "utf8"), name).toBe(content);
    }
  });

  it("are the ones .vscode/settings.json maps to the schema files", () => {
    const settings = JSON.parse(readFileSync(join(repoRoot, ".vscode/settings.json"), "utf8")) as {
      "yaml.schemas": unknown;
    };
    expect(settings["yaml.schemas"]).toEqual(editorSchemaSettings());
  });

  it("describe the keys an editor types, e.g. the stable key of an engine mapping", () => {
    const block = JSON.parse(renderJsonSchemas().get("block.json")!) as {
      properties: { steps: { items: { properties: { fields: { items: unknown } } } } };
    };
    const field = block.properties.steps.items.properties.fields.items as {
      properties: Record<string, { properties?: Record<string, { enum?: string[] }> }>;
      additionalProperties: boolean;
    };
    expect(field.additionalProperties).toBe(false);
    expect(field.properties.engine?.properties?.stable?.enum).toEqual([
      "last_3_months",
      "current_month",
    ]);
  });
});
