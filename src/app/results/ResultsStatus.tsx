import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { ForbiddenAlert } from "../simulation/ForbiddenAlert";
import type { ResultsView } from "./useResults";

/** While the results of a page under the results are not there. */
export function ResultsPending({ view }: { view: ResultsView }) {
  if (view.forbidden) return <ForbiddenAlert />;
  if (view.error)
    return (
      <Alert
        severity="error"
        small
        description="Le calcul de vos droits n’a pas abouti. Revenez aux résultats pour réessayer."
      />
    );
  return (
    <p role="status" aria-live="polite">
      Calcul en cours…
    </p>
  );
}
