/**
 * Sign-in through FranceConnect, the national identity provider (docs/product.md §1, §2, §9): off by
 * default. Our server does not implement the provider's side (login, callback, logout); a
 * deployment that turns the flag on serves it under `VITE_FRANCE_CONNECT_API_PATH`.
 */
import { requireEnv } from "../config";

export interface FranceConnectSettings {
  enabled: boolean;
  /** Where the provider's API answers, e.g. `/api/france-connect` (its `/login`, `/logout`…). */
  apiPath: string;
}

export const FRANCE_CONNECT_DISABLED: FranceConnectSettings = { enabled: false, apiPath: "" };

/** The query value that asks for the login button (with the flag on). */
export const FRANCE_CONNECT_QUERY = "france-connect-enabled";
/** `?error=france_connect_error`: the provider's side failed. */
export const FRANCE_CONNECT_ERROR = "france_connect_error";
export const FRANCE_CONNECT_ERROR_MESSAGE =
  "Connection FranceConnect\u00a0: Une erreur est survenue\u00a0!";
/**
 * The cookie saying that the visitor is signed in. The provider's side sets it readable by the
 * page (no secret in it: the session itself stays in an HttpOnly cookie) and deletes it on logout.
 */
export const FRANCE_CONNECT_COOKIE = "france_connect";

/** Raises `Variable VITE_FRANCE_CONNECT_API_PATH is not defined` when the flag is on without it. */
export function franceConnectSettings(env: Record<string, unknown>): FranceConnectSettings {
  if (env.VITE_FRANCE_CONNECT_ENABLED !== "true") return FRANCE_CONNECT_DISABLED;
  const apiPath = requireEnv("VITE_FRANCE_CONNECT_API_PATH", env).replace(/\/+$/, "");
  return { enabled: true, apiPath };
}

function buildSettings(): FranceConnectSettings {
  try {
    return franceConnectSettings(import.meta.env);
  } catch (error) {
    // A misconfigured build keeps the simulator working, without sign-in.
    console.error(error);
    return FRANCE_CONNECT_DISABLED;
  }
}

export const FRANCE_CONNECT_SETTINGS: FranceConnectSettings = buildSettings();

type CookieJar = Pick<Document, "cookie">;

export function hasFranceConnectCookie(jar: CookieJar | undefined = globalThis.document): boolean {
  return (
    jar?.cookie.split(";").some((pair) => pair.trim().split("=")[0] === FRANCE_CONNECT_COOKIE) ??
    false
  );
}
