import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Document } from "yaml";
import { formatPath, withHint, type SchemaError, type Segment } from "./errors";
import { yamlHint } from "./yaml-hints";

/** One parsed YAML file, able to turn a path inside it into a line number. */
export interface SourceFile {
  /** Relative to the schema directory's parent, with forward slashes. */
  rel: string;
  data: unknown;
  lineOf(path: readonly Segment[]): number;
  /** An error at `path`; its line is that of `linePath` (default `path`). */
  error(path: readonly Segment[], reason: string, linePath?: readonly Segment[]): SchemaError;
}

export interface SchemaFiles {
  chapters: SourceFile;
  enumerations: SourceFile;
  parameters: SourceFile;
  journey: SourceFile;
  incomes: SourceFile;
  blocks: SourceFile[];
  institutions: SourceFile[];
  benefits: SourceFile[];
  /** Every `.yaml` under `aids/`, at any depth, sorted by path. */
  aids: SourceFile[];
  families: SourceFile[];
  profiles?: SourceFile;
  bikeAids?: SourceFile;
  groups?: SourceFile;
  results?: SourceFile;
  unexpected?: SourceFile;
  places?: SourceFile;
}

const SINGLE_FILES = ["chapters", "enumerations", "parameters", "journey", "incomes"] as const;
/** Files that may be absent (a schema without local aids). */
const OPTIONAL_FILES = {
  profiles: "profiles.yaml",
  bikeAids: "bike-aids.yaml",
  groups: "groups.yaml",
  results: "results.yaml",
  unexpected: "unexpected.yaml",
  places: "places.yaml",
} as const;
const DIRECTORIES = ["blocks", "institutions", "benefits", "families"] as const;

export function loadSchemaFiles(schemaDir: string): { files?: SchemaFiles; errors: SchemaError[] } {
  const root = dirname(schemaDir);
  const errors: SchemaError[] = [];
  const load = (absolute: string): SourceFile | undefined => {
    const rel = relative(root, absolute).split(sep).join("/");
    const result = parseSource(readFileSync(absolute, "utf8"), rel);
    errors.push(...result.errors);
    return result.file;
  };

  const single: Partial<Record<(typeof SINGLE_FILES)[number], SourceFile>> = {};
  for (const name of SINGLE_FILES) {
    const absolute = join(schemaDir, `${name}.yaml`);
    if (existsSync(absolute)) single[name] = load(absolute);
    else errors.push(fileError(root, absolute, "missing file"));
  }
  const optional: Partial<Record<keyof typeof OPTIONAL_FILES, SourceFile>> = {};
  for (const [key, fileName] of Object.entries(OPTIONAL_FILES) as [
    keyof typeof OPTIONAL_FILES,
    string,
  ][]) {
    const absolute = join(schemaDir, fileName);
    if (existsSync(absolute)) optional[key] = load(absolute);
  }
  const expected = new Set<string>([
    ...SINGLE_FILES.map((name) => `${name}.yaml`),
    ...Object.values(OPTIONAL_FILES),
    ...DIRECTORIES,
    "aids",
    // Read by its own compiler (themes.ts): the app's look, not the questionnaire.
    "themes.yaml",
  ]);
  for (const entry of readdirSync(schemaDir)) {
    if (/\.ya?ml$/.test(entry) && !expected.has(entry)) {
      errors.push(
        fileError(root, join(schemaDir, entry), "unexpected file in the schema directory"),
      );
    }
  }

  const directories = {} as Record<(typeof DIRECTORIES)[number], SourceFile[]>;
  for (const name of DIRECTORIES) {
    const dir = join(schemaDir, name);
    const entries = existsSync(dir) ? readdirSync(dir).sort() : [];
    directories[name] = [];
    for (const entry of entries) {
      if (entry.endsWith(".yml"))
        errors.push(fileError(root, join(dir, entry), 'use the ".yaml" extension'));
      if (!entry.endsWith(".yaml")) continue;
      const file = load(join(dir, entry));
      if (file) directories[name].push(file);
    }
  }

  const aids: SourceFile[] = [];
  for (const relPath of yamlTree(join(schemaDir, "aids"))) {
    const absolute = join(schemaDir, "aids", relPath);
    if (relPath.endsWith(".yml"))
      errors.push(fileError(root, absolute, 'use the ".yaml" extension'));
    else {
      const file = load(absolute);
      if (file) aids.push(file);
    }
  }

  const { chapters, enumerations, parameters, journey, incomes } = single;
  if (errors.length > 0 || !chapters || !enumerations || !parameters || !journey || !incomes) {
    return { errors };
  }
  return {
    files: {
      chapters,
      enumerations,
      parameters,
      journey,
      incomes,
      ...optional,
      ...directories,
      aids,
    },
    errors,
  };
}

