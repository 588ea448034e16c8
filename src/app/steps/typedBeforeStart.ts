/**
 * What the visitor typed into a pre-rendered form (the first question, scripts/prerender.ts)
 * before the app started. The hydration keeps the page's elements, but react-hook-form then sets
 * each field it registers to its default value: a birth date typed on a slow phone while the
 * script was on its way vanished. src/app/main.tsx names the page it hydrates; the step's form
 * reads that page's fields as it first renders (the hydration has not yet changed them) and
 * starts from them (StepForm).
 */
import type { FormValues } from "./formValues";

let hydrated: ParentNode | undefined;
let typed: ReadonlyMap<string, string> | undefined;

/** The pre-rendered page about to be hydrated: its forms' fields may hold the visitor's typing. */
export function hydratingPrerenderedForms(container: ParentNode): void {
  hydrated = container.querySelector("form") ? container : undefined;
  typed = undefined;
}

function changedFields(container: ParentNode): Map<string, string> {
  const fields = new Map<string, string>();
  for (const input of container.querySelectorAll<HTMLInputElement>("form input[name]")) {
    if (input.type === "checkbox") continue;
    if (input.type === "radio") {
      if (input.checked && !input.defaultChecked) fields.set(input.name, input.value);
    } else if (input.value !== input.defaultValue) fields.set(input.name, input.value);
  }
  return fields;
}

/**
 * The fields the visitor changed before the start, by their `name` (`date_naissance.day`): read
 * once, by the first form that asks; empty for every later one.
 */
export function typedBeforeStart(): ReadonlyMap<string, string> {
  if (!typed) typed = hydrated ? changedFields(hydrated) : new Map();
  return typed;
}

/** Called once the first form has taken them. */
export function forgetTypedBeforeStart(): void {
  hydrated = undefined;
  typed = new Map();
}

/** `values` with each typed field at its dotted path, where the form holds a text there. */
export function withTypedFields(
  values: FormValues,
  fields: ReadonlyMap<string, string>,
): FormValues {
  if (fields.size === 0) return values;
  const merged = structuredClone(values);
  for (const [name, value] of fields) {
    const path = name.split(".");
    const last = path.pop();
    let holder: unknown = merged;
    for (const key of path)
      holder =
        typeof holder === "object" && holder !== null
          ? (holder as Record<string, unknown>)[key]
          : undefined;
    if (last !== undefined && typeof holder === "object" && holder !== null) {
      const record = holder as Record<string, unknown>;
      if (typeof record[last] === "string") record[last] = value;
    }
  }
  return merged;
}
