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

/**
 * Called as any step's form first renders: a draft survives the trip to its learn-more page and
 * back, not a visit elsewhere (the stored answer is then what the step shows).
 */
export function forgetDrafts(): void {
  drafts.clear();
}
