/**
 * "Did you mean…?" for a misspelt name: the known names closest to it by edit distance, for the
 * hints of `schema:check`.
 */

/** Levenshtein distance (insertions, deletions, substitutions), case-sensitive. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The known names closest to `name` (case ignored), at most 3 of them, if within a third of its
 * length (at least 2 edits); a known name that contains the name or is contained in it counts as
 * within that limit.
 */
export function closest(name: string, known: Iterable<string>): string[] {
  const lower = name.toLowerCase();
  const limit = Math.max(2, Math.floor(name.length / 3));
  const scored: [string, number][] = [];
  for (const candidate of new Set(known)) {
    if (candidate === name) continue;
    const other = candidate.toLowerCase();
    let distance = editDistance(lower, other);
    if (distance > limit && lower.length >= 4 && (other.includes(lower) || lower.includes(other)))
      distance = limit;
    if (distance <= limit) scored.push([candidate, distance]);
  }
  const best = Math.min(...scored.map(([, distance]) => distance));
  return scored
    .filter(([, distance]) => distance === best)
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(0, 3)
    .map(([candidate]) => candidate);
}

/** `Vouliez-vous dire « x » ?`, or undefined when nothing is close (see `withHint`). */
export function didYouMean(name: string, known: Iterable<string>): string | undefined {
  const names = closest(name, known);
  if (names.length === 0) return undefined;
  return `Vouliez-vous dire ${names.map((n) => `« ${n} »`).join(" ou ")} ?`;
}
