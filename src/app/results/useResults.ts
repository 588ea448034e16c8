import { useEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router-dom";
import { orderResults, RESULTS_PATH, type Bundle, type Droit } from "../../domain";
import { hasResults } from "../machine/simulationMachine";
import { useBundle, useHasResults } from "../simulation/hooks";
import { SimulationContext } from "../simulation/SimulationContext";
import { infoIndex, roundedDroit, type InfoOf } from "./resultsModel";

export interface ResultsView {
  /** Rounded, in the page's order; undefined while computing, in error or when there are none yet. */
  droits?: Droit[];
  /** The benefits the visitor already receives. */
  injectes?: Droit[];
  updating: boolean;
  error?: string;
  /** The saved simulation could not be read back (docs/product.md §4 "Access"). */
  forbidden: boolean;
  infoOf: InfoOf;
  /** The saved simulation the results are of, once they are shown (for the statistics). */
  simulationId?: string;
}

/** Rounded, by value as `schema/results.yaml` declares (docs/schema-format.md, "Results page"). */
function ordered(list: readonly Droit[], bundle: Pick<Bundle, "results">, infoOf: InfoOf): Droit[] {
  return orderResults(
    list.map((d) => roundedDroit(d, infoOf)),
    bundle.results,
    (d) => infoOf(d.id)?.priority,
  );
}

/** The results as the results pages show them. */
export function useResults(): ResultsView {
  const bundle = useBundle();
  const updating = SimulationContext.useSelector((state) => state.context.updating);
  const error = SimulationContext.useSelector((state) => state.context.error);
  const results = SimulationContext.useSelector((state) => state.context.results);
  const ready = useHasResults();
  const forbidden = SimulationContext.useSelector((state) => state.context.access.forbidden);
  const infoOf = useMemo(
    () =>
      infoIndex(bundle.benefits, [
        ...(results?.droitsEligibles ?? []),
        ...(results?.droitsInjectes ?? []),
      ]),
    [bundle, results],
  );
  const shown = ready && !updating && !error && !forbidden;
  const droits = useMemo(
    () => (shown && results ? ordered(results.droitsEligibles, bundle, infoOf) : undefined),
    [shown, results, infoOf, bundle],
  );
  const injectes = useMemo(
    () => (shown && results ? ordered(results.droitsInjectes ?? [], bundle, infoOf) : undefined),
    [shown, results, infoOf, bundle],
  );
  return {
    droits,
    injectes,
    updating,
    error,
    forbidden,
    infoOf,
    ...(shown && results ? { simulationId: results._id } : {}),
  };
}

/** On a page under the results opened directly, computes once when the results are missing. */
export function useComputeOnResultsSubpage(): void {
  const actor = SimulationContext.useActorRef();
  const { pathname } = useLocation();
  const requested = useRef(false);
  useEffect(() => {
    if (!pathname.startsWith(`${RESULTS_PATH}/`) || requested.current) return;
    requested.current = true;
    const { context } = actor.getSnapshot();
    if (!hasResults(context) && !context.updating && !context.error && !context.access.forbidden)
      actor.send({ type: "COMPUTE" });
  }, [actor, pathname]);
}

export const resultPath = (id: string) => `${RESULTS_PATH}/${encodeURIComponent(id)}`;
export const groupPath = (id: string) => `${RESULTS_PATH}/groupe/${encodeURIComponent(id)}`;
export const unexpectedPath = (id: string) => `${RESULTS_PATH}/inattendu/${encodeURIComponent(id)}`;
