import { Button } from "@codegouvfr/react-dsfr/Button";
import { useLocation, useNavigate } from "react-router-dom";
import { RESULTS_PATH } from "../../domain";
import { openedFromOf } from "../layout/navigationTrail";

/**
 * On every page under the results. Opened from the results, it goes back to them in history:
 * their theme filter, where the visitor had scrolled and the link they followed (focused) are
 * as they left them (src/app/layout/followedLinks.ts).
 */
export function BackToResults() {
  const { key } = useLocation();
  const navigate = useNavigate();
  return (
    <Button
      className="app-no-print fr-mb-3w"
      priority="tertiary"
      iconId="fr-icon-arrow-left-line"
      linkProps={{
        to: RESULTS_PATH,
        onClick: (event) => {
          // Known once the page is shown (src/app/layout/navigationTrail.ts): read on the press.
          if (openedFromOf(key)?.pathname !== RESULTS_PATH) return;
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          void navigate(-1);
        },
      }}
    >
      Retour aux résultats
    </Button>
  );
}
