import type { FormValues } from "./formValues";

/**
 * What the visitor chose or typed on a step without going on, kept while they read the step's
 * learn-more page (docs/product.md §2, `{step path}/en_savoir_plus`): back on the step, its form
 * starts from it rather than from the stored answers. Kept in memory only and never saved: an
 * answer is stored by "Suivant" alone.
 */
const drafts = new Map<string, FormValues>();

/** Keeps the step's unsaved form values, as the visitor leaves it for its learn-more page. */
export function keepDraft(stepPath: string, values: FormValues): void {
  drafts.set(stepPath, structuredClone(values));
}

/** The step's kept values, if any (read as its form first renders). */
export function draftOf(stepPath: string): FormValues | undefined {
  return drafts.get(stepPath);
}

/** Called once the step's form has taken its draft. */
export function forgetDraft(stepPath: string): void {
  drafts.delete(stepPath);
}
