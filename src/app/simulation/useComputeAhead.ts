import { useEffect } from "react";
import { RECAP_PATH, type Bundle } from "../../domain";
import { resultsPageModule } from "../results/resultsPageModule";
import { SimulationContext } from "./SimulationContext";

/**
 * docs/architecture.md "Compute ahead", in the browser: the simulation is saved when the page is
 * left or hidden (a phone switching app), and the results page's code is loaded once the visitor
 * reaches the first `computeAhead` chapter or the recap, so that the results show at the click.
 */
export function useComputeAhead(
  bundle: Bundle,
  currentChapter: string | undefined,
  currentPath: string,
) {
  const actor = SimulationContext.useActorRef();
  useEffect(() => {
    const leaving = () => actor.send({ type: "AUTOSAVE", leaving: true });
    const hidden = () => {
      if (document.visibilityState === "hidden") leaving();
    };
    window.addEventListener("pagehide", leaving);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("pagehide", leaving);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [actor]);

  const from = bundle.chapters.findIndex((chapter) => chapter.computeAhead);
  const index = bundle.chapters.findIndex((chapter) => chapter.id === currentChapter);
  const lastQuestions = currentPath === RECAP_PATH || (from >= 0 && index >= from);
  useEffect(() => {
    if (lastQuestions) void resultsPageModule.load().catch(() => undefined);
  }, [lastQuestions]);
}
