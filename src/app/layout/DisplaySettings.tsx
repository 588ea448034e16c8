// The public `Display` is a no-op since the DSFR header mounts the dialog itself.
import { Display, addDisplayTranslations } from "@codegouvfr/react-dsfr/Display/Display";
import { headerFooterDisplayItem } from "@codegouvfr/react-dsfr/Display";
import { createModal } from "@codegouvfr/react-dsfr/Modal";
import { useHydrated } from "./useHydrated";

const dialogId = headerFooterDisplayItem.buttonProps["aria-controls"];
if (dialogId === undefined) throw new Error("react-dsfr's display settings button names no dialog");

// react-dsfr's French texts of the dialog have straight apostrophes; every other text has `’`.
addDisplayTranslations({
  lang: "fr",
  messages: {
    "display settings": "Paramètres d’affichage",
    "pick a theme": "Choisissez un thème pour personnaliser l’apparence du site.",
  },
});

/** The same dialog, without its pictures: what the server sends and the browser hydrates. */
const pictureless = createModal({ id: dialogId, isOpenedByDefault: false });

/**
 * The display settings dialog (light, dark or system theme), with its pictures once the page is
 * hydrated.
 *
 * Its three pictures are SVG files that the browser fetches as soon as their `<use>` is in the
 * document, even with the dialog closed. In the HTML the server sends (pre-rendered pages, the
 * results) they would download beside the fonts before the page's largest paint, which Lighthouse
 * then counts (13 KB on the simulated mobile network). So the server sends the dialog empty, under
 * the same id, since the footer's button names it (`aria-controls`) from the start. The dialog
 * opens only through the DSFR's script, which loads after the hydration
 * (src/app/dsfr/interaction.ts): by then it is whole.
 */
export function DisplaySettings() {
  return useHydrated() ? (
    <Display />
  ) : (
    <pictureless.Component title="Paramètres d’affichage" size="small">
      {null}
    </pictureless.Component>
  );
}
