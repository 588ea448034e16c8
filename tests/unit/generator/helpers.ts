import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { compileSchema } from "../../../scripts/schema/compile";
import { formatSchemaError, formatSchemaErrorWithHint } from "../../../scripts/schema/errors";

export const REAL_SCHEMA = resolve(dirname(fileURLToPath(import.meta.url)), "../../../schema");

const tempDirs: string[] = [];

/** Call from `afterAll`. */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "schema-test-"));
  tempDirs.push(dir);
  return dir;
}

/** A copy of the real `schema/` directory, as `<tmp>/schema`. */
export function copySchema(): string {
  const schemaDir = join(tempDir(), "schema");
  cpSync(REAL_SCHEMA, schemaDir, { recursive: true });
  return schemaDir;
}

export interface Broken {
  schemaDir: string;
  /** The broken file's new text. */
  text: string;
  /** Formatted errors of `compileSchema` on the broken copy. */
  errors: string[];
}

/**
 * Copies the real schema, replaces the only occurrence of `from` by `to` in `file` (relative to
 * `schema/`) and compiles the copy. Fails when `from` is not found exactly once, so a test notices
 * when the real schema changes under it.
 */
export function breakSchema(file: string, from: string, to: string): Broken {
  const { schemaDir, text } = brokenCopy(file, from, to);
  return { schemaDir, text, errors: compileErrors(schemaDir) };
}

/** `breakSchema` without compiling. */
export function brokenCopy(file: string, from: string, to: string): Omit<Broken, "errors"> {
  const schemaDir = copySchema();
  const path = join(schemaDir, file);
  const original = readFileSync(path, "utf8");
  const count = original.split(from).length - 1;
  if (count !== 1)
    throw new Error(`expected one ${JSON.stringify(from)} in ${file}, found ${count}`);
  const text = original.replace(from, () => to);
  writeFileSync(path, text);
  return { schemaDir, text };
}

export function compileErrors(schemaDir: string): string[] {
  return compileSchema(schemaDir).errors.map(formatSchemaError);
}

/** The 1-based line of the only occurrence of `needle` in `text`. */
export function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  if (index < 0 || text.indexOf(needle, index + 1) >= 0) {
    throw new Error(`expected one ${JSON.stringify(needle)}`);
  }
  return text.slice(0, index).split("\n").length;
}

/** The index of the step with this id in a block file's text. */
export function stepIndex(text: string, id: string): number {
  const steps = (parse(text) as { steps: { id: string }[] }).steps;
  const index = steps.findIndex((step) => step.id === id);
  if (index < 0) throw new Error(`no step ${id}`);
  return index;
}

/** The index of the item with this id in the list under `key` of a YAML text. */
export function itemIndex(text: string, key: string, id: string): number {
  const items = (parse(text) as Record<string, { id: string }[]>)[key] ?? [];
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) throw new Error(`no ${key} item ${id}`);
  return index;
}

/** The index of the first journey entry instantiating this block. */
export function journeyIndex(text: string, block: string): number {
  const entries = (parse(text) as { journey: { block: string }[] }).journey;
  const index = entries.findIndex((entry) => entry.block === block);
  if (index < 0) throw new Error(`no journey entry for ${block}`);
  return index;
}

/**
 * `compileSchema`'s errors as `schema:check` prints them, each with its hint on the next line;
 * no-break spaces read as plain spaces.
 */
export function compileReport(schemaDir: string): string[] {
  return compileSchema(schemaDir).errors.map((error) =>
    formatSchemaErrorWithHint(error).replace(/\u00a0/g, " "),
  );
}

/** Like `breakSchema`, with the errors as `compileReport` gives them. */
export function breakSchemaReport(file: string, from: string, to: string): Broken {
  const broken = brokenCopy(file, from, to);
  return { ...broken, errors: compileReport(broken.schemaDir) };
}
