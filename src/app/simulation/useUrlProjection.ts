import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { childIds, RESULTS_PATH } from "../../domain";
import { childIdInPath, isPagePath } from "./paths";
import { SimulationContext } from "./SimulationContext";

function historyIndex(): number {
  const state: unknown = window.history.state;
  return typeof state === "object" && state !== null && "idx" in state ? Number(state.idx) : 0;
}

/**
 * How many history entries to go back from a URL naming a child who does not exist (docs/product.md §5):
 * two from the first-name step, which the child-list step added, otherwise one. Zero when the
 * history is too short to go back that far inside the app.
 */
export function stepsBackFromUnknownChild(pathname: string, knownChildren: string[]): number {
  const child = childIdInPath(pathname);
  if (!child || knownChildren.includes(child)) return 0;
  const back = pathname.endsWith("/_firstName") ? 2 : 1;
  return historyIndex() >= back ? back : 0;
}

/**
 * The URL is a projection of the machine's `currentPath`:
 * - a location change (link, typed URL, history) is a request, sent as GOTO; when the machine
 *   refuses it or resolves it elsewhere, the URL is replaced by the machine's path;
 * - when the machine moves by itself (NEXT, BACK, RESUME), a history entry is pushed.
 * Pages that are not steps (learn more, save for later…) are shown by their URL alone.
 */
export function useUrlProjection(enabled = true): void {
  const actor = SimulationContext.useActorRef();
  const currentPath = SimulationContext.useSelector((state) => state.context.currentPath);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const shownByUrl = isPagePath(pathname) || isDebugResults(pathname, search);
  const handledPathname = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    if (handledPathname.current !== pathname) {
      handledPathname.current = pathname;
      if (shownByUrl) return;
      if (actor.getSnapshot().context.currentPath !== pathname) {
        actor.send({ type: "GOTO", path: pathname });
      }
      const { currentPath: accepted, answers } = actor.getSnapshot().context;
      if (accepted === pathname) return;
      const back = stepsBackFromUnknownChild(pathname, childIds(answers));
      if (back > 0) navigate(-back);
      else navigate(accepted, { replace: true });
      return;
    }
    if (shownByUrl) return;
    const target = actor.getSnapshot().context.currentPath;
    if (target !== pathname) navigate(target);
  }, [actor, currentPath, enabled, navigate, pathname, shownByUrl]);
}

/**
 * `resultats?debug=id1,id2` (docs/product.md §2, the preview banner's link) shows sample values of those
 * benefits even without a simulation: the results page is then shown by its URL alone.
 */
export function isDebugResults(pathname: string, search: string): boolean {
  const debug = new URLSearchParams(search).get("debug");
  return pathname === RESULTS_PATH && !!debug && debug !== "parcours";
}
