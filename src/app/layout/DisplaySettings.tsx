// The public `Display` is a no-op since the DSFR header mounts the dialog itself.
import { Display } from "@codegouvfr/react-dsfr/Display/Display";
import { useHydrated } from "./useHydrated";

/**
 * The display settings dialog (light, dark or system theme), mounted once the page is hydrated.
 *
 * Its three pictures are SVG files that the browser fetches as soon as their `<use>` is in the
 * document, even with the dialog closed. In the HTML the server sends (pre-rendered pages, the
 * results) they would download beside the fonts before the page's largest paint, which Lighthouse
 * then counts (13 KB on the simulated mobile network). After hydration they load once the page has
 * painted. The dialog opens only through the DSFR's script, which loads later still
 * (src/app/dsfr/interaction.ts), so it is always there when its button can open it.
 */
export function DisplaySettings() {
  return useHydrated() ? <Display /> : null;
}
