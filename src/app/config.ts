import { PUBLIC_BENEFIT_COUNT } from "./bundleCount";

/** Product constants shown to visitors (docs/product.md §1, §9) and build-time settings. */
export const SERVICE_TITLE = "Simulateur d’aides pour les jeunes";
export const SERVICE_TAGLINE = "Évaluez vos droits aux aides publiques en 7 minutes";
/** How many aids `/aides` lists, counted by the schema generator (engine, condition-based, bike). */
export const AIDS_COUNT: number = PUBLIC_BENEFIT_COUNT;
export const DURATION_MINUTES = 7;

export const PLATFORM_NAME: string = import.meta.env.VITE_PLATFORM_NAME || "aides-jeunes";
/** The platform host serving the terms of use; empty means this site. */
export const PLATFORM_URL: string = import.meta.env.VITE_PLATFORM_URL || "";
/** The contact address shown to visitors; when unset, the server's `CONTACT_EMAIL` is asked. */
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL || "";

/**
 * A build-time variable that a feature cannot work without (docs/product.md §8): missing or empty, it raises
 * `Variable {name} is not defined`. No variable is required by default; a feature asks for its
 * own when it is turned on (see france-connect/settings.ts).
 */
export function requireEnv(name: string, env: Record<string, unknown> = import.meta.env): string {
  const value = env[name];
  if (typeof value !== "string" || value.trim() === "") {
    throw new Error(`Variable ${name} is not defined`);
  }
  return value;
}
