import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Bundle, Catalogue } from "../../../src/domain/bundle";
import { CATALOGUE_SHARD_COUNT, catalogueShardFile } from "../../../src/domain/catalogue-shards";
import { compileSchema } from "../../../scripts/schema/compile";
import { emitGenerated, renderSchemaIds, SHARDS_DIR } from "../../../scripts/schema/emit";
import { catalogueShards } from "../../../scripts/schema/shards";
import { breakSchema, journeyIndex, lineOf, REAL_SCHEMA, removeTempDirs, tempDir } from "./helpers";

afterAll(removeTempDirs);

const compiled = compileSchema(REAL_SCHEMA);
const bundle = compiled.bundle as Bundle;
const catalogue = compiled.catalogue!;

describe("emit", () => {
  it("renders id unions and constants", () => {
    const text = renderSchemaIds(bundle);
    expect(text).toContain('export type BenefitId = "bourse_criteres_sociaux" | "aide_logement" |');
    expect(text).toContain('export type ChapterId = "profil" | "foyer" |');
    expect(text).toMatch(/^export type StepId = "enfants" \| "famille\.en_couple" \| /m);
    expect(text).toMatch(/^export type FieldName = .*"_logementType"/m);
    expect(text).toContain('export const stepIds = ["enfants","famille.en_couple",');
    expect(text).toMatch(/^export const benefitIds = \[.*\] as const;$/m);
    // A field asked by several steps is named once.
    const fieldLine = /^export type FieldName = .*$/m.exec(text)![0];
    expect(fieldLine.match(/"scolarite"/g)).toHaveLength(1);
    // Income types and their fields, derived values, enumeration values.
    expect(fieldLine).toContain('"salaire_net"');
    expect(text).toMatch(/^export type DerivedAttribute = .*"statut_occupation_logement"/m);
    expect(text).toMatch(
      /^ {2}logement_type: "locataire" \| "proprietaire" \| "heberge" \| "sansDomicile";$/m,
    );
    expect(text).toMatch(/^export type InstitutionId = .*"caf_ain"/m);
  });

  it("writes the bundle, the ids and the catalogue's parts, and rewrites only what changed", () => {
    const outDir = join(tempDir(), "generated");
    const parts = Array.from({ length: CATALOGUE_SHARD_COUNT }, (_, index) =>
      join(outDir, SHARDS_DIR, catalogueShardFile(index)),
    );
    expect(emitGenerated(bundle, catalogue, outDir)).toEqual([
      join(outDir, "bundle.json"),
      join(outDir, "catalogue.json"),
      join(outDir, "schema-ids.ts"),
      ...parts,
    ]);
    expect(JSON.parse(readFileSync(join(outDir, "bundle.json"), "utf8"))).toEqual(bundle);
    expect(JSON.parse(readFileSync(join(outDir, "catalogue.json"), "utf8"))).toEqual(catalogue);
    const written = parts.map((path) => JSON.parse(readFileSync(path, "utf8")) as Catalogue);
    expect(written).toEqual(catalogueShards(bundle, catalogue));
    expect(emitGenerated(bundle, catalogue, outDir)).toEqual([]);
  });
});

describe("cli", () => {
  const cli = resolve(REAL_SCHEMA, "../scripts/schema/cli.ts");
  const tsx = resolve(REAL_SCHEMA, "../node_modules/.bin/tsx");

  it("prints every error on its own line and exits with 1", () => {
    const { schemaDir, text } = breakSchema(
      "journey.yaml",
      "{ block: logement,",
      "{ block: logements,",
    );
    const outDir = join(tempDir(), "generated");
    const run = spawnSync(tsx, [cli, "--check", "--schema", schemaDir, "--out", outDir], {
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      `schema/journey.yaml:${lineOf(text, "logements")} journey[${journeyIndex(text, "logements")}].block: unknown block "logements"`,
      "schema check failed: 1 error",
    ]);
  });

  it("checks, emits and prints a summary", () => {
    const outDir = join(tempDir(), "generated");
    const run = spawnSync(tsx, [cli, "--check", "--schema", REAL_SCHEMA, "--out", outDir], {
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^schema OK: \d+ steps, \d+ engine benefits, \d+ aids, \d+ bike aids \(\d+ public\), version [0-9a-f]{12}; \d+ engine variables and \d+ parameters found in openfisca-france [\d.]+ \(scripts\/schema\/engine-variables\.json\)\n$/,
    );
    expect(readFileSync(join(outDir, "schema-ids.ts"), "utf8")).toBe(renderSchemaIds(bundle));
  });
});
