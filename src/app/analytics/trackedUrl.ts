/** Query parameters never sent to the analytics service (docs/product.md §7): secrets and personal data. */
export const EXCLUDED_QUERY_PARAMETERS = [
  "token",
  "situationId",
  "simulationId",
  "_ga",
  "surveyEmail",
  "code",
  "state",
] as const;

/** The page address as the analytics service may see it. */
export function trackedUrl(href: string): string {
  const url = new URL(href);
  for (const name of EXCLUDED_QUERY_PARAMETERS) url.searchParams.delete(name);
  return url.toString();
}
