/**
 * The certainty of a benefit or an aid (docs/schema-format.md, "Certainty"): a result is counted
 * in the totals only when the answers decide it. `decisive` names in full what they do not
 * decide; it goes with `to_verify` or `on_application`, never with a counted result.
 */
import type { Certainty } from "../../src/domain/bundle";
import type { SchemaError, Segment } from "./errors";
import type { SourceFile } from "./load";

interface WithCertainty {
  certainty?: Certainty;
  decisive?: readonly string[];
}

export function checkCertainty(
  file: SourceFile,
  path: readonly Segment[],
  entry: WithCertainty,
): SchemaError[] {
  const counted = (entry.certainty ?? "counted") === "counted";
  if (counted && entry.decisive)
    return [
      file.error(
        [...path, "decisive"],
        'a result with decisive conditions the answers do not decide cannot be counted: set "certainty: to_verify" (a condition not asked) or "on_application" (decided case by case), or ask the condition and remove it from "decisive"',
      ),
    ];
  if (!counted && !entry.decisive)
    return [
      file.error(
        [...path, "certainty"],
        `"certainty: ${entry.certainty}" needs "decisive": the conditions the answers do not decide, each a full sentence`,
      ),
    ];
  return [];
}
