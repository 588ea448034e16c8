import type { SchemaError, Segment } from "./errors";
import { CHOICE_KINDS, type FieldYaml } from "./format";
import type { SourceFile } from "./load";

/** The placeholders a question may hold, each replaced by the domain when the step is shown. */
export const PLACEHOLDERS = ["prenom"] as const;
const PLACEHOLDER = /\{([^{}]*)\}/g;
const TEXT_KINDS: ReadonlySet<string> = new Set(["text", "email", "phone"]);

export interface FieldSite {
  file: SourceFile;
  path: Segment[];
  /** Declared in a person block, so its `enfant` wording is about a child with a first name. */
  personBlock: boolean;
  /** The values a choice field may take, when known. */
  values?: ReadonlySet<string | number>;
}

/** Rules on one field's flags: storage, default, autocomplete and question placeholders. */
export function checkFieldFlags(field: FieldYaml, site: FieldSite): SchemaError[] {
  const { file, path } = site;
  const at = (...rest: Segment[]): Segment[] => [...path, ...rest];
  const errors: SchemaError[] = [];

  if (field.storage === "local" && field.engine !== undefined) {
    errors.push(
      file.error(
        at("engine"),
        "a field kept in the browser (storage: local) is never sent, so it cannot map to the engine",
      ),
    );
  }
  if (field.default !== undefined) {
    if (!CHOICE_KINDS.has(field.kind) || field.kind === "multi_choice") {
      errors.push(file.error(at("default"), '"default" is only allowed on choice fields'));
    } else if (site.values && !site.values.has(field.default)) {
      errors.push(
        file.error(
          at("default"),
          `default "${field.default}" is not a value of field "${field.name}"`,
        ),
      );
    }
  }
  if (field.integer !== undefined && field.kind !== "number") {
    errors.push(file.error(at("integer"), '"integer" is only allowed on number fields'));
  }
  if (field.autocomplete !== undefined) {
    const onDate = field.kind === "date";
    if (!onDate && !TEXT_KINDS.has(field.kind)) {
      errors.push(
        file.error(
          at("autocomplete"),
          '"autocomplete" is only allowed on text, email, phone and date fields',
        ),
      );
    } else if (onDate !== (field.autocomplete === "bday")) {
      errors.push(
        file.error(
          at("autocomplete"),
          '"bday" is the only autocomplete of a date field, and only there',
        ),
      );
    }
  }
  errors.push(...checkPlaceholders(field, site));
  return errors;
}

/** `{prenom}` names the child asked about: only in the `enfant` wording of a person block. */
function checkPlaceholders(field: FieldYaml, site: FieldSite): SchemaError[] {
  const texts: [Segment[], string, boolean][] = [];
  if (typeof field.question === "string") {
    texts.push([["question"], field.question, false]);
  } else {
    for (const [role, text] of Object.entries(field.question)) {
      if (text !== undefined) texts.push([["question", role], text, role === "enfant"]);
    }
  }
  if (field.hint !== undefined) texts.push([["hint"], field.hint, false]);
  if (field.help !== undefined) texts.push([["help"], field.help, false]);

  const errors: SchemaError[] = [];
  for (const [key, text, childWording] of texts) {
    for (const match of text.matchAll(PLACEHOLDER)) {
      const name = match[1] ?? "";
      const at = [...site.path, ...key];
      if (!(PLACEHOLDERS as readonly string[]).includes(name)) {
        errors.push(
          site.file.error(
            at,
            `unknown placeholder "{${name}}" (expected ${PLACEHOLDERS.map((p) => `{${p}}`).join(", ")})`,
          ),
        );
      } else if (!childWording || !site.personBlock) {
        errors.push(
          site.file.error(
            at,
            `"{${name}}" is only allowed in the "enfant" wording of a question in a person block`,
          ),
        );
      }
    }
  }
  return errors;
}
