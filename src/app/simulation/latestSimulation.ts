/**
 * The cookie naming the latest saved simulation (docs/product.md §3 "Persistence": `lastestSimulation`,
 * spelled as the product names it). Its token stays in session storage.
 */
export const LATEST_SIMULATION_COOKIE = "lastestSimulation";
/** docs/product.md §9: cookies last one day unless told otherwise. */
export const DEFAULT_COOKIE_DAYS = 1;

type CookieJar = Pick<Document, "cookie">;

export function writeLatestSimulationId(
  id: string,
  jar: CookieJar = document,
  days = DEFAULT_COOKIE_DAYS,
): void {
  const secure = typeof location !== "undefined" && location.protocol === "https:";
  jar.cookie =
    `${LATEST_SIMULATION_COOKIE}=${encodeURIComponent(id)}; max-age=${days * 86_400}; path=/; ` +
    `SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function readLatestSimulationId(jar: CookieJar = document): string | undefined {
  for (const pair of jar.cookie.split(";")) {
    const [name, ...rest] = pair.trim().split("=");
    if (name === LATEST_SIMULATION_COOKIE) {
      const value = decodeURIComponent(rest.join("="));
      return value || undefined;
    }
  }
  return undefined;
}
