import { withHint, type SchemaError, type Segment } from "./errors";
import type { FieldIndex } from "./fields";
import { COMMUNE_PROPERTIES } from "./format";
import type { SourceFile } from "./load";
import type { Entity, FieldInfo } from "./model";
import { analysePredicate, type Operand, type Ordering } from "./predicates";
import { didYouMean } from "./suggest";

const ROLES: ReadonlySet<string> = new Set(["demandeur", "conjoint", "enfant"]);
const ENTITY_OF: Record<string, Entity> = {
  self: "individu",
  demandeur: "individu",
  conjoint: "individu",
  menage: "menage",
  famille: "famille",
  parents: "parents",
};

/** A field read by a predicate, e.g. `self.activite` or `menage.depcom.code_insee`. */
export interface FieldRead {
  varName: string;
  /**
   * `self`, `demandeur`, `conjoint`, `menage`, `famille` or `parents`; `enfant` for `self` inside
   * `some_child`.
   */
  qualifier: string;
  field: string;
  path: Segment[];
  /** Read by `unanswered`, which may look ahead (whether a later question is answered yet). */
  answeredOnly?: boolean;
}

/** A checked predicate and the fields it reads, for the forward-reference check. */
export interface PredicateSite {
  file: SourceFile;
  reads: FieldRead[];
}

export interface PredicateContext {
  fields: FieldIndex;
  parameters: ReadonlySet<string>;
  /** `self` exists in person blocks, in person journey entries and in income types. */
  selfAllowed: boolean;
}

type Resolved =
  | { kind: "builtin"; values?: ReadonlySet<string> }
  | { kind: "field"; read: FieldRead; info: FieldInfo; property?: string }
  | { kind: "error"; reason: string; hint?: string };

/** Checks operators, variables and compared literals of one predicate. */
export function checkPredicate(
  predicate: unknown,
  file: SourceFile,
  path: Segment[],
  context: PredicateContext,
): { site: PredicateSite; errors: SchemaError[] } {
  const analysis = analysePredicate(predicate, path);
  const errors = analysis.issues.map((issue) =>
    withHint(file.error(issue.path, issue.reason), issue.hint),
  );
  const reads: FieldRead[] = [];

  for (const ref of analysis.vars) {
    const resolved = resolveVar(ref.name, ref.path, context, ref.inChild === true);
    if (resolved.kind === "error") {
      errors.push(withHint(file.error(ref.path, resolved.reason), resolved.hint));
    } else if (resolved.kind === "field") {
      reads.push(ref.answeredOnly ? { ...resolved.read, answeredOnly: true } : resolved.read);
      if (ref.inAge && (resolved.info.kind !== "date" || resolved.property)) {
        errors.push(file.error(ref.path, `"age" needs a date field, "${ref.name}" is not one`));
      }
      if (resolved.info.storage === "local") {
        errors.push(
          file.error(
            ref.path,
            `"${ref.name}" is kept in the browser only (storage: local): no predicate may read it, since the server never sees it`,
          ),
        );
      }
    } else if (ref.answeredOnly) {
      errors.push(file.error(ref.path, `"unanswered" needs a question, "${ref.name}" is not one`));
    }
  }

  for (const comparison of analysis.comparisons) {
    const resolved = resolveVar(
      comparison.varName,
      comparison.path,
      context,
      comparison.inChild === true,
    );
    const values =
      resolved.kind === "builtin"
        ? resolved.values
        : resolved.kind === "field" && !resolved.property
          ? resolved.info.values
          : undefined;
    if (values && !values.has(comparison.literal)) {
      const expected = [...values].join(", ");
      errors.push(
        withHint(
          file.error(
            comparison.path,
            `"${comparison.literal}" is not a value of "${comparison.varName}" (expected one of ${expected})`,
          ),
          didYouMean(comparison.literal, [...values].map(String)),
        ),
      );
    }
  }
  for (const ordering of analysis.orderings) {
    const error = orderingError(ordering, context);
    if (error) errors.push(withHint(file.error(error.path, error.reason), ORDERING_HINT));
  }
  return { site: { file, reads }, errors };
}

const ORDERING_HINT =
  'Un nombre se compare à un nombre : retirez les guillemets autour du nombre (25 et non "25"). ' +
  'Pour comparer à une valeur d’une liste, utilisez "===" ou "in".';

type OperandType = "number" | "text" | "unknown";

