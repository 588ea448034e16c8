import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Button } from "@codegouvfr/react-dsfr/Button";
import { useState } from "react";
import { Link, Navigate } from "react-router-dom";
import { FIRST_STEP_PATH } from "../../domain";
import { usePageTitle } from "../layout/usePageTitle";
import { useCurrentPath, useIsValidSimulation } from "./hooks";
import { resumeLink } from "./paths";
import { SimulationContext } from "./SimulationContext";

export const SAVE_LATER_TITLE = "Revenir plus tard\u00a0?";

/** docs/product.md §2 `revenir-plus-tard`: how to come back, and saving the simulation now. */
export function SaveLaterPage() {
  usePageTitle(SAVE_LATER_TITLE);
  const actor = SimulationContext.useActorRef();
  const valid = useIsValidSimulation();
  const currentPath = useCurrentPath();
  const saving = SimulationContext.useSelector((state) => state.matches("saving"));
  const saveError = SimulationContext.useSelector((state) => state.context.saveError);
  const savesDone = SimulationContext.useSelector((state) => state.context.savesDone ?? 0);
  // Only a save made on this page counts: an earlier one may predate the latest answers.
  const [savesBefore, setSavesBefore] = useState<number | null>(null);
  const saved = savesBefore !== null && !saving && savesDone > savesBefore;

  if (!valid) return <Navigate to={FIRST_STEP_PATH} replace />;
  const link = resumeLink(currentPath);

  return (
    <>
      <h1 className="fr-h3" tabIndex={-1}>
        {SAVE_LATER_TITLE}
      </h1>
      <p>
        Vos réponses sont conservées dans ce navigateur, dans cet onglet, jusqu’à ce que vous le
        fermiez. Pour reprendre votre simulation, revenez sur la page d’accueil du simulateur et
        choisissez «&nbsp;Reprendre ma simulation&nbsp;».
      </p>
      <p>
        Vous pouvez aussi l’enregistrer maintenant&nbsp;: pendant une journée, le lien de reprise
        ramène ce navigateur à la question où vous en étiez, avec les réponses enregistrées.
      </p>
      <div role="status" aria-live="polite">
        {saved && (
          <Alert
            severity="success"
            small
            className="fr-mb-3w"
            description={
              <>
                Votre simulation est enregistrée.{" "}
                <Link to={link}>Reprendre ma simulation là où je l’ai laissée</Link>
              </>
            }
          />
        )}
      </div>
      {saveError && <Alert severity="error" small className="fr-mb-3w" description={saveError} />}
      <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-left">
        <li>
          <Button
            iconId="fr-icon-save-line"
            disabled={saving}
            onClick={() => {
              setSavesBefore(savesDone);
              actor.send({ type: "SAVE" });
            }}
          >
            {saving ? "Enregistrement…" : "Enregistrer ma simulation"}
          </Button>
        </li>
        <li>
          <Button priority="secondary" linkProps={{ to: currentPath }}>
            Continuer ma simulation
          </Button>
        </li>
      </ul>
    </>
  );
}
