import { fr } from "@codegouvfr/react-dsfr";
import { Link, useLocation } from "react-router-dom";
import { DisplaySettings } from "../layout/DisplaySettings";
import { HEADER_ID, NAVIGATION_ID } from "../layout/ids";

/**
 * The header of an embedding without logo (`data-with-logo=false`): the host page carries the
 * brand, so only the way back to the simulator's home remains, and not on the home page itself.
 */
export function CollapsedHeader() {
  const { pathname } = useLocation();
  // The DSFR header renders the display settings dialog; without it, this header does.
  if (pathname === "/") return <DisplaySettings />;
  return (
    <>
      <DisplaySettings />
      <header id={HEADER_ID} className={fr.cx("fr-container", "fr-py-2w")}>
        <nav id={NAVIGATION_ID} aria-label="Menu principal">
          <ul
            className={fr.cx(
              "fr-btns-group",
              "fr-btns-group--inline-sm",
              "fr-btns-group--icon-left",
            )}
          >
            <li>
              <Link
                to="/"
                className={fr.cx(
                  "fr-btn",
                  "fr-btn--tertiary-no-outline",
                  "fr-icon-arrow-go-back-line",
                )}
              >
                Retour à l’accueil du simulateur
              </Link>
            </li>
            <li>
              <Link to="/faq" className={fr.cx("fr-btn", "fr-btn--tertiary-no-outline")}>
                Questions fréquentes
              </Link>
            </li>
          </ul>
        </nav>
      </header>
    </>
  );
}