/** `"<="` comparing a number with a text, reported at the text side. */
function orderingError(
  ordering: Ordering,
  context: PredicateContext,
): { path: Segment[]; reason: string } | undefined {
  const typed = ordering.operands.map((operand) => ({ operand, ...typeOf(operand, context) }));
  const number = typed.find((t) => t.type === "number");
  const text = typed.find((t) => t.type === "text");
  if (!number || !text) return undefined;
  return {
    path: text.operand.path,
    reason: `"${ordering.op}" compares ${number.what} with ${text.what}: both sides must be numbers`,
  };
}

function typeOf(operand: Operand, context: PredicateContext): { type: OperandType; what: string } {
  switch (operand.kind) {
    case "literal":
      if (typeof operand.value === "number")
        return { type: "number", what: `the number ${operand.value}` };
      if (typeof operand.value === "string")
        return { type: "text", what: `the text ${JSON.stringify(operand.value)}` };
      return { type: "unknown", what: String(operand.value) };
    case "number":
      return { type: "number", what: operand.op === "age" ? "an age" : "a sum" };
    case "other":
      return { type: "unknown", what: "a value" };
    case "var": {
      const what = (kind: string) => `"${operand.name}" (${kind})`;
      const resolved = resolveVar(operand.name, operand.path, context, operand.inChild === true);
      if (resolved.kind === "error") return { type: "unknown", what: `"${operand.name}"` };
      if (resolved.kind === "builtin") {
        if (operand.name.startsWith("parametres.") || operand.name === "enfants.length")
          return { type: "number", what: what("a number") };
        return { type: "text", what: what("a text") };
      }
      if (resolved.property !== undefined) return { type: "text", what: what("a text") };
      const { kind, values } = resolved.info;
      if (kind === "number" || kind === "money") return { type: "number", what: what(`a ${kind}`) };
      if (["date", "text", "email", "phone"].includes(kind))
        return { type: "text", what: what(`a ${kind}`) };
      if (kind === "choice" && values && values.size > 0) {
        const all = [...values];
        if (all.every((v) => typeof v === "number"))
          return { type: "number", what: what("a choice of numbers") };
        if (all.every((v) => typeof v === "string"))
          return { type: "text", what: what("a choice") };
      }
      return { type: "unknown", what: what(`a ${kind}`) };
    }
  }
}

function resolveVar(
  name: string,
  path: Segment[],
  context: PredicateContext,
  inChild: boolean,
): Resolved {
  const [head = "", fieldName, property, ...extra] = name.split(".");
  if (head === "self" && !context.selfAllowed && !inChild) {
    return { kind: "error", reason: `"${name}" reads "self" outside a person block` };
  }
  if (name === "self._role") return { kind: "builtin", values: ROLES };
  if (name === "self.id" || name === "enfants.length") return { kind: "builtin" };
  if (head === "parametres") {
    const known =
      fieldName !== undefined && property === undefined && context.parameters.has(fieldName);
    if (known) return { kind: "builtin" };
    const hint = didYouMean(
      name,
      [...context.parameters].map((parameter) => `parametres.${parameter}`),
    );
    return { kind: "error", reason: `unknown parameter "${name}"`, ...(hint ? { hint } : {}) };
  }
  const entity = ENTITY_OF[head];
  if (!entity || !fieldName) {
    return {
      kind: "error",
      reason: `unknown variable "${name}" (expected self, demandeur, conjoint, menage, famille, parents, parametres or enfants.length)`,
    };
  }
  const info = context.fields.get(`${entity}.${fieldName}`);
  if (!info) {
    const names = [...context.fields.values()]
      .filter((field) => field.entity === entity)
      .map((field) => `${head}.${field.name}`);
    const hint = didYouMean(`${head}.${fieldName}`, names);
    return { kind: "error", reason: `unknown field "${name}"`, ...(hint ? { hint } : {}) };
  }
  if (property !== undefined) {
    if (info.kind !== "commune") {
      return {
        kind: "error",
        reason: `unknown field "${name}": "${head}.${fieldName}" is not a commune`,
      };
    }
    if (!COMMUNE_PROPERTIES.includes(property) || extra.length > 0) {
      return {
        kind: "error",
        reason: `unknown field "${name}": a commune has ${COMMUNE_PROPERTIES.join(", ")}`,
      };
    }
  }
  return {
    kind: "field",
    read: {
      varName: name,
      qualifier: head === "self" && inChild ? "enfant" : head,
      field: fieldName,
      path,
    },
    info,
    ...(property !== undefined ? { property } : {}),
  };
}
