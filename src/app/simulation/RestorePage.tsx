import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { SIMULATION_PATH } from "../machine/journey";
import { ForbiddenAlert, useFetching, useForbidden } from "./ForbiddenAlert";
import { readLatestSimulationId } from "./latestSimulation";
import { simulationTarget } from "./paths";
import { SimulationContext } from "./SimulationContext";

/**
 * docs/product.md §2 `redirect?to=`: restores the latest saved simulation (id from the cookie, token from
 * session storage), then goes to `/simulation` + `to`; without one, to the home page. When the
 * server refuses it (another tab, an expired or anonymised simulation), the visitor is told so
 * (docs/product.md §4 "Access": forbidden).
 */
export function RestorePage() {
  usePageTitle("Reprise de votre simulation");
  const actor = SimulationContext.useActorRef();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = params.get("to");
  const started = useRef(false);
  const fetching = useFetching();
  const forbidden = useForbidden();
  // The load this page started has begun once `fetching` was seen on.
  const loadSeen = useRef(false);
  if (fetching) loadSeen.current = true;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const simulationId = readLatestSimulationId();
    if (!simulationId) {
      navigate("/", { replace: true });
      return;
    }
    const { context } = actor.getSnapshot();
    const token = context.simulationId === simulationId ? context.token : undefined;
    actor.send({ type: "LOAD", simulationId, ...(token ? { token } : {}) });
  }, [actor, navigate]);

  useEffect(() => {
    if (!loadSeen.current || fetching || forbidden) return;
    navigate(simulationTarget(to) ?? SIMULATION_PATH, { replace: true });
  }, [fetching, forbidden, navigate, to]);

  return (
    <>
      <h1 className="fr-h3" tabIndex={-1}>
        Reprise de votre simulation
      </h1>
      {forbidden ? <ForbiddenAlert /> : <p role="status">Chargement de votre simulation…</p>}
    </>
  );
}
