import { SkipLinks } from "@codegouvfr/react-dsfr/SkipLinks";
import { useLocation } from "react-router-dom";
import { useIframeState } from "../iframe/IframeContext";
import { CONTENT_ID, FOOTER_ID, NAVIGATION_ID } from "./ids";

export function AppSkipLinks() {
  // An embedding without logo has no menu on its home page (see CollapsedHeader).
  const { iframeHeaderCollapse } = useIframeState();
  const { pathname } = useLocation();
  const hasMenu = !(iframeHeaderCollapse && pathname === "/");
  return (
    <SkipLinks
      links={[
        { label: "Contenu", anchor: `#${CONTENT_ID}` },
        ...(hasMenu ? [{ label: "Menu", anchor: `#${NAVIGATION_ID}` }] : []),
        { label: "Pied de page", anchor: `#${FOOTER_ID}` },
      ]}
    />
  );
}
