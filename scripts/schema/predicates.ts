import type { Segment } from "./errors";
import { didYouMean } from "./suggest";

export const OPERATORS: ReadonlySet<string> = new Set([
  "var",
  "===",
  "!==",
  "<",
  "<=",
  ">",
  ">=",
  "and",
  "or",
  "!",
  "in",
  "+",
  "age",
  "starts_with",
  "some_child",
  "unanswered",
]);

/** Allowed argument counts; `<` and `<=` also take the json-logic "between" form. */
const ARITY: Record<string, readonly number[]> = {
  "===": [2],
  "!==": [2],
  "<": [2, 3],
  "<=": [2, 3],
  ">": [2],
  ">=": [2],
  "!": [1],
  in: [2],
  starts_with: [2],
  age: [1],
  some_child: [1],
  unanswered: [1],
};

export interface VarRef {
  name: string;
  /** Path of the `{ var: ... }` object. */
  path: Segment[];
  /** Read by `age`, so it must be a date. */
  inAge: boolean;
  /** Inside `some_child`, where `self` is each child in turn. */
  inChild?: boolean;
  /** Read by `unanswered`: only whether the field was answered matters, not its value. */
  answeredOnly?: boolean;
}

/** A string literal compared with a variable by `===`, `!==` or `in`. */
export interface Comparison {
  varName: string;
  literal: string;
  /** Path of the literal. */
  path: Segment[];
  inChild?: boolean;
}

/** One side of a numeric comparison (`<`, `<=`, `>`, `>=`). */
export type Operand =
  | { kind: "literal"; value: string | number | boolean | null; path: Segment[] }
  | { kind: "var"; name: string; path: Segment[]; inChild?: boolean }
  /** `age` or `+`: always a number. */
  | { kind: "number"; op: string; path: Segment[] }
  | { kind: "other"; path: Segment[] };

/** A numeric comparison, for the check that it compares numbers with numbers. */
export interface Ordering {
  op: string;
  operands: Operand[];
}

export interface PredicateIssue {
  path: Segment[];
  reason: string;
  hint?: string;
}

export interface PredicateAnalysis {
  vars: VarRef[];
  comparisons: Comparison[];
  orderings: Ordering[];
  issues: PredicateIssue[];
}

type Literal = string | number | boolean | null;

