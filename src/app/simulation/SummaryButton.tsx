import { Button } from "@codegouvfr/react-dsfr/Button";
import { useNavigate } from "react-router-dom";
import { RECAP_PATH, RESULTS_PATH } from "../../domain";
import { SimulationContext } from "./SimulationContext";

interface SummaryButtonProps {
  currentPath: string;
}

function canGoBackInHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === "object" && state !== null && "idx" in state && Number(state.idx) > 0;
}

/** Below the chapters: the recap, or from the results a way to edit, or from the recap a way back. */
export function SummaryButton({ currentPath }: SummaryButtonProps) {
  const actor = SimulationContext.useActorRef();
  const navigate = useNavigate();

  if (currentPath === RECAP_PATH) {
    return (
      <Button
        priority="secondary"
        iconId="fr-icon-arrow-left-line"
        onClick={() => (canGoBackInHistory() ? navigate(-1) : actor.send({ type: "BACK" }))}
      >
        Retour
      </Button>
    );
  }
  return (
    <Button priority="secondary" linkProps={{ to: RECAP_PATH }}>
      {currentPath.startsWith(RESULTS_PATH) ? "Modifier ma simulation" : "Récapitulatif"}
    </Button>
  );
}
