import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { FIRST_STEP_PATH } from "../../domain";
import { usePageTitle } from "../layout/usePageTitle";
import { isValidSimulation } from "../machine/journey";
import { stepsOf } from "../machine/simulationMachine";
import { SimulationContext } from "../simulation/SimulationContext";
import {
  FRANCE_CONNECT_ERROR,
  FRANCE_CONNECT_SETTINGS,
  type FranceConnectSettings,
} from "./settings";

/**
 * docs/product.md §2 `/callback`, the return from the identity provider: back to the simulation where the
 * visitor left it, or to the home page when there is none. A failure is said on the simulation
 * (`?error=france_connect_error`), from its first question if need be.
 */
export function CallbackPage({
  settings = FRANCE_CONNECT_SETTINGS,
}: {
  settings?: FranceConnectSettings;
}) {
  usePageTitle("Connexion FranceConnect");
  const actor = SimulationContext.useActorRef();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const failed = params.get("error") === FRANCE_CONNECT_ERROR;

  useEffect(() => {
    const { context } = actor.getSnapshot();
    const resumable = settings.enabled && isValidSimulation(stepsOf(context));
    const query = failed ? `?error=${FRANCE_CONNECT_ERROR}` : "";
    if (resumable) {
      actor.send({ type: "RESUME" });
      navigate(`${actor.getSnapshot().context.currentPath}${query}`, { replace: true });
    } else if (settings.enabled && failed) {
      navigate(`${FIRST_STEP_PATH}${query}`, { replace: true });
    } else {
      navigate("/", { replace: true });
    }
  }, [actor, failed, navigate, settings]);

  return (
    <div className="fr-container fr-py-6w">
      <h1 tabIndex={-1}>Connexion FranceConnect</h1>
      <p role="status">Retour vers votre simulation…</p>
    </div>
  );
}
