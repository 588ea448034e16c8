/**
 * JSON with every object's keys sorted, so two values that differ only in key order give the
 * same text (a JSON column of PostgreSQL does not keep the order it was given). Arrays keep their
 * order (role lists are ordered: the first parent is the applicant).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    // JSON.stringify drops undefined properties: drop them here too, before sorting the rest.
    if (item !== undefined) sorted[key] = sortKeys(item);
  }
  return sorted;
}
