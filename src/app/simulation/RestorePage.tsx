import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { SIMULATION_PATH } from "../machine/journey";
import { fetchSimulation } from "../machine/persistence";
import { readLatestSimulationId } from "./latestSimulation";
import { simulationTarget } from "./paths";
import { SimulationContext } from "./SimulationContext";

/**
 * Spec §2 `redirect?to=`: restores the latest saved simulation (id from the cookie, token from
 * session storage), then goes to `/simulation` + `to`; without one, to the home page.
 */
export function RestorePage() {
  usePageTitle("Reprise de votre simulation");
  const actor = SimulationContext.useActorRef();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = params.get("to");
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const simulationId = readLatestSimulationId();
    const { context } = actor.getSnapshot();
    const token = simulationId && context.simulationId === simulationId ? context.token : undefined;
    if (!simulationId || !token) {
      navigate("/", { replace: true });
      return;
    }
    fetchSimulation(context.deps.fetch, simulationId, token).then(
      (simulation) => {
        actor.send({ type: "RESTORE", simulationId, token, simulation });
        navigate(simulationTarget(to) ?? SIMULATION_PATH, { replace: true });
      },
      (error: unknown) => {
        (context.deps.logger ?? console).error(error);
        navigate("/", { replace: true });
      },
    );
  }, [actor, navigate, to]);

  return (
    <>
      <h1 className="fr-h3" tabIndex={-1}>
        Reprise de votre simulation
      </h1>
      <p role="status">Chargement de votre simulation…</p>
    </>
  );
}
