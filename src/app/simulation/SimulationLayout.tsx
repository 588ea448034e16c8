import { Link, Navigate, Outlet, useLocation } from "react-router-dom";
import {
  RECAP_PATH,
  RESULTS_CHAPTER,
  RESULTS_PATH,
  chapterStates,
  positionProgress,
  progress,
} from "../../domain";
import { FranceConnectPanel } from "../france-connect/FranceConnectPanel";
import { MissingBenefitsMessage } from "../layout/MissingBenefitsMessage";
import { useSessionState } from "../layout/SessionState";
import { BackButton } from "./BackButton";
import { ChapterMenu } from "./ChapterMenu";
import { DebugJourney } from "./DebugJourney";
import {
  useBundle,
  useCurrentPath,
  useIsAnonymized,
  useIsValidSimulation,
  useSteps,
} from "./hooks";
import { REDIRECTION_PATH, SAVE_LATER_PATH, isPagePath } from "./paths";
import { ProgressBar } from "./ProgressBar";
import { SessionMessage } from "./SessionMessage";
import { SimulationContext } from "./SimulationContext";
import { SummaryButton } from "./SummaryButton";
import { useDebugQuery, useSanityCheck } from "./useSanityCheck";
import { useComputeAhead } from "./useComputeAhead";
import { useForwardProgress } from "./useForwardProgress";
import { useUrlProjection } from "./useUrlProjection";

export function SimulationLayout() {
  const redirect = useSanityCheck();
  useUrlProjection(!redirect);
  useDebugQuery();
  const { debug } = useSessionState();
  const { pathname } = useLocation();
  const bundle = useBundle();
  const steps = useSteps();
  const machinePath = useCurrentPath();
  // The recap and the results show as soon as their URL is opened, one render before the machine
  // has moved there (useUrlProjection): the layout around them follows the page shown, rather
  // than show a step's links and chapter for a render, then remove them (the whole page moved up
  // 64 px on a phone: a layout shift of 0.077, Lighthouse on the recap).
  const currentPath =
    pathname === RECAP_PATH || pathname.startsWith(RESULTS_PATH) ? pathname : machinePath;
  const isValid = useIsValidSimulation();
  const anonymized = useIsAnonymized();
  const movedForward = SimulationContext.useSelector(
    (state) => state.context.movedForward === true,
  );
  const shownProgress = useForwardProgress(
    (anonymized ? positionProgress : progress)(steps, currentPath),
    currentPath,
    movedForward,
  );
  const chapters = chapterStates(bundle, steps, currentPath);
  const currentChapter = chapters.find((chapter) => chapter.state === "current");
  useComputeAhead(bundle, currentChapter?.id, currentPath);
  if (redirect) return <Navigate to={REDIRECTION_PATH} replace />;

  // Pages that are not steps (learn more, save for later…) keep the machine on its step.
  const onPage = isPagePath(pathname);
  const onResults = currentPath.startsWith(RESULTS_PATH);
  const onStep = !onPage && !onResults && currentPath !== RECAP_PATH;

  const summary = isValid && !anonymized && (
    <div className="fr-mt-2w">
      <SummaryButton currentPath={onPage ? pathname : currentPath} />
    </div>
  );

  // On a step, the recap and "Revenir plus tard" come after the question: on a phone the
  // question and its "Suivant" come first on the screen (and first to the keyboard), and from
  // 48em they stand under the chapters as on the other pages (styles.css, `app-simulation--step`).
  // On a phone the chapter's name and "Retour" share a line (styles.css, `app-simulation`).
  return (
    <div className="fr-container fr-pb-4w app-simulation">
      {!onResults && !onPage && <ProgressBar value={shownProgress} />}
      <div className={`fr-grid-row fr-grid-row--gutters${onStep ? " app-simulation--step" : ""}`}>
        <div className="fr-col-12 fr-col-md-4 app-simulation__chapters">
          {debug ? (
            <DebugJourney />
          ) : (
            !anonymized && (
              <ChapterMenu
                chapters={chapters.filter((chapter) => chapter.id !== RESULTS_CHAPTER)}
              />
            )
          )}
          {!onStep && summary}
        </div>
        <div className="fr-col-12 fr-col-md-8 app-simulation__page">
          <div className="app-simulation__heading-row">
            {currentChapter && (
              <p className="fr-text--sm fr-text--bold app-chapter-title">{currentChapter.label}</p>
            )}
            {!onPage && currentPath !== RECAP_PATH && <BackButton />}
          </div>
          <FranceConnectPanel />
          <MissingBenefitsMessage />
          <SessionMessage />
          <Outlet />
        </div>
        {onStep && (
          <div className="fr-col-12 fr-col-md-4 app-simulation__actions">
            {summary}
            {isValid && (
              <p className="fr-mt-2w">
                <Link className="fr-link fr-icon-time-line fr-link--icon-left" to={SAVE_LATER_PATH}>
                  Revenir plus tard
                </Link>
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
