import { Outlet } from "react-router-dom";
import { RECAP_PATH, RESULTS_PATH, chapterStates, progress } from "../../domain";
import { BackButton } from "./BackButton";
import { ChapterMenu } from "./ChapterMenu";
import { useBundle, useCurrentPath, useIsValidSimulation, useSteps } from "./hooks";
import { ProgressBar } from "./ProgressBar";
import { SummaryButton } from "./SummaryButton";
import { useUrlProjection } from "./useUrlProjection";

export function SimulationLayout() {
  useUrlProjection();
  const bundle = useBundle();
  const steps = useSteps();
  const currentPath = useCurrentPath();
  const isValid = useIsValidSimulation();
  const chapters = chapterStates(bundle, steps, currentPath);
  const currentChapter = chapters.find((chapter) => chapter.state === "current");
  const onResults = currentPath.startsWith(RESULTS_PATH);

  return (
    <div className="fr-container fr-py-4w">
      {!onResults && <ProgressBar value={progress(steps, currentPath)} />}
      <div className="fr-grid-row fr-grid-row--gutters">
        <div className="fr-col-12 fr-col-md-4">
          <ChapterMenu chapters={chapters.filter((chapter) => chapter.id !== "resultats")} />
          {isValid && (
            <div className="fr-mt-2w">
              <SummaryButton currentPath={currentPath} />
            </div>
          )}
        </div>
        <div className="fr-col-12 fr-col-md-8">
          {currentChapter && (
            <p className="fr-text--sm fr-text--bold fr-mb-1w app-chapter-title">
              {currentChapter.label}
            </p>
          )}
          {currentPath !== RECAP_PATH && <BackButton />}
          <Outlet />
        </div>
      </div>
    </div>
  );
}