/**
 * The YAML files under `dir` at any depth, relative to it with forward slashes, sorted by path
 * (so `aids/caf/…` comes before `aids/communes/…` whatever the file system's order).
 */
function yamlTree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((entry) => entry.split(sep).join("/"))
    .filter((entry) => /\.ya?ml$/.test(entry))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function fileError(root: string, absolute: string, reason: string): SchemaError {
  return { file: relative(root, absolute).split(sep).join("/"), line: 1, path: "", reason };
}

interface ParsedText {
  doc: Document;
  lineCounter: LineCounter;
  data: unknown;
}

/**
 * Texts parsed without error, by content: the generator's tests compile hundreds of copies of the
 * schema that differ by one file, and parsing is half of a compilation. The documents are only
 * read; each caller gets its own copy of the data, which the compiler may change.
 */
const parsedTexts = new Map<string, ParsedText>();
const MAX_PARSED_TEXTS = 2000;

export function parseSource(
  text: string,
  rel: string,
): { file?: SourceFile; errors: SchemaError[] } {
  const cached = parsedTexts.get(text);
  if (cached) return { file: sourceFile(rel, cached, structuredClone(cached.data)), errors: [] };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true });
  if (doc.errors.length > 0) {
    const errors = doc.errors.map((error) =>
      withHint(
        {
          file: rel,
          line: error.linePos?.[0]?.line ?? lineCounter.linePos(error.pos[0]).line,
          path: "",
          reason: `YAML syntax error: ${syntaxMessage(error.message)}`,
        },
        yamlHint(error.code, syntaxMessage(error.message)),
      ),
    );
    return { errors };
  }
  let data: unknown;
  try {
    data = doc.toJS();
  } catch (error) {
    // An alias used before its anchor is only found when the document is converted.
    const message = error instanceof Error ? error.message : String(error);
    const alias = /: (\S+)$/.exec(message)?.[1];
    const index = alias ? text.indexOf(`*${alias}`) : -1;
    const line = index < 0 ? 1 : text.slice(0, index).split("\n").length;
    return { errors: [{ file: rel, line, path: "", reason: `YAML syntax error: ${message}` }] };
  }
  const parsed = { doc, lineCounter, data };
  if (parsedTexts.size >= MAX_PARSED_TEXTS) parsedTexts.clear();
  parsedTexts.set(text, parsed);
  return { file: sourceFile(rel, parsed, structuredClone(data)), errors: [] };
}

function sourceFile(rel: string, { doc, lineCounter }: ParsedText, data: unknown): SourceFile {
  const lineOf = (path: readonly Segment[]) => lineOfPath(doc, lineCounter, path);
  return {
    rel,
    data,
    lineOf,
    error: (path, reason, linePath = path) => ({
      file: rel,
      line: lineOf(linePath),
      path: formatPath(path),
      reason,
    }),
  };
}

/** The first line of a `yaml` error message, without its " at line L, column C" suffix. */
function syntaxMessage(message: string): string {
  const first = message.split("\n")[0] ?? message;
  return first.replace(/ at line \d+, column \d+:?$/, "").replace(/:$/, "");
}

/**
 * The line of the node at `path`. A path ending on a map key gives the key's line (so `when` points
 * at `when:`, not at the first line of its value); a missing segment gives the deepest existing node.
 */
function lineOfPath(doc: Document, lineCounter: LineCounter, path: readonly Segment[]): number {
  const lineAt = (node: unknown, fallback: number): number => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return range ? lineCounter.linePos(range[0]).line : fallback;
  };
  let node: unknown = doc.contents;
  let line = lineAt(node, 1);
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(segment),
      );
      if (!pair) break;
      line = lineAt(pair.key, line);
      node = pair.value;
    } else if (isSeq(node) && typeof segment === "number") {
      const item = node.items[segment];
      if (item === undefined) break;
      line = lineAt(item, line);
      node = item;
    } else {
      break;
    }
  }
  return line;
}
