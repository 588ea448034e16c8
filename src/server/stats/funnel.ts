import { buildJourney, RESULTS_CHAPTER, type Answers, type Bundle } from "../../domain";

export interface FunnelSimulation {
  answers: Answers;
  dateDeValeur: string;
  finishedAt: string | null;
}

/**
 * The chapters a saved simulation reached. A chapter counts when one of its active steps is
 * answered in the saved answers; the results chapter counts when the simulation was finished.
 * The journey is rebuilt from the answers (rather than reading stored paths) so that answers of
 * steps that became inactive do not count.
 */
export function chaptersReached(bundle: Bundle, simulation: FunnelSimulation): Set<string> {
  const reached = new Set<string>();
  try {
    const steps = buildJourney(bundle, simulation.answers.all, {
      dateDeValeur: simulation.dateDeValeur,
    });
    for (const step of steps) if (step.isActive && step.answered) reached.add(step.chapter);
  } catch {
    // Answers saved by an older schema may not build a journey any more: only the finish counts.
  }
  if (simulation.finishedAt) reached.add(RESULTS_CHAPTER);
  return reached;
}

export interface FunnelStep {
  chapter: string;
  label: string;
  simulations: number;
}

/** Chapters with questions, plus the results: the recap chapter has no step of its own to count. */
function countableChapters(bundle: Bundle): Set<string> {
  const chapters = new Set<string>([RESULTS_CHAPTER]);
  try {
    for (const step of buildJourney(bundle, [], { dateDeValeur: "2000-01-01" })) {
      chapters.add(step.chapter);
    }
  } catch {
    for (const chapter of bundle.chapters) chapters.add(chapter.id);
  }
  return chapters;
}

/** Turns counts per chapter into the funnel's steps, in the journey's order. */
export type FunnelSteps = (counts: ReadonlyMap<string, number>) => FunnelStep[];

/** The countable chapters are read once from the bundle (an empty journey is built once). */
export function funnelSteps(bundle: Bundle): FunnelSteps {
  const countable = countableChapters(bundle);
  const chapters = bundle.chapters.filter((chapter) => countable.has(chapter.id));
  return (counts) =>
    chapters.map((chapter) => ({
      chapter: chapter.id,
      label: chapter.label,
      simulations: counts.get(chapter.id) ?? 0,
    }));
}
