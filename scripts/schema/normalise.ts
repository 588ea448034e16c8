import type { Role } from "../../src/domain/bundle";

const NO_BREAK_SPACE = "\u00A0";

/**
 * French typography for user-facing text: the plain space before `?`, `!`, `:` and `;` becomes a
 * no-break space (so the sign never starts a line), and the straight apostrophe becomes `’`.
 * Never apply it to ids, values or URLs.
 */
export function frenchTypography(text: string): string {
  return text.replace(/ ([?!:;])/g, `${NO_BREAK_SPACE}$1`).replace(/'/g, "’");
}

export function normaliseQuestion(
  question: string | Partial<Record<Role, string>>,
): string | Partial<Record<Role, string>> {
  if (typeof question === "string") return frenchTypography(question);
  const out: Partial<Record<Role, string>> = {};
  for (const [role, text] of Object.entries(question) as [Role, string | undefined][]) {
    if (text !== undefined) out[role] = frenchTypography(text);
  }
  return out;
}

/** Optional text: normalised when present. */
export function optionalText(text: string | undefined): string | undefined {
  return text === undefined ? undefined : frenchTypography(text);
}
