import { Button } from "@codegouvfr/react-dsfr/Button";
import { RESULTS_PATH } from "../../domain";

/** On every page under the results. */
export function BackToResults() {
  return (
    <Button
      className="app-no-print fr-mb-3w"
      priority="tertiary"
      iconId="fr-icon-arrow-left-line"
      linkProps={{ to: RESULTS_PATH }}
    >
      Retour aux résultats
    </Button>
  );
}
