import { headerFooterDisplayItem } from "@codegouvfr/react-dsfr/Display";
import { Footer } from "@codegouvfr/react-dsfr/Footer";
import { PLATFORM_NAME, PLATFORM_URL } from "../config";
import { FOOTER_ID } from "./ids";

export function AppFooter() {
  return (
    <Footer
      id={FOOTER_ID}
      accessibility="non compliant"
      accessibilityLinkProps={{ to: "/accessibilite" }}
      contentDescription={`Simulateur propulsé par la plateforme ${PLATFORM_NAME}`}
      termsLinkProps={{ to: "/mentions-legales" }}
      bottomItems={[
        {
          text: "Conditions générales d’utilisation",
          linkProps: PLATFORM_URL ? { href: `${PLATFORM_URL}/cgu` } : { to: "/cgu" },
        },
        { text: "Données personnelles", linkProps: { to: "/confidentialite" } },
        { text: "Questions fréquentes", linkProps: { to: "/faq" } },
        { text: "Contact", linkProps: { to: "/contact" } },
        // The display scheme (docs/product.md §4): the DSFR’s "Paramètres d’affichage" dialog, which the DSFR
        // header (or CollapsedHeader) mounts; its button's text with the typographic apostrophe
        // of every other text (react-dsfr's has a straight one), as in the iframe's footer.
        { ...headerFooterDisplayItem, text: "Paramètres d’affichage" },
      ]}
    />
  );
}
