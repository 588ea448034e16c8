import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Tooltip } from "@codegouvfr/react-dsfr/Tooltip";
import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { PREVIEW_BUILD_CONTEXT } from "../preview/previewBenefits";
import type { FetchLike } from "../machine/api";
import { SimulationContext } from "../simulation/SimulationContext";
import { useSessionState } from "./SessionState";

export const MISSING_BENEFIT_MESSAGE =
  "Vous avez ajouté une nouvelle aide\u00a0! Étant donné que nous ne savons pas encore comment celle-ci doit être calculée, si vous faites votre simulation jusqu’au bout vous obtiendrez un message d’erreur.";

export const MISSING_BENEFITS_PATH = "/api/openfisca/missingbenefits";

// One request per page load (per fetch implementation, so that tests stay independent).
const asked = new WeakMap<FetchLike, Promise<string[]>>();

async function askServer(fetchFn: FetchLike): Promise<string[]> {
  try {
    const response = await fetchFn(MISSING_BENEFITS_PATH, {
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return [];
    const body: unknown = await response.json();
    return Array.isArray(body) ? body.filter((id): id is string => typeof id === "string") : [];
  } catch {
    // The engine is still booting or unreachable: nothing to say to the visitor.
    return [];
  }
}

const IS_PREVIEW = import.meta.env.VITE_BUILD_CONTEXT === PREVIEW_BUILD_CONTEXT;

/**
 * Content editors only: a preview build, or the debug mode (`?debug=…`). A visitor has nothing
 * to do about a benefit the engine lacks: the server leaves it out of the computation.
 */
function useEditorContext(): boolean {
  const { debug } = useSessionState();
  const { search } = useLocation();
  return IS_PREVIEW || debug || new URLSearchParams(search).has("debug");
}

/** The benefits of the catalogue the engine cannot compute yet (docs/product.md §7 `missingbenefits`). */
export function useMissingBenefits(enabled = true): string[] {
  const fetchFn = SimulationContext.useDeps().fetch;
  const [ids, setIds] = useState<string[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let pending = asked.get(fetchFn);
    if (!pending) {
      pending = askServer(fetchFn);
      asked.set(fetchFn, pending);
    }
    void pending.then((value) => active && setIds(value));
    return () => {
      active = false;
    };
  }, [enabled, fetchFn]);
  return ids;
}

/**
 * docs/product.md §5, §8: when the catalogue names benefits the engine does not know yet (a content editor
 * added one ahead of the engine), a dismissible warning says so; its tooltip names them.
 */
export function MissingBenefitsMessage() {
  const ids = useMissingBenefits(useEditorContext());
  const benefits = SimulationContext.useSelector((state) => state.context.deps.bundle.benefits);
  const [closed, setClosed] = useState(false);
  if (ids.length === 0 || closed) return null;
  const names = ids.map((id) => benefits.find((benefit) => benefit.id === id)?.label ?? id);
  return (
    <Alert
      severity="warning"
      small
      closable
      isClosed={closed}
      onClose={() => setClosed(true)}
      className="fr-mb-3w"
      description={
        <>
          {MISSING_BENEFIT_MESSAGE}{" "}
          <Tooltip kind="click" title={`Aides concernées\u00a0: ${names.join(", ")}`} />
        </>
      }
    />
  );
}
