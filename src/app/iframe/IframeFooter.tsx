import { fr } from "@codegouvfr/react-dsfr";
import { headerFooterDisplayItem } from "@codegouvfr/react-dsfr/Display";
import { PLATFORM_NAME, PLATFORM_URL } from "../config";
import { FOOTER_ID } from "../layout/ids";

/**
 * The footer of an embedded page: the host page has its own, so only the platform's mention, its
 * terms of use (in a new window, out of the frame) and the display settings remain.
 */
export function IframeFooter() {
  const termsUrl = PLATFORM_URL ? `${PLATFORM_URL}/cgu` : "/cgu";
  return (
    <footer id={FOOTER_ID} className={fr.cx("fr-container", "fr-py-2w")}>
      <p className={fr.cx("fr-text--sm", "fr-mb-1w")}>
        Simulateur propulsé par la plateforme {PLATFORM_NAME} —{" "}
        <a
          href={termsUrl}
          target="_blank"
          rel="noopener"
          title="Conditions générales d’utilisation - nouvelle fenêtre"
        >
          Conditions générales d’utilisation
        </a>
      </p>
      <button
        type="button"
        className={fr.cx(
          "fr-btn",
          "fr-btn--tertiary-no-outline",
          "fr-btn--sm",
          "fr-btn--icon-left",
          headerFooterDisplayItem.iconId,
        )}
        {...headerFooterDisplayItem.buttonProps}
      >
        Paramètres d’affichage
      </button>
    </footer>
  );
}
