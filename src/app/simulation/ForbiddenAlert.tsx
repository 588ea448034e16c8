import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Button } from "@codegouvfr/react-dsfr/Button";
import { useNavigate } from "react-router-dom";
import { SIMULATION_PATH } from "../machine/journey";
import { SimulationContext } from "./SimulationContext";

export const FORBIDDEN_TITLE = "Cette simulation n’est pas accessible";
export const FORBIDDEN_MESSAGE =
  "Nous n’avons pas pu rouvrir cette simulation. Pour protéger vos données, une simulation ne peut être rouverte que dans l’onglet du navigateur où elle a été faite, et seulement pendant quelques jours. Vous pouvez en commencer une nouvelle.";

/** docs/product.md §4 "Access": shown instead of the results when a saved simulation could not be read back. */
export function ForbiddenAlert() {
  const actor = SimulationContext.useActorRef();
  const navigate = useNavigate();
  return (
    <>
      <Alert
        severity="warning"
        as="h2"
        title={FORBIDDEN_TITLE}
        description={FORBIDDEN_MESSAGE}
        className="fr-mb-3w"
      />
      <Button
        onClick={() => {
          actor.send({ type: "RESET" });
          navigate(SIMULATION_PATH);
        }}
      >
        Commencer une nouvelle simulation
      </Button>
    </>
  );
}

export function useForbidden(): boolean {
  return SimulationContext.useSelector((state) => state.context.access.forbidden);
}

export function useFetching(): boolean {
  return SimulationContext.useSelector((state) => state.context.access.fetching);
}
