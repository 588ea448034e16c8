/**
 * OpenFisca-France's own test cases (the `tests/formulas/**.yaml` of its source distribution,
 * fetched by scripts/oracle/ensure-oracle-cases.sh) read as an oracle: a case is named by its
 * file, its name, the variable and the period (and, for a vectorised case, the person's index);
 * the expected value and the tolerance are read from the official file, never copied here.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Where an official expected value is: `output[variable][entity?][period?][index?]`. */
export interface OfficialRef {
  /** Path under tests/formulas, e.g. `ppa/ppa.yaml`. */
  file: string;
  /** The case's `name` (several cases may share one: `occurrence` picks among them, from 0). */
  case: string;
  occurrence?: number;
  variable: string;
  /** The period of the value: the case's own `period` when the output is not a period map. */
  period: string;
  /** The output's entity instance, for cases written with named entities. */
  entity?: string;
  /** The position in a vectorised case (one person per position). */
  index?: number;
}

export interface OfficialValue {
  expected: number | boolean;
  absoluteErrorMargin: number;
  relativeErrorMargin: number;
}

/** The directory of the official cases, fetching the archive when it is not cached yet. */
export function officialCasesDir(): string {
  const script = join(ROOT, "scripts", "oracle", "ensure-oracle-cases.sh");
  return execFileSync("bash", [script], { encoding: "utf8" }).trim().split("\n").pop()!;
}

type OfficialCase = Record<string, unknown> & { name?: string; period?: unknown };

const files = new Map<string, OfficialCase[]>();

function casesOf(dir: string, file: string): OfficialCase[] {
  let cases = files.get(file);
  if (!cases) {
    const data: unknown = parse(readFileSync(join(dir, file), "utf8"));
    cases = (Array.isArray(data) ? data : [data]) as OfficialCase[];
    files.set(file, cases);
  }
  return cases;
}

/** `month:2015-04`, `2016-01`, 2014 → `2015-04`, `2016-01`, `2014`. */
function periodKey(period: unknown): string {
  return String(period).replace(/^(month|year):/, "");
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The official case a reference names; throws when it is not in the archive. */
export function officialCase(dir: string, ref: OfficialRef): OfficialCase {
  const matching = casesOf(dir, ref.file).filter((c) => c.name === ref.case);
  const found = matching[ref.occurrence ?? 0];
  if (!found) throw new Error(`${ref.file}: no case named "${ref.case}"`);
  return found;
}

/** The case's period as written, without its `month:`/`year:` prefix. */
export function officialPeriod(dir: string, ref: OfficialRef): string {
  return periodKey(officialCase(dir, ref).period);
}

/** The expected value and tolerance of a reference, read from the official file. */
export function officialValue(dir: string, ref: OfficialRef): OfficialValue {
  const found = officialCase(dir, ref);
  const where = `${ref.file} "${ref.case}" ${ref.variable}`;
  const output = found.output;
  if (!isMap(output) || !(ref.variable in output)) throw new Error(`${where}: no such output`);
  let value: unknown = output[ref.variable];
  if (ref.entity !== undefined) {
    if (!isMap(value) || !(ref.entity in value)) throw new Error(`${where}: no ${ref.entity}`);
    value = value[ref.entity];
  }
  if (isMap(value)) {
    if (!(ref.period in value)) throw new Error(`${where}: no value at ${ref.period}`);
    value = value[ref.period];
  } else if (periodKey(found.period) !== ref.period) {
    throw new Error(`${where}: the case's period is ${periodKey(found.period)}, not ${ref.period}`);
  }
  if (Array.isArray(value)) {
    if (ref.index === undefined || ref.index >= value.length)
      throw new Error(`${where}: a vector of ${value.length}, give its index`);
    value = value[ref.index];
  }
  if (typeof value === "string") value = arithmetic(value) ?? value;
  if (typeof value !== "number" && typeof value !== "boolean")
    throw new Error(`${where}: expected value ${JSON.stringify(value)} is not a number`);
  return {
    expected: value,
    absoluteErrorMargin: marginOf(found.absolute_error_margin, ref.variable),
    relativeErrorMargin: marginOf(found.relative_error_margin, ref.variable),
  };
}

/**
 * An expected value written as arithmetic (`177.21 + 67`, `524.16 - 0.38*500`): OpenFisca's test
 * runner evaluates it as an expression, so do we, for numbers, `+ - * /` and parentheses only.
 * Anything else is undefined (not a value we can read).
 */
export function arithmetic(text: string): number | undefined {
  const tokens = text.match(/\d+(?:\.\d+)?|[-+*/()]|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const factor = (): number => {
    const token = tokens[at++];
    if (token === "-") return -factor();
    if (token === "(") {
      const value = sum();
      if (tokens[at++] !== ")") throw new Error("unbalanced");
      return value;
    }
    if (token === undefined || !/^\d/.test(token)) throw new Error(`unexpected ${token}`);
    return Number(token);
  };
  const product = (): number => {
    let value = factor();
    while (peek() === "*" || peek() === "/")
      value = tokens[at++] === "*" ? value * factor() : value / factor();
    return value;
  };
  const sum = (): number => {
    let value = product();
    while (peek() === "+" || peek() === "-")
      value = tokens[at++] === "+" ? value + product() : value - product();
    return value;
  };
  try {
    const value = sum();
    return at === tokens.length && Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A margin is a number, or a map variable → number (OpenFisca accepts both). */
function marginOf(margin: unknown, variable: string): number {
  if (typeof margin === "number") return margin;
  if (isMap(margin) && typeof margin[variable] === "number") return margin[variable];
  return 0;
}

/**
 * Whether `actual` matches as OpenFisca's test runner judges it: within the absolute or the
 * relative margin. Our amounts are rounded to the cent before they are shown, so half a cent is
 * always allowed.
 */
export function matches(actual: number | boolean, value: OfficialValue): boolean {
  const { expected } = value;
  if (typeof expected === "boolean" || typeof actual === "boolean") return actual === expected;
  const gap = Math.abs(actual - expected);
  return (
    gap <= Math.max(value.absoluteErrorMargin, 0.005) + 1e-9 ||
    (value.relativeErrorMargin > 0 && gap <= Math.abs(expected) * value.relativeErrorMargin + 1e-9)
  );
}
