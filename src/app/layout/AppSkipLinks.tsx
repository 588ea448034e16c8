import { SkipLinks } from "@codegouvfr/react-dsfr/SkipLinks";
import { CONTENT_ID, FOOTER_ID, NAVIGATION_ID } from "./ids";

export function AppSkipLinks() {
  return (
    <SkipLinks
      links={[
        { label: "Contenu", anchor: `#${CONTENT_ID}` },
        { label: "Menu", anchor: `#${NAVIGATION_ID}` },
        { label: "Pied de page", anchor: `#${FOOTER_ID}` },
      ]}
    />
  );
}
