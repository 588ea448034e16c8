import { Button } from "@codegouvfr/react-dsfr/Button";
import { useSyncExternalStore } from "react";
import { Link, useNavigate } from "react-router-dom";
import { AIDS_COUNT, DURATION_MINUTES } from "../config";
import { usePageTitle } from "../layout/usePageTitle";
import { SIMULATION_PATH } from "../machine/simulationPath";
import { hasApplicantBirthDate, storedSimulationIsResumable } from "../simulation/resumable";
import { SimulationContext } from "../simulation/SimulationContext";

type SimulationActor = ReturnType<typeof SimulationContext.useActorRef>;

const noSubscription = () => () => undefined;

/**
 * The home page does not load the simulation machine (issue 8, "Budgets"): whether a simulation
 * can be resumed is read from the saved simulation, or from the machine once it is loaded. The
 * buttons load it when they are about to be used (pointer or focus) and when clicked.
 */
export function HomePage() {
  usePageTitle("Accueil");
  const navigate = useNavigate();
  const { storage } = SimulationContext.useDeps();
  const loadActor = SimulationContext.useActorLoader();
  const actor = SimulationContext.useOptionalActorRef();
  const answers = SimulationContext.useOptionalSelector((state) => state.context.answers);
  // Pre-rendered without a stored simulation (src/app/prerender.tsx): the hydration renders the
  // same, then the page reads session storage.
  const stored = useSyncExternalStore(
    noSubscription,
    () => storedSimulationIsResumable(storage),
    () => false,
  );
  const canResume = answers ? hasApplicantBirthDate(answers) : stored;

  // Synchronously when the machine is there already (the visitor came back to the home page).
  const withActor = (action: (actor: SimulationActor) => void) => {
    if (actor) action(actor);
    // The machine's code failed to download: the simulation's page says so and offers to reload.
    else void loadActor().then(action, () => navigate(SIMULATION_PATH));
  };
  const prefetch = () => {
    if (!actor) void loadActor().catch(() => undefined);
  };
  const start = () =>
    withActor((loaded) => {
      loaded.send({ type: "RESET" });
      navigate(SIMULATION_PATH);
    });
  const resume = () =>
    withActor((loaded) => {
      loaded.send({ type: "RESUME" });
      navigate(loaded.getSnapshot().context.currentPath);
    });

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
          {/* In a DSFR group, a button with an icon shows only its icon unless the group says
              where icons go (--icon-left/right); --lg: a tap target of 48 px. */}
          <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--lg fr-btns-group--icon-right">
            <li>
              <Button
                onClick={start}
                nativeButtonProps={{ onPointerEnter: prefetch, onFocus: prefetch }}
                iconId="fr-icon-arrow-right-line"
                iconPosition="right"
              >
                {canResume ? "Commencer une nouvelle simulation" : "Je commence ma simulation"}
              </Button>
            </li>
            {canResume && (
              <li>
                <Button
                  priority="secondary"
                  onClick={resume}
                  nativeButtonProps={{ onPointerEnter: prefetch, onFocus: prefetch }}
                >
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
