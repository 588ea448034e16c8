/**
 * One question, one step: two steps that write the same field (or share a page path) would both
 * claim the answer, and the journey keeps one step per path, so a copied step silently vanishes.
 * Two steps may only share a field or a path under `when` conditions that cannot both hold, e.g.
 * `self._role` demandeur in one and enfant in the other.
 */
import { withHint, type SchemaError, type Segment } from "./errors";
import type { StepYaml } from "./format";
import type { SourceFile } from "./load";
import type { ValidatedSchema } from "./model";
import { subjectOf } from "./model";

interface Writer {
  key: string;
  /** `demandeur` or `conjoint` when the step names the person; undefined for `self` or an entity. */
  person?: string;
  step: StepYaml;
  file: SourceFile;
  path: Segment[];
}

const SAME_FIELD_HINT =
  "Une question ne se pose qu’une fois : supprimez l’étape en double, ou donnez un autre nom " +
  "(name) au champ. Si les deux étapes posent vraiment la même question à des personnes " +
  "différentes, rendez leurs conditions when exclusives, par exemple " +
  '{ "===": [{ var: self._role }, demandeur] } dans l’une et enfant dans l’autre.';
const SAME_PATH_HINT =
  "Chaque étape a sa propre page : changez le path de l’une des deux étapes (par défaut, le " +
  "path vient du premier champ), ou rendez leurs conditions when exclusives.";

export function checkWriters(schema: ValidatedSchema): SchemaError[] {
  const fieldWriters: Writer[] = [];
  const pathWriters: Writer[] = [];
  for (const { file, value: block } of schema.blocks) {
    block.steps.forEach((step, s) => {
      const subject = subjectOf(step, block.kind);
      if (!subject || subject.entity === "enfants") return;
      const person =
        subject.entity === "individu" && subject.id !== "self" ? subject.id : undefined;
      const firstField = step.fields[0]?.name ?? "";
      const prefix = subject.entity === "individu" ? "individu/{id}" : subject.entity;
      const pagePath = step.path ?? `${prefix}/${firstField}`;
      const pathAt: Segment[] = step.path !== undefined ? ["steps", s, "path"] : ["steps", s, "id"];
      pathWriters.push({ key: pagePath, ...(person ? { person } : {}), step, file, path: pathAt });
      step.fields.forEach((field, f) => {
        fieldWriters.push({
          key: `${subject.entity}.${field.name}`,
          ...(person ? { person } : {}),
          step,
          file,
          path: ["steps", s, "fields", f, "name"],
        });
      });
    });
  }
  return [
    ...conflicts(fieldWriters, (key, first) => [
      `field "${key}" is also asked by step "${first.step.id}" (${where(first)}); two steps may ask one field only under exclusive "when" conditions`,
      SAME_FIELD_HINT,
    ]),
    ...conflicts(pathWriters, (key, first) => [
      `page path "${key}" is also the path of step "${first.step.id}" (${where(first)}); the journey would keep only one of them`,
      SAME_PATH_HINT,
    ]),
  ];
}

function where(writer: Writer): string {
  return `${writer.file.rel}:${writer.file.lineOf(writer.path)}`;
}

function conflicts(
  writers: readonly Writer[],
  describe: (key: string, first: Writer) => [string, string],
): SchemaError[] {
  const byKey = new Map<string, Writer[]>();
  const errors: SchemaError[] = [];
  for (const writer of writers) {
    const earlier = byKey.get(writer.key) ?? [];
    const clash = earlier.find((other) => other.step !== writer.step && !exclusive(other, writer));
    if (clash) {
      const [reason, hint] = describe(writer.key, clash);
      errors.push(withHint(writer.file.error(writer.path, reason), hint));
    }
    byKey.set(writer.key, [...earlier, writer]);
  }
  return errors;
}

function exclusive(a: Writer, b: Writer): boolean {
  if (a.person !== undefined && b.person !== undefined && a.person !== b.person) return true;
  return exclusiveConditions(a.step.when, b.step.when);
}

type Literal = string | number | boolean | null;

/**
 * Whether two conditions cannot both hold, as far as their top-level conjuncts tell: some variable
 * is compared (`===` or `in` with a list) with values that have nothing in common.
 */
export function exclusiveConditions(a: unknown, b: unknown): boolean {
  const left = allowedValues(a);
  const right = allowedValues(b);
  for (const [variable, values] of left) {
    const other = right.get(variable);
    if (other && ![...values].some((value) => other.has(value))) return true;
  }
  return false;
}

function allowedValues(predicate: unknown): Map<string, Set<Literal>> {
  const allowed = new Map<string, Set<Literal>>();
  const conjuncts = isOperator(predicate, "and") ? asList(predicate.and) : [predicate];
  for (const conjunct of conjuncts) {
    const constraint = constraintOf(conjunct);
    if (!constraint) continue;
    const [variable, values] = constraint;
    const previous = allowed.get(variable);
    allowed.set(
      variable,
      previous ? new Set([...values].filter((value) => previous.has(value))) : values,
    );
  }
  return allowed;
}

function constraintOf(node: unknown): [string, Set<Literal>] | undefined {
  if (isOperator(node, "===")) {
    const [left, right] = asList(node["==="]);
    const variable = varOf(left) ?? varOf(right);
    const literal = varOf(left) !== undefined ? right : left;
    if (variable !== undefined && isLiteral(literal)) return [variable, new Set([literal])];
  }
  if (isOperator(node, "in")) {
    const [needle, list] = asList(node.in);
    const variable = varOf(needle);
    if (variable !== undefined && Array.isArray(list) && list.every(isLiteral))
      return [variable, new Set(list as Literal[])];
  }
  return undefined;
}

function isOperator<K extends string>(node: unknown, op: K): node is Record<K, unknown> {
  return (
    typeof node === "object" &&
    node !== null &&
    !Array.isArray(node) &&
    Object.keys(node).length === 1 &&
    op in node
  );
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function varOf(node: unknown): string | undefined {
  return isOperator(node, "var") && typeof node.var === "string" ? node.var : undefined;
}

function isLiteral(value: unknown): value is Literal {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}
