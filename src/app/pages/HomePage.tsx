import { Button } from "@codegouvfr/react-dsfr/Button";
import { Link, useNavigate } from "react-router-dom";
import { AIDS_COUNT, DURATION_MINUTES } from "../config";
import { usePageTitle } from "../layout/usePageTitle";
import { SIMULATION_PATH } from "../machine/journey";
import { useIsValidSimulation } from "../simulation/hooks";
import { SimulationContext } from "../simulation/SimulationContext";

export function HomePage() {
  usePageTitle("Accueil");
  const actor = SimulationContext.useActorRef();
  const navigate = useNavigate();
  const canResume = useIsValidSimulation();

  const start = () => {
    actor.send({ type: "RESET" });
    navigate(SIMULATION_PATH);
  };
  const resume = () => {
    actor.send({ type: "RESUME" });
    navigate(actor.getSnapshot().context.currentPath);
  };

  return (
    <div className="fr-container fr-py-6w">
      <div className="fr-grid-row">
        <div className="fr-col-12 fr-col-lg-8">
          <h1 tabIndex={-1}>Évaluez vos droits aux aides pour les jeunes</h1>
          <p className="fr-text--lead">
            En {DURATION_MINUTES} minutes, découvrez les aides auxquelles vous pourriez avoir droit
            parmi <Link to="/aides">{AIDS_COUNT.toLocaleString("fr-FR")} aides</Link>&nbsp;:
            logement, transport, santé, formation, emploi, culture, sport, alimentation…
          </p>
          <p>
            Avant de commencer, munissez-vous de vos ressources, ou de celles de vos parents si vous
            êtes encore à leur charge.
          </p>
          <ul className="fr-btns-group fr-btns-group--inline-md">
            <li>
              <Button onClick={start} iconId="fr-icon-arrow-right-line" iconPosition="right">
                {canResume ? "Commencer une nouvelle simulation" : "Je commence ma simulation"}
              </Button>
            </li>
            {canResume && (
              <li>
                <Button priority="secondary" onClick={resume}>
                  Reprendre ma simulation
                </Button>
              </li>
            )}
          </ul>
        </div>
      </div>
    </div>
  );
}
