import { Button } from "@codegouvfr/react-dsfr/Button";
import { useNavigate } from "react-router-dom";
import { previousPath } from "../machine/journey";
import { useCurrentPath, useSteps } from "./hooks";
import { SimulationContext } from "./SimulationContext";

/** Back to the previous question; from the first one, back to the home page. */
export function BackButton() {
  const actor = SimulationContext.useActorRef();
  const navigate = useNavigate();
  const steps = useSteps();
  const currentPath = useCurrentPath();
  const hasPrevious = previousPath(steps, currentPath) !== undefined;

  return (
    <Button
      priority="tertiary no outline"
      size="small"
      iconId="fr-icon-arrow-left-line"
      onClick={() => (hasPrevious ? actor.send({ type: "BACK" }) : navigate("/"))}
    >
      Retour
    </Button>
  );
}
