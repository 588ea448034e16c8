import type { Role } from "../../src/domain/bundle";

const NO_BREAK_SPACE = "\u00A0";

/** The space that groups a number's digits by three ("3 214"). */
const DIGIT_GROUP_SPACE = /(?<=\d) (?=\d{3}(?!\d))/g;
/** The space between a number and its unit ("685 €", "5 ans", "8 mois"). */
const UNIT_SPACE = /(?<=\d) (?=[€%]|(?:ans?|mois|heures?|jours?|semaines?|km)(?!\p{L}))/gu;

/**
 * French typography for user-facing text: the plain space before `?`, `!`, `:` and `;` becomes a
 * no-break space (so the sign never starts a line), as do the spaces inside a number and before
 * its unit (so that a phone never shows "au moins 3" then "214 heures" on the next line), and
 * the straight apostrophe becomes `’`. Never apply it to ids, values or URLs.
 */
export function frenchTypography(text: string): string {
  return text
    .replace(/ ([?!:;])/g, `${NO_BREAK_SPACE}$1`)
    .replace(DIGIT_GROUP_SPACE, NO_BREAK_SPACE)
    .replace(UNIT_SPACE, NO_BREAK_SPACE)
    .replace(/'/g, "’");
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
