import type { Bundle } from "./bundle";
import type { JourneyOptions } from "./context";
import { buildJourney, resumePoint } from "./journey";
import type { Answer } from "./types";

/**
 * Whether the server may compute these answers ahead of the visitor's click (docs/schema-format.md,
 * "Chapters"): every active question before the first `computeAhead` chapter is answered. Without
 * such a chapter, never.
 */
export function readyToComputeAhead(
  bundle: Bundle,
  answers: readonly Answer[],
  options: JourneyOptions,
): boolean {
  const from = bundle.chapters.findIndex((chapter) => chapter.computeAhead);
  if (from < 0) return false;
  const pending = resumePoint(buildJourney(bundle, answers, options));
  if (!pending) return true;
  const index = bundle.chapters.findIndex((chapter) => chapter.id === pending.chapter);
  return index >= from;
}
