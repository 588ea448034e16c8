import { Link } from "react-router-dom";
import { RESULTS_PATH } from "../../domain";
import { usePageTitle } from "../layout/usePageTitle";
import { RECAP_TITLE } from "./RecapEmailButton";
import { RecapForm } from "./RecapForm";

/**
 * `/simulation/resultats/recapitulatif_email`: the recap form as a page of its own, routed beside
 * the simulation layout (the machine stays on the results page).
 */
export function RecapEmailPage() {
  usePageTitle(RECAP_TITLE);
  return (
    <div className="fr-container fr-py-4w">
      <div className="fr-grid-row fr-grid-row--center">
        <div className="fr-col-12 fr-col-md-10 fr-col-lg-8">
          <h1 className="fr-h3" tabIndex={-1}>
            {RECAP_TITLE}
          </h1>
          <RecapForm idPrefix="recap-page" />
          <p className="fr-mt-3w">
            <Link to={RESULTS_PATH}>Retour aux résultats</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
