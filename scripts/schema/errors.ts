/** A step in a path inside a YAML document: a map key or a sequence index. */
export type Segment = string | number;

export interface SchemaError {
  /** Relative to the schema directory's parent, e.g. `schema/blocks/logement.yaml`. */
  file: string;
  line: number;
  /** The path inside the file, e.g. `steps[3].when.and[0]`; empty for a whole-file error. */
  path: string;
  reason: string;
  /** What to do about it, in French for the editor (printed under the error). */
  hint?: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `["steps", 3, "when", "===", 0]` → `steps[3].when["==="][0]`. */
export function formatPath(path: readonly Segment[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** `<file>:<line> <path>: <reason>`, or `<file>:<line>: <reason>` when there is no path. */
export function formatSchemaError(error: SchemaError): string {
  const where = error.path === "" ? "" : ` ${error.path}`;
  return `${error.file}:${error.line}${where}: ${error.reason}`;
}

/** The error and, when it has one, its hint on the next line: what `schema:check` prints. */
export function formatSchemaErrorWithHint(error: SchemaError): string {
  const line = formatSchemaError(error);
  return error.hint === undefined ? line : `${line}\n  → ${error.hint}`;
}

/**
 * The same error with a hint (unchanged when `hint` is undefined). Hints are French: the plain
 * space before `?`, `!`, `:`, `;` and `»` and after `«` becomes a no-break space.
 */
export function withHint(error: SchemaError, hint: string | undefined): SchemaError {
  if (hint === undefined) return error;
  return { ...error, hint: hint.replace(/ ([?!:;»])/g, "\u00A0$1").replace(/« /g, "«\u00A0") };
}

export function compareErrors(a: SchemaError, b: SchemaError): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}
