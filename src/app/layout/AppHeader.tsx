import { Header } from "@codegouvfr/react-dsfr/Header";
import { useLocation } from "react-router-dom";
import { SERVICE_TAGLINE, SERVICE_TITLE } from "../config";
import { useIframeState } from "../iframe/IframeContext";
import { DisplaySettings } from "./DisplaySettings";
import { HEADER_ID } from "./ids";

export function AppHeader() {
  const { pathname } = useLocation();
  const isHome = pathname === "/";
  // Inside an iframe the brand's link opens the simulator in its own window (docs/product.md §1).
  const { inIframe } = useIframeState();
  return (
    <>
      <DisplaySettings />
      <Header
        id={HEADER_ID}
        disableDisplay
        brandTop={
          <>
            République
            <br />
            Française
          </>
        }
        homeLinkProps={
          inIframe
            ? {
                to: "/",
                title: `Accueil - ${SERVICE_TITLE} - nouvelle fenêtre`,
                target: "_blank",
                rel: "noopener",
              }
            : { to: "/", title: `Accueil - ${SERVICE_TITLE}` }
        }
        serviceTitle={SERVICE_TITLE}
        serviceTagline={SERVICE_TAGLINE}
        quickAccessItems={
          isHome
            ? []
            : [
                {
                  iconId: "fr-icon-arrow-go-back-line",
                  text: "Retour à l’accueil du simulateur",
                  linkProps: { to: "/" },
                },
              ]
        }
        navigation={[
          { text: "Accueil", linkProps: { to: "/" }, isActive: isHome },
          {
            text: "Questions fréquentes",
            linkProps: { to: "/faq" },
            isActive: pathname === "/faq",
          },
        ]}
      />
    </>
  );
}