function isLiteral(value: unknown): value is Literal {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The variable name of a well-formed `{ var: "a.b" }`, if `node` is one. */
function varName(node: unknown): string | undefined {
  if (!isRecord(node)) return undefined;
  const keys = Object.keys(node);
  return keys.length === 1 && keys[0] === "var" && typeof node.var === "string"
    ? node.var
    : undefined;
}

/**
 * Checks a predicate's structure against the restricted json-logic vocabulary and collects the
 * variables it reads and the string literals it compares them with. Whether those variables exist
 * is checked by the caller, which knows the fields.
 */
export function analysePredicate(predicate: unknown, path: Segment[]): PredicateAnalysis {
  const analysis: PredicateAnalysis = { vars: [], comparisons: [], orderings: [], issues: [] };
  walk(predicate, path, analysis, false);
  return analysis;
}

function walk(node: unknown, path: Segment[], out: PredicateAnalysis, inChild: boolean): void {
  if (isLiteral(node)) return;
  if (Array.isArray(node)) {
    out.issues.push({
      path,
      reason: 'unexpected list (lists are only allowed as the second argument of "in")',
    });
    return;
  }
  if (!isRecord(node)) {
    out.issues.push({ path, reason: "unexpected value" });
    return;
  }
  const keys = Object.keys(node);
  if (keys.length !== 1) {
    out.issues.push({ path, reason: `expected exactly one operator, found ${keys.length}` });
    return;
  }
  const op = keys[0] as string;
  if (!OPERATORS.has(op)) {
    const hint = didYouMean(op, OPERATORS);
    out.issues.push({ path, reason: `unknown operator "${op}"`, ...(hint ? { hint } : {}) });
    return;
  }
  const raw = node[op];
  const opPath = [...path, op];
  if (op === "var") {
    if (typeof raw === "string" && raw !== "") out.vars.push(varRef(raw, path, inChild, {}));
    else
      out.issues.push({
        path: opPath,
        reason: '"var" takes a dotted name, e.g. { var: self.date_naissance }',
      });
    return;
  }

  const args = Array.isArray(raw) ? raw : [raw];
  const argPath = (index: number): Segment[] => (Array.isArray(raw) ? [...opPath, index] : opPath);
  const arity = ARITY[op];
  if (arity && !arity.includes(args.length)) {
    const expected = arity.join(" or ");
    out.issues.push({
      path: opPath,
      reason: `"${op}" takes ${expected} argument(s), found ${args.length}`,
    });
    return;
  }
  if (!arity && args.length === 0) {
    out.issues.push({ path: opPath, reason: `"${op}" takes at least one argument` });
    return;
  }

  switch (op) {
    case "age": {
      const name = varName(args[0]);
      if (name === undefined) {
        out.issues.push({
          path: argPath(0),
          reason: '"age" takes a date field, e.g. { age: { var: self.date_naissance } }',
        });
      } else {
        out.vars.push(varRef(name, argPath(0), inChild, { inAge: true }));
      }
      return;
    }
    case "unanswered": {
      const name = varName(args[0]);
      if (name === undefined) {
        out.issues.push({
          path: argPath(0),
          reason: '"unanswered" takes a field, e.g. { unanswered: { var: self.enfant_a_charge } }',
        });
      } else {
        out.vars.push(varRef(name, argPath(0), inChild, { answeredOnly: true }));
      }
      return;
    }
    case "some_child":
      if (inChild) {
        out.issues.push({ path: opPath, reason: '"some_child" cannot be nested' });
        return;
      }
      walk(args[0], argPath(0), out, true);
      return;
    case "===":
    case "!==":
      compare(args, argPath, out, inChild);
      break;
    case "<":
    case "<=":
    case ">":
    case ">=":
      out.orderings.push({
        op,
        operands: args.map((arg, index) => operand(arg, argPath(index), inChild)),
      });
      break;
    case "in":
      walkIn(args[0], args[1], argPath, out, inChild);
      return;
  }
  args.forEach((arg, index) => walk(arg, argPath(index), out, inChild));
}

function operand(node: unknown, path: Segment[], inChild: boolean): Operand {
  if (isLiteral(node)) return { kind: "literal", value: node, path };
  const name = varName(node);
  if (name !== undefined) return { kind: "var", name, path, ...(inChild ? { inChild } : {}) };
  if (isRecord(node)) {
    const op = Object.keys(node)[0];
    if (op === "age" || op === "+") return { kind: "number", op, path };
  }
  return { kind: "other", path };
}

function varRef(
  name: string,
  path: Segment[],
  inChild: boolean,
  flags: { inAge?: boolean; answeredOnly?: boolean },
): VarRef {
  return {
    name,
    path,
    inAge: flags.inAge ?? false,
    ...(inChild ? { inChild } : {}),
    ...(flags.answeredOnly ? { answeredOnly: true } : {}),
  };
}

function comparison(varName: string, literal: string, path: Segment[], inChild: boolean) {
  return { varName, literal, path, ...(inChild ? { inChild } : {}) };
}

function compare(
  args: unknown[],
  argPath: (index: number) => Segment[],
  out: PredicateAnalysis,
  inChild: boolean,
): void {
  const [left, right] = args;
  const leftVar = varName(left);
  const rightVar = varName(right);
  if (leftVar !== undefined && typeof right === "string") {
    out.comparisons.push(comparison(leftVar, right, argPath(1), inChild));
  }
  if (rightVar !== undefined && typeof left === "string") {
    out.comparisons.push(comparison(rightVar, left, argPath(0), inChild));
  }
}

function walkIn(
  needle: unknown,
  haystack: unknown,
  argPath: (index: number) => Segment[],
  out: PredicateAnalysis,
  inChild: boolean,
): void {
  walk(needle, argPath(0), out, inChild);
  const needleVar = varName(needle);
  if (Array.isArray(haystack)) {
    haystack.forEach((item, index) => {
      const itemPath = [...argPath(1), index];
      if (!isLiteral(item)) {
        out.issues.push({ path: itemPath, reason: 'the list of "in" may only hold literals' });
      } else if (needleVar !== undefined && typeof item === "string") {
        out.comparisons.push(comparison(needleVar, item, itemPath, inChild));
      }
    });
    return;
  }
  // `in` with a variable list (a multi_choice answer) or a string (substring test).
  const haystackVar = varName(haystack);
  if (haystackVar !== undefined && typeof needle === "string") {
    out.comparisons.push(comparison(haystackVar, needle, argPath(0), inChild));
  }
  walk(haystack, argPath(1), out, inChild);
}
